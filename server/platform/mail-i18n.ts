import { createInstance, type TFunction } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#contract/locale';
import enMail from '../../locales/en/mail.json';
import frMail from '../../locales/fr/mail.json';

/**
 * The e-mails' words: the `mail` namespace of the app's catalogues (locales/<locale>/mail.json), read
 * with i18next as the pages read theirs. Only the server uses this namespace; pages never show it.
 */
const catalogs: Record<Locale, Record<string, unknown>> = { fr: frMail, en: enMail };

const instance = createInstance();
void instance.init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  resources: Object.fromEntries(LOCALES.map((locale) => [locale, { mail: catalogs[locale] }])),
  ns: ['mail'],
  defaultNS: 'mail',
  // React escapes the HTML part; the text part is text.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

const translators = Object.fromEntries(
  LOCALES.map((locale) => [locale, instance.getFixedT(locale, 'mail')]),
) as Record<Locale, TFunction>;

/** The `mail` namespace's translator in `locale`. */
export function mailTranslator(locale: Locale): TFunction {
  return translators[locale];
}

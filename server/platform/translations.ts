import { DEFAULT_LOCALE, LOCALES, type Locale } from '#contract/locale';
import { Translator, type Catalog, type Translate } from '#contract/translator';
import enActivity from '../../locales/en/activity.json';
import enMail from '../../locales/en/mail.json';
import enSpaces from '../../locales/en/spaces.json';
import enStatistics from '../../locales/en/statistics.json';
import frActivity from '../../locales/fr/activity.json';
import frMail from '../../locales/fr/mail.json';
import frSpaces from '../../locales/fr/spaces.json';
import frStatistics from '../../locales/fr/statistics.json';

/**
 * The catalogs the server writes with itself (pages have theirs: app/platform/i18n.server.ts): `mail` for
 * e-mails and invoice PDFs (server only, pages never show it), `activity` for the activity log's CSV, and
 * `statistics` (with `spaces`, for room kinds) for /statistics's CSV and XLSX files.
 * Read with the one catalog reader (contract/translator.ts); a key missing in English reads in French.
 */
const CATALOGS: Record<Locale, Record<string, Catalog>> = {
  fr: { mail: frMail, activity: frActivity, statistics: frStatistics, spaces: frSpaces },
  en: { mail: enMail, activity: enActivity, statistics: enStatistics, spaces: enSpaces },
};

const fallback = new Translator(DEFAULT_LOCALE, CATALOGS[DEFAULT_LOCALE]);
const translators = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    locale === DEFAULT_LOCALE ? fallback : new Translator(locale, CATALOGS[locale], fallback),
  ]),
) as Record<Locale, Translator>;

/** The translation function of one of the server's namespaces in `locale`, made once and shared. */
export function namespaceTranslator(
  locale: Locale,
  namespace: 'mail' | 'activity' | 'statistics',
): Translate {
  return translators[locale].fixed(namespace);
}

/** The `mail` namespace's translation function in `locale`. */
export function mailTranslator(locale: Locale): Translate {
  return namespaceTranslator(locale, 'mail');
}

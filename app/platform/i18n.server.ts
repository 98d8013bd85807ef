import { LOCALES, type Locale } from '#contract/locale';
import { NAMESPACES, registerTranslators, type Namespace } from './i18n';
import { Translator, type Catalog } from '#contract/translator';

// Every catalog, read once when the server build loads (the browser gets the ones its page uses).
const files = import.meta.glob<Catalog>('../../locales/*/*.json', { eager: true, import: 'default' });

/** The pages' catalogs (not the server-only ones, such as `mail`), by language and namespace. */
const catalogs = Object.fromEntries(LOCALES.map((locale) => [locale, {}])) as Record<
  Locale,
  Partial<Record<Namespace, Catalog>>
>;
for (const [file, catalog] of Object.entries(files)) {
  const [, locale, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  const known = catalogs[locale as Locale];
  if (known && (NAMESPACES as readonly string[]).includes(namespace ?? ''))
    known[namespace as Namespace] = catalog;
}

/**
 * One translator per language, made once and shared by every request: rendering reads it and never changes
 * it (a request in another language uses that language's translator).
 */
const translators = Object.fromEntries(
  LOCALES.map((locale) => [locale, new Translator(locale, { ...catalogs[locale] })]),
) as Record<Locale, Translator>;

export function serverTranslator(locale: Locale): Translator {
  return translators[locale];
}

registerTranslators({
  translatorOf: serverTranslator,
  load(translator, namespaces) {
    const missing = namespaces.filter((namespace) => !translator.has(namespace));
    return missing.length
      ? Promise.reject(new Error(`no catalog ${translator.language}/${missing.join(',')}`))
      : Promise.resolve();
  },
});

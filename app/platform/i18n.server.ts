import { createInstance, type i18n as I18n, type Resource, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#contract/locale';
import { i18nOptions, NAMESPACES, registerI18n, type Namespace } from './i18n';

// Every catalog, read once when the server build loads (the browser gets the ones its page uses).
const files = import.meta.glob<ResourceKey>('../locales/*/*.json', { eager: true, import: 'default' });

export const resources: Resource = {};
for (const [file, catalog] of Object.entries(files)) {
  const [, locale, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  if (!locale || !namespace) continue;
  resources[locale] ??= {};
  resources[locale][namespace] = catalog;
}

function createServerI18n(locale: Locale): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    ...i18nOptions(locale),
    fallbackLng: DEFAULT_LOCALE,
    resources,
    ns: Object.keys(resources[DEFAULT_LOCALE] ?? {}),
  });
  return instance;
}

/**
 * One instance per language, made once and shared by every request: rendering reads it and never changes
 * its language (a request in another language uses that language's instance).
 */
const instances = Object.fromEntries(LOCALES.map((locale) => [locale, createServerI18n(locale)])) as Record<
  Locale,
  I18n
>;

export function serverI18n(locale: Locale): I18n {
  return instances[locale];
}

registerI18n(serverI18n);

/** The catalogs of `namespaces` in `locale`, to send inline with a page. */
export function catalogsOf(locale: Locale, namespaces: Iterable<Namespace>) {
  const catalogs: Partial<Record<Namespace, ResourceKey>> = {};
  for (const namespace of namespaces) {
    if ((NAMESPACES as readonly string[]).includes(namespace)) {
      catalogs[namespace] = resources[locale]?.[namespace] ?? {};
    }
  }
  return catalogs;
}

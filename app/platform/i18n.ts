import { createInstance, type i18n as I18n, type InitOptions, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#contract/locale';

type Catalog = Record<string, unknown>;

// Every catalog, `app/locales/<locale>/<namespace>.json`, bundled: they are small and it avoids a request.
const files = import.meta.glob<Catalog>('../locales/*/*.json', { eager: true, import: 'default' });

export const resources: Resource = {};
for (const [file, catalog] of Object.entries(files)) {
  const [, locale, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  if (!locale || !namespace) continue;
  resources[locale] ??= {};
  resources[locale][namespace] = catalog;
}
export const namespaces = [...new Set(Object.values(resources).flatMap((catalogs) => Object.keys(catalogs)))];

function options(locale: Locale): InitOptions {
  return {
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    resources,
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  };
}

/** One i18next instance per request on the server, one per page on the client. */
export function createI18n(locale: Locale): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init(options(locale));
  return instance;
}

/** A translator outside React (page titles in `meta`, e-mails): not bound to any component tree. */
export function createTranslator(locale: Locale) {
  const instance = createInstance();
  void instance.init(options(locale));
  return instance.t;
}

import { createInstance, type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale } from '#contract/locale';
import {
  CATALOGS_SCRIPT_ID,
  i18nOptions,
  NAMESPACES,
  registerI18n,
  type I18nHandle,
  type InlineCatalogs,
  type Namespace,
} from './i18n';

// Each catalog is its own small module, loaded when a page first needs it (never the server-only ones).
const catalogModules = import.meta.glob<ResourceKey>('../locales/*/*.json', { import: 'default' });

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = (NAMESPACES as readonly string[]).includes(namespace)
      ? catalogModules[`../locales/${language}/${namespace}.json`]
      : undefined;
    if (!load) return callback(new Error(`no catalog ${language}/${namespace}`), null);
    load().then(
      (catalog) => callback(null, catalog),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

/** The page's catalogs the server wrote inline (app/platform/i18n-catalogs.tsx). */
function inlineCatalogs(): InlineCatalogs {
  const text = document.getElementById(CATALOGS_SCRIPT_ID)?.textContent;
  const parsed = text ? (JSON.parse(text) as Partial<InlineCatalogs>) : {};
  const lang = document.documentElement.lang;
  return {
    locale: isLocale(parsed.locale) ? parsed.locale : isLocale(lang) ? lang : DEFAULT_LOCALE,
    catalogs: parsed.catalogs ?? {},
  };
}

let instance: I18n | undefined;

/** The browser's one instance, made on first use from the page's inline catalogs. */
export function browserI18n(): I18n {
  if (instance) return instance;
  const { locale, catalogs } = inlineCatalogs();
  const created = createInstance();
  void created
    .use(backend)
    .use(initReactI18next)
    .init({
      ...i18nOptions(locale),
      // Both languages have the same keys (app/locales/catalogs.test.ts): nothing to fall back to.
      fallbackLng: false,
      load: 'currentOnly',
      partialBundledLanguages: true,
      resources: { [locale]: catalogs },
      ns: Object.keys(catalogs),
    });
  instance = created;
  registerI18n(() => created);
  return created;
}

/** Loads `namespaces` of the page's language unless already there (a route module awaits it). */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  const i18n = browserI18n();
  const language = i18n.language;
  const missing = namespaces.filter((namespace) => !i18n.hasResourceBundle(language, namespace));
  return missing.length ? i18n.loadNamespaces(missing).then(() => undefined) : Promise.resolve();
}

/**
 * A route module's top-level `await loadRouteNamespaces(handle)`: its module resolves once its namespaces
 * are there, so React Router renders it (and its `meta`) after a navigation with its words already loaded.
 * On the server every catalog is loaded already.
 */
export function loadRouteNamespaces(handle: I18nHandle): Promise<void> | undefined {
  return import.meta.env.SSR ? undefined : loadNamespaces(handle.i18n);
}

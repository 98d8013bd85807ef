import { useSyncExternalStore, type ReactNode } from 'react';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#contract/locale';
import {
  CATALOGS_SCRIPT_ID,
  NAMESPACES,
  registerTranslators,
  type I18nHandle,
  type InlineCatalogs,
} from './i18n';
import { TranslationProvider } from './translation';
import { Translator, type Catalog } from '#contract/translator';

// Each catalog is its own small module, loaded when a page first needs it (never the server-only ones).
const catalogModules = import.meta.glob<{ default: Catalog }>('./*/*.json', { base: '../../locales' });

const catalogLoads = new Map<string, Promise<Catalog>>();

function loadCatalog(locale: Locale, namespace: string): Promise<Catalog> {
  const id = `${locale}/${namespace}`;
  let load = catalogLoads.get(id);
  if (!load) {
    const module = (NAMESPACES as readonly string[]).includes(namespace)
      ? catalogModules[`./${id}.json`]
      : undefined;
    load = module ? module().then((loaded) => loaded.default) : Promise.reject(new Error(`no catalog ${id}`));
    // A failed load (the network) is tried again by the next page that needs it.
    load.catch(() => catalogLoads.delete(id));
    catalogLoads.set(id, load);
  }
  return load;
}

// The same promise while the same namespaces load: useTranslation suspends on it.
const namespaceLoads = new Map<string, Promise<void>>();

function load(translator: Translator, namespaces: readonly string[]): Promise<void> {
  const missing = namespaces.filter((namespace) => !translator.has(namespace));
  if (!missing.length) return Promise.resolve();
  const id = `${translator.language}:${missing.join(',')}`;
  let loading = namespaceLoads.get(id);
  if (!loading) {
    loading = Promise.all(
      missing.map((namespace) =>
        loadCatalog(translator.language, namespace).then((catalog) => translator.add(namespace, catalog)),
      ),
    ).then(
      () => void namespaceLoads.delete(id),
      (error: unknown) => {
        namespaceLoads.delete(id);
        throw error;
      },
    );
    namespaceLoads.set(id, loading);
  }
  return loading;
}

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

let current: Translator | undefined;
const listeners = new Set<() => void>();

/** The browser's translator, made on first use (entry.client.tsx) from the page's inline catalogs. */
export function browserTranslator(): Translator {
  if (!current) {
    const { locale, catalogs } = inlineCatalogs();
    current = new Translator(locale, { ...catalogs });
    // Here rather than when the module loads: route modules import this one on the server too.
    registerTranslators({ translatorOf: browserTranslatorIn, load });
  }
  return current;
}

// The page's translator whatever the language asked: during a switch, the new language's catalogs are
// still loading and the page's words are the old language's until they are there (switchLanguage).
function browserTranslatorIn(): Translator {
  return browserTranslator();
}

/**
 * Shows the page in `locale` (after the visitor switched): the namespaces held now are loaded in that
 * language first, then every component renders again with the new translator.
 */
export async function switchLanguage(locale: Locale) {
  const before = browserTranslator();
  if (before.language === locale) return;
  const next = new Translator(locale);
  await load(next, before.namespaces());
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Gives the tree the browser's translator, and the new one after a language switch. */
export function BrowserTranslation({ children }: { children: ReactNode }) {
  const translator = useSyncExternalStore(subscribe, browserTranslator, browserTranslator);
  return <TranslationProvider translator={translator}>{children}</TranslationProvider>;
}

/** Loads `namespaces` of the page's language unless already there (a route module awaits it). */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return load(browserTranslator(), namespaces);
}

/**
 * A route module's top-level `await loadRouteNamespaces(handle)`: its module resolves once its namespaces
 * are there, so React Router renders it (and its `meta`) after a navigation with its words already loaded.
 * On the server every catalog is loaded already.
 */
export function loadRouteNamespaces(handle: I18nHandle): Promise<void> | undefined {
  return import.meta.env.SSR ? undefined : loadNamespaces(handle.i18n);
}

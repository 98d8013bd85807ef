import type { Locale } from '#contract/locale';
import type { Catalog, Translate, Translator } from '#contract/translator';

/**
 * The browser's namespaces (`locales/<locale>/<namespace>.json`). A page is sent its visitor's language
 * only, and of it the namespaces of the document (DOCUMENT_NAMESPACES) and of its routes (each route's
 * `handle.i18n`), inline in its HTML; a later navigation loads what its routes add (`loadNamespaces`).
 */
export const NAMESPACES = [
  'activity',
  'admin',
  'auth',
  'backoffice',
  'blog',
  'co2',
  'common',
  'community',
  'consent',
  'content',
  'displays',
  'events',
  'formulas',
  'invoices',
  'onboarding',
  'platform',
  'profile',
  'reservations',
  'search',
  'sepa',
  'spaces',
  'statements',
  'statistics',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** What the document itself uses on every page: header, footer, consent banner, error pages. */
export const DOCUMENT_NAMESPACES: readonly Namespace[] = ['common', 'consent', 'platform', 'auth'];

/** A route module's `handle`: the namespaces its components and its `meta` use beyond the document's. */
export interface I18nHandle {
  i18n: readonly Namespace[];
}

/** The id of the inline `<script type="application/json">` holding the page's catalogs. */
export const CATALOGS_SCRIPT_ID = 'i18n-catalogs';

/** What the server writes in that script: the page's language and, of it, the namespaces sent. */
export interface InlineCatalogs {
  locale: Locale;
  catalogs: Partial<Record<Namespace, Catalog>>;
}

/**
 * How pages get their translator: one per language on the server (every catalog, shared by all requests),
 * one in the browser that loads catalogs as routes need them. Registered by app/platform/i18n.server.ts and
 * app/platform/i18n-browser.tsx.
 */
export interface PageTranslators {
  translatorOf(locale: Locale): Translator;
  /** Resolves once `translator` holds `namespaces` (the same promise while they load). */
  load(translator: Translator, namespaces: readonly string[]): Promise<void>;
}

let registered: PageTranslators | undefined;

export function registerTranslators(translators: PageTranslators) {
  registered = translators;
}

function translators(): PageTranslators {
  if (!registered) throw new Error('no translators registered yet');
  return registered;
}

/** The translator of a language (outside React: page titles in `meta`). */
export function translatorOf(locale: Locale): Translator {
  return translators().translatorOf(locale);
}

/** A translation function outside React (page titles in `meta`), in `locale`; keys carry their namespace. */
export function translatorFor(locale: Locale): Translate {
  return translatorOf(locale).fixed();
}

/** Resolves once `translator` holds `namespaces` (useTranslation suspends on it in the browser). */
export function loadNamespacesOf(translator: Translator, namespaces: readonly string[]): Promise<void> {
  return translators().load(translator, namespaces);
}

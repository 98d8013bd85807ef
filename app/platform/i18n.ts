import type { i18n as I18n, InitOptions, ResourceKey } from 'i18next';
import { LOCALES, type Locale } from '#contract/locale';

/**
 * The browser's namespaces (`app/locales/<locale>/<namespace>.json`). A page is sent its visitor's language
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
  'events',
  'formulas',
  'invoices',
  'onboarding',
  'platform',
  'profile',
  'reservations',
  'search',
  'spaces',
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
  catalogs: Partial<Record<Namespace, ResourceKey>>;
}

export function i18nOptions(locale: Locale): InitOptions {
  return {
    lng: locale,
    supportedLngs: [...LOCALES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  };
}

// One i18next instance per language on the server (all catalogs, shared by every request); one in the
// browser, whatever the language. Registered by entry.server.tsx and entry.client.tsx.
let instanceFor: (locale: Locale) => I18n = () => {
  throw new Error('no i18next instance registered yet');
};

export function registerI18n(lookup: (locale: Locale) => I18n) {
  instanceFor = lookup;
}

/** The instance of a language (outside React: page titles in `meta`). */
export function i18nFor(locale: Locale): I18n {
  return instanceFor(locale);
}

/** A translator outside React (page titles in `meta`), in `locale`. */
export function translatorFor(locale: Locale) {
  return i18nFor(locale).getFixedT(locale);
}

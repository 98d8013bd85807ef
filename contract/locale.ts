export const LOCALES = ['fr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fr';

/** The Intl locale of each language: French of France, English of the United Kingdom (euros, 24-hour clock). */
const INTL_LOCALES: Record<Locale, string> = { fr: 'fr-FR', en: 'en-GB' };

/** The one `'fr'` → `'fr-FR'` mapping; a tag that is no language of ours reads as English, as before. */
export function intlLocaleOf(locale: Locale | string): string {
  return isLocale(locale) ? INTL_LOCALES[locale] : INTL_LOCALES.en;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The cookie the language switch writes: the latest language chosen in this browser. */
export const LOCALE_COOKIE = 'lang';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * A language chosen with the switch. `unsaved`: chosen signed out, so no profile holds it yet; the next
 * sign-in in this browser saves it to the profile (the latest explicit choice wins) and drops the mark.
 */
export interface LocaleChoice {
  locale: Locale;
  unsaved: boolean;
}

const UNSAVED_MARK = '.unsaved';

export function localeCookieValue(choice: LocaleChoice): string {
  return `${choice.locale}${choice.unsaved ? UNSAVED_MARK : ''}`;
}

/** The choice a `lang` cookie value holds (`en`, `en.unsaved`), or null for anything else. */
export function readLocaleChoice(value: string | null | undefined): LocaleChoice | null {
  if (!value) return null;
  const unsaved = value.endsWith(UNSAVED_MARK);
  const locale = unsaved ? value.slice(0, -UNSAVED_MARK.length) : value;
  return isLocale(locale) ? { locale, unsaved } : null;
}

/** The `Set-Cookie` line for a choice: readable by every page of the site, for a year. */
export function localeCookieHeader(choice: LocaleChoice, { secure }: { secure: boolean }): string {
  const attributes = `Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
  return `${LOCALE_COOKIE}=${localeCookieValue(choice)}; ${attributes}`;
}

import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, readLocaleChoice, type Locale } from '#contract/locale';

export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    const value = rest.join('=');
    try {
      return decodeURIComponent(value);
    } catch {
      return value; // a stray `%` is the browser's to send, not a reason to fail the request
    }
  }
  return undefined;
}

/** The first supported language of an `Accept-Language` header, by quality. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { language: tag.toLowerCase().split('-')[0], quality: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLocale);
}

/**
 * The profile's locale, then the `lang` cookie, then `Accept-Language`, then French. The profile can win
 * over the cookie because it holds the latest choice: the switch writes both when signed in, and signing in
 * saves a choice made signed out to the profile.
 */
export function negotiateLocale(input: {
  profileLocale?: Locale | null;
  cookieHeader?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  if (input.profileLocale) return input.profileLocale;
  const choice = readLocaleChoice(readCookie(input.cookieHeader, LOCALE_COOKIE));
  if (choice) return choice.locale;
  return localeFromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LOCALE;
}

import { DEFAULT_LOCALE, isLocale, type Locale } from '#contract/locale';

export const LOCALE_COOKIE = 'lang';

export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
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

/** The profile's locale, then the `lang` cookie, then `Accept-Language`, then French. */
export function negotiateLocale(input: {
  profileLocale?: Locale | null;
  cookieHeader?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  if (input.profileLocale) return input.profileLocale;
  const cookie = readCookie(input.cookieHeader, LOCALE_COOKIE);
  if (isLocale(cookie)) return cookie;
  return localeFromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LOCALE;
}

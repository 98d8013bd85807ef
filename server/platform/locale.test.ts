import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, negotiateLocale, readCookie } from './locale';

describe('locale negotiation', () => {
  it('prefers the signed-in profile over the cookie and the browser', () => {
    expect(negotiateLocale({ profileLocale: 'en', cookieHeader: 'lang=fr', acceptLanguage: 'fr' })).toBe(
      'en',
    );
  });

  it('uses the lang cookie when there is no profile locale', () => {
    expect(negotiateLocale({ cookieHeader: 'a=1; lang=en', acceptLanguage: 'fr-FR' })).toBe('en');
  });

  it('ignores a cookie naming an unsupported language', () => {
    expect(negotiateLocale({ cookieHeader: 'lang=de', acceptLanguage: 'en-GB,en;q=0.8' })).toBe('en');
  });

  it('takes the best supported language of Accept-Language by quality', () => {
    expect(localeFromAcceptLanguage('de-DE,de;q=0.9,en;q=0.8,fr;q=0.7')).toBe('en');
    expect(localeFromAcceptLanguage('en;q=0.5,fr-CA;q=0.9')).toBe('fr');
    expect(localeFromAcceptLanguage('en;q=0,fr;q=0.1')).toBe('fr');
  });

  it('falls back to French', () => {
    expect(negotiateLocale({})).toBe('fr');
    expect(negotiateLocale({ acceptLanguage: 'ja,zh;q=0.9' })).toBe('fr');
  });

  it('reads a choice made signed out, marked unsaved, like any other', () => {
    expect(negotiateLocale({ cookieHeader: 'lang=en.unsaved', acceptLanguage: 'fr' })).toBe('en');
    expect(negotiateLocale({ cookieHeader: 'lang=de.unsaved', acceptLanguage: 'fr' })).toBe('fr');
  });

  it('ignores a cookie that is not valid percent-encoding rather than failing', () => {
    expect(negotiateLocale({ cookieHeader: 'lang=%E0', acceptLanguage: 'en' })).toBe('en');
    expect(readCookie('lang=%E0%', 'lang')).toBe('%E0%');
  });

  it('reads one cookie among several', () => {
    expect(readCookie('x=1; lang=en; y=2', 'lang')).toBe('en');
    expect(readCookie(undefined, 'lang')).toBeUndefined();
  });
});

import type { Locale } from './locale';

/**
 * What a manager or an admin writes in French and in English (a space's description, a formula's name, an
 * event's title, a photo's alternative text): the reader gets their language's text, or the other one when
 * theirs is blank. The one rule for every such pair, on pages, in e-mails and in calendar files.
 */
export function localizedText(
  locale: Locale,
  fr: string | null | undefined,
  en: string | null | undefined,
): string {
  return (languageOfText(locale, fr, en) === 'en' ? en : fr) ?? '';
}

/** The language `localizedText` answers in (a page marks a text in the other language with `lang`). */
export function languageOfText(
  locale: Locale,
  fr: string | null | undefined,
  en: string | null | undefined,
): Locale {
  const blank = (text: string | null | undefined) => !text?.trim();
  if (locale === 'en') return blank(en) && !blank(fr) ? 'fr' : 'en';
  return blank(fr) && !blank(en) ? 'en' : 'fr';
}

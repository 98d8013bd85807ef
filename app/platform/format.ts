import { useSyncExternalStore } from 'react';
import { intlLocaleOf, type Locale } from '#contract/locale';

/** Intl formatters are slow to build and safe to share: one per locale and options. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(intlLocaleOf(locale), options)));
  return format;
}

/** A calendar day (`YYYY-MM-DD`) in words: "lundi 30 mars 2026". Read as a date, never shifted by a zone. */
export function formatCalendarDate(
  day: string,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
): string {
  return dateFormat(locale, { ...options, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

const subscribeNever = () => () => {};

/** The visitor's own zone, known only in the browser (null while rendering on the server). */
export function useVisitorTimeZone(): string | null {
  return useSyncExternalStore(
    subscribeNever,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => null,
  );
}

/** "Lundi 4 mai" from "lundi 4 mai": for the start of a line. */
export function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

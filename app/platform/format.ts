import { useSyncExternalStore } from 'react';
import { intlLocaleOf, type Locale } from '#contract/locale';
import { dateTimeFormat } from '#contract/intl';

/** Formatters are kept by contract/intl.ts, the one cache of them. */
const dateFormat = (locale: Locale, options: Intl.DateTimeFormatOptions) =>
  dateTimeFormat(intlLocaleOf(locale), options);

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

import { useSyncExternalStore } from 'react';
import { dateTimeFormat } from '#contract/intl';
import { intlLocaleOf, type Locale } from '#contract/locale';

/** "mar. 5 janv." for a column of the calendar (a date of the space, never shifted by a zone). */
export function formatDateHeading(locale: Locale, date: string): string {
  return dateTimeFormat(intlLocaleOf(locale), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

const NARROW = '(max-width: 639px)';

function subscribeNarrow(onChange: () => void) {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the screen is narrow (a phone): known only in the browser, false on the server. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribeNarrow,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}

/** A key for one booking attempt: sent again with every retry of that attempt. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

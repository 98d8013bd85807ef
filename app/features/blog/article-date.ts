import { todayIn } from '#contract/dates';
import type { Locale } from '#contract/locale';
import { formatCalendarDate } from '~/platform/format';

/** The blog's dates are Paris's days (Escale's home zone): the same on the server and in any browser. */
export const BLOG_TIME_ZONE = 'Europe/Paris';

/** "8 septembre 2026" / "8 September 2026" for an instant. */
export function formatArticleDate(instant: string, locale: Locale): string {
  const day = todayIn(BLOG_TIME_ZONE, new Date(instant));
  return formatCalendarDate(day, locale, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** The calendar day of an instant, for `<time dateTime>`. */
export function articleDay(instant: string): string {
  return todayIn(BLOG_TIME_ZONE, new Date(instant));
}

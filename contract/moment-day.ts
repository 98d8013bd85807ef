import { dateTimeFormat } from './intl';
import { intlLocaleOf } from './locale';
import { DEFAULT_TIME_ZONE } from './spaces.plain';

/**
 * The calendar day of a moment (`2026-12-15T09:30:00Z`) in Paris, the product's default zone, in the locale's
 * medium form ("15 déc. 2026"): the same on the server and in any browser, whatever its own zone.
 */
export function formatMomentDay(moment: string | Date, locale: string): string {
  return dateTimeFormat(intlLocaleOf(locale), { dateStyle: 'medium', timeZone: DEFAULT_TIME_ZONE }).format(
    new Date(moment),
  );
}

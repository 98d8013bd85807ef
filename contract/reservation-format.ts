import { lastDayOfUse, startOfDayIn } from './dates';
import { dateTimeFormat } from './intl';
import { intlLocaleOf, type Locale } from './locale';

/**
 * Dates and times of reservations as people read them, on pages and in e-mails alike: always in the
 * space's zone (never the machine's or the browser's), in the reader's language. Amounts: money.ts.
 */

/**
 * "dimanche 29 mars 2026" / "Sunday 29 March 2026". Built from parts so every engine (Node, each browser,
 * whatever its ICU version) writes the same text.
 */
export function formatDay(locale: Locale, instant: string | Date, timeZone: string): string {
  return dateTimeFormat(intlLocaleOf(locale), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  })
    .formatToParts(new Date(instant))
    .filter((part) => part.type !== 'literal')
    .map((part) => part.value)
    .join(' ');
}

/**
 * "vendredi 27 novembre 2026": the last day of use of a validity or period whose stored end (`endsAt`, local
 * midnight of the day after) is excluded (contract/dates.ts, `lastDayOfUse`).
 */
export function formatLastDay(locale: Locale, endsAt: string | Date, timeZone: string): string {
  return formatDay(locale, startOfDayIn(lastDayOfUse(endsAt, timeZone), timeZone), timeZone);
}

/** "09:30" in the zone. */
export function formatTime(locale: Locale, instant: string | Date, timeZone: string): string {
  return dateTimeFormat(intlLocaleOf(locale), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(instant));
}

/** "dimanche 29 mars 2026 à 09:00" / "Sunday 29 March 2026 at 09:00": one moment, in the zone. */
export function formatMoment(locale: Locale, instant: string | Date, timeZone: string): string {
  return `${formatDay(locale, instant, timeZone)} ${locale === 'fr' ? 'à' : 'at'} ${formatTime(locale, instant, timeZone)}`;
}

/** "dimanche 29 mars 2026, 09:00 – 10:30" (the end's day too when it is another one). */
export function formatSlot(locale: Locale, startsAt: string, endsAt: string, timeZone: string): string {
  const startDay = formatDay(locale, startsAt, timeZone);
  const endDay = formatDay(locale, endsAt, timeZone);
  const start = formatTime(locale, startsAt, timeZone);
  const end = formatTime(locale, endsAt, timeZone);
  return startDay === endDay ? `${startDay}, ${start} – ${end}` : `${startDay}, ${start} – ${endDay}, ${end}`;
}

/** "Paris" from "Europe/Paris", "New York" from "America/New_York": how a zone is named to people. */
export function zoneCity(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
}

/** "1 h 30" / "1 h 30 min": a length in minutes. */
export function formatDuration(locale: Locale, minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (locale === 'fr')
    return hours === 0
      ? `${rest} min`
      : rest === 0
        ? `${hours} h`
        : `${hours} h ${String(rest).padStart(2, '0')}`;
  return hours === 0 ? `${rest} min` : rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

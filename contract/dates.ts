/**
 * Calendar dates (`YYYY-MM-DD`) and "today", the one definition of each (browser and server alike). A date
 * is a day of a space's calendar, never an instant: these functions count days as numbers on UTC midnights,
 * which no zone or daylight-saving change can shift. The SQL twin of `todayIn`, for a query over spaces of
 * several zones, is `todayInSql` (server/db/calendar-sql.ts).
 */

import { tzOffset } from '@date-fns/tz';
import { dateTimeFormat } from './intl';
import { intlLocaleOf } from './locale';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

function utcMidnightOf(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}

/** Today's date in `timeZone` at `now`: the day a clock on the space's wall shows. */
export function todayIn(timeZone: string, now: Date): string {
  const parts = dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The instant on a wall clock in `timeZone`, to the second, without offset: `2026-11-27T18:05:00`. */
export function wallClockIn(timeZone: string, now: Date): string {
  const parts = dateTimeFormat('en-CA', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${todayIn(timeZone, now)}T${part('hour')}:${part('minute')}:${part('second')}`;
}

/**
 * The last calendar day of a period whose end is excluded, in `timeZone`: what people read as "valid until".
 * A validity, a period or a pause is stored up to the local midnight that starts the day after it (a day
 * pass of Friday 27 November ends at Saturday 28 November 00:00), so its last day of use is the day of the
 * instant just before that end. The one definition of that day, for pages, e-mails, invoices and the ledger.
 */
export function lastDayOfUse(endsAt: string | Date, timeZone: string): string {
  return todayIn(timeZone, new Date(new Date(endsAt).getTime() - 1));
}

/** A date plus `days` (negative: before). */
export function addDays(date: string, days: number): string {
  return new Date(utcMidnightOf(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Calendar days from one date up to another, that one excluded: `2026-05-01` → `2026-05-02` is 1, a date
 * to itself 0 (a pause from its first day to the day the membership resumes). A period with both ends
 * included spans `daysFromUntil(from, to) + 1` days. Counted on UTC midnights: a clock change is no day.
 */
export function daysFromUntil(from: string, until: string): number {
  return Math.round((utcMidnightOf(until) - utcMidnightOf(from)) / DAY_MS);
}

/** The ISO weekday of a date: 1 for Monday … 7 for Sunday (as `space_opening_hours.weekday`). */
export function isoWeekdayOf(date: string): number {
  return new Date(utcMidnightOf(date)).getUTCDay() || 7;
}

/**
 * The instant a wall-clock time of a zone names (`2026-10-25`, `09:30`, `Europe/Paris`): the one definition of
 * "a local date and time in a space's zone → an instant", browser and server alike.
 * - A time the autumn change repeats (02:30 on 25 October 2026 in Paris) is its first pass, summer time.
 * - A time the spring change skips (02:30 on 29 March 2026) is read with the offset before the change, which
 *   lands as far after the jump as it was meant to be after 02:00 (03:30 summer time); a skipped midnight
 *   (Santiago, 6 September 2026) is the moment the clocks jump, 01:00.
 * Callers that must refuse a skipped time compare the answer's wall clock with what was asked
 * (`localToInstant`, contract/events.ts).
 */
export function wallClockInstant(date: string, time: string, timeZone: string): Date {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wallClock = utcMidnightOf(date) + hour * HOUR_MS + minute * MINUTE_MS;
  // The zone's offsets around that wall clock (any zone is within UTC−12…+14): two when the clocks change near it.
  const offsets = [
    ...new Set([
      tzOffset(timeZone, new Date(wallClock - 14 * HOUR_MS)),
      tzOffset(timeZone, new Date(wallClock + 14 * HOUR_MS)),
    ]),
  ];
  const readsBack = (instant: number) =>
    tzOffset(timeZone, new Date(instant)) * MINUTE_MS === wallClock - instant;
  const passes = offsets.map((offset) => wallClock - offset * MINUTE_MS).filter(readsBack);
  return new Date(passes.length ? Math.min(...passes) : wallClock - offsets[0]! * MINUTE_MS);
}

/** The instant a calendar date begins in a zone: its 00:00, or the moment the clocks jump when 00:00 is skipped. */
export function startOfDayIn(date: string, timeZone: string): Date {
  return wallClockInstant(date, '00:00', timeZone);
}

/** A calendar day (`2026-12-15`) in the locale's medium form: "15 déc. 2026", "15 Dec 2026". */
export function formatCalendarDate(date: string, locale: string): string {
  return dateTimeFormat(intlLocaleOf(locale), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

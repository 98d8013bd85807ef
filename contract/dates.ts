/**
 * Calendar dates (`YYYY-MM-DD`) and "today", the one definition of each (browser and server alike). A date
 * is a day of a space's calendar, never an instant: these functions count days as numbers on UTC midnights,
 * which no zone or daylight-saving change can shift. The SQL twin of `todayIn`, for a query over spaces of
 * several zones, is `todayInSql` (server/db/calendar-sql.ts).
 */

import { dateTimeFormat } from './intl';

const DAY_MS = 86_400_000;

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

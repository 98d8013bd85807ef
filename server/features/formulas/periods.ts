import { addDays, startOfDayIn, todayIn } from '#contract/dates';
import type { MembershipPeriod } from '#contract/formulas.plain';

/**
 * The calendar of what a member holds, in the space's zone: periods begin at local midnight, so a month is
 * 31 days long or 28, and a period across the daylight-saving change lasts an hour more or less in UTC.
 */

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The first day of a membership's period `index`, counted from its anchor date, keeping the anchor's day of
 * month where the month has it: 31 January → 28 February → 31 March (never drifting to the 28th).
 */
export function periodStartDate(anchor: string, period: MembershipPeriod, index: number): string {
  const [year, month, day] = anchor.split('-').map(Number) as [number, number, number];
  const months = month - 1 + index * (period === 'year' ? 12 : 1);
  const y = year + Math.floor(months / 12);
  const m = ((months % 12) + 12) % 12;
  const d = Math.min(day, daysInMonth(y, m));
  return `${y}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * A membership period's bounds: [local midnight of its first day, local midnight of the next period's),
 * each `pausedDays` local days later when the member paused before it (a pause moves every later period).
 */
export function membershipPeriod(
  anchor: string,
  period: MembershipPeriod,
  index: number,
  timeZone: string,
  pausedDays = 0,
): { startsAt: Date; endsAt: Date } {
  const day = (at: number) => addDays(periodStartDate(anchor, period, at), pausedDays);
  return {
    startsAt: startOfDayIn(day(index), timeZone),
    endsAt: startOfDayIn(day(index + 1), timeZone),
  };
}

/** An instant at local midnight moved `days` local days later (a pause's length, the same across a clock change). */
export function laterByDays(at: Date, days: number, timeZone: string): Date {
  return startOfDayIn(addDays(todayIn(timeZone, at), days), timeZone);
}

/** A pack's validity: from its start until local midnight `days` days after the day it started. */
export function packValidity(
  startsAt: Date,
  days: number,
  timeZone: string,
): { startsAt: Date; endsAt: Date } {
  return { startsAt, endsAt: startOfDayIn(addDays(todayIn(timeZone, startsAt), days), timeZone) };
}

/** A day pass: the calendar day it starts on, in the space's zone. */
export function dayPassValidity(startsAt: Date, timeZone: string): { startsAt: Date; endsAt: Date } {
  const today = todayIn(timeZone, startsAt);
  return { startsAt: startOfDayIn(today, timeZone), endsAt: startOfDayIn(addDays(today, 1), timeZone) };
}

import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { addDays, isoWeekdayOf, todayIn } from '#contract/dates';
import type { TClosure, TOpeningInterval } from '#contract/spaces';

export interface ScheduledInterval {
  /** Wall-clock times as the space shows them (`24:00` kept as such). */
  opens: string;
  closes: string;
  /** The same as instants, for "open now" and for anyone comparing across zones. */
  startsAt: string;
  endsAt: string;
}

export interface ScheduledDay {
  /** `YYYY-MM-DD` in the space's zone. */
  date: string;
  weekday: number;
  intervals: ScheduledInterval[];
  /** The closure's label when the space is closed that day despite its weekly hours. */
  closure: string | null;
}

function instantOf(date: string, clock: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  // Built from wall-clock parts in the zone: the offset is the one in force that day (DST included);
  // 24:00 rolls over to the next midnight.
  return new Date(new TZDate(year, month - 1, day, hours, minutes, timeZone).getTime());
}

/**
 * The space's hours for `count` days from `now`, day by day in the space's zone: weekly hours, minus
 * closures. Days are counted in the space's zone, so a visitor elsewhere sees the same calendar.
 */
export function upcomingDays(
  hours: TOpeningInterval[],
  closures: TClosure[],
  timeZone: string,
  now: Date,
  count = 7,
): ScheduledDay[] {
  const today = todayIn(timeZone, now);
  return Array.from({ length: count }, (_, offset) => {
    const date = addDays(today, offset);
    const weekday = isoWeekdayOf(date);
    const closure = closures.find((c) => c.startsOn <= date && date <= c.endsOn);
    const intervals = closure
      ? []
      : hours
          .filter((interval) => interval.weekday === weekday)
          .sort((a, b) => a.opens.localeCompare(b.opens))
          .map((interval) => ({
            opens: interval.opens,
            closes: interval.closes,
            startsAt: instantOf(date, interval.opens, timeZone).toISOString(),
            endsAt: instantOf(date, interval.closes, timeZone).toISOString(),
          }));
    return { date, weekday, intervals, closure: closure ? closure.label || '' : null };
  });
}

/** Whether `now` falls in one of the day's open intervals. */
export function isOpenAt(days: ScheduledDay[], now: Date): boolean {
  const instant = now.toISOString();
  return days.some((day) =>
    day.intervals.some((interval) => interval.startsAt <= instant && instant < interval.endsAt),
  );
}

/** An instant's wall-clock time in a zone, `HH:MM`: what a clock in the space shows then. */
export function clockIn(instant: string, timeZone: string): string {
  return format(new TZDate(new Date(instant).getTime(), timeZone), 'HH:mm');
}

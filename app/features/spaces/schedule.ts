import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { addDays, isoWeekdayOf, todayIn } from '#contract/dates';
import type { TClosure, TOpeningInterval } from '#contract/spaces';
import type { ScheduledDay } from './open-now';

export { isOpenAt, type ScheduledDay } from './open-now';

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

/** An instant's wall-clock time in a zone, `HH:MM`: what a clock in the space shows then. */
export function clockIn(instant: string, timeZone: string): string {
  return format(new TZDate(new Date(instant).getTime(), timeZone), 'HH:mm');
}

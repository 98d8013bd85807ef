// A space's days as its loader worked them out (schedule.ts), and whether it is open: without the zone rules,
// which only the server needs.

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

/** Whether `now` falls in one of the day's open intervals. */
export function isOpenAt(days: ScheduledDay[], now: Date): boolean {
  const instant = now.toISOString();
  return days.some((day) =>
    day.intervals.some((interval) => interval.startsAt <= instant && instant < interval.endsAt),
  );
}

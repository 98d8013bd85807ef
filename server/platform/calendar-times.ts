// Times as calendar files (RFC 5545) write them, for every feature that exports a calendar.

/**
 * Whether an instant is the second pass of a wall-clock time the autumn change repeats (02:30 CET on
 * 25 October 2026 in Paris). RFC 5545 reads such a TZID time as its first pass, so it is written in UTC.
 */
export function isRepeatedWallClock(instant: Date, timeZone: string): boolean {
  const wallClock = (at: Date) =>
    new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(at);
  return wallClock(instant) === wallClock(new Date(instant.getTime() - 3_600_000));
}

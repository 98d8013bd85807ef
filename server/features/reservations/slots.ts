import { tzOffset } from '@date-fns/tz';
import { AppError } from '#contract/errors';
import type { SlotState, TInterval } from '#contract/reservations';

/**
 * Start times on a room's step, read on the space's wall clock (09:00, 09:30… local time, every day),
 * turned into instants with the zone's offset of that moment:
 * - a wall-clock time the spring change skips (02:30 on 29 March 2026 in Paris) gives no instant;
 * - one the autumn change repeats (02:30 on 25 October 2026) gives two, summer time then winter time;
 * - on the other 363 days, one offset serves the whole day (no zone lookup per step).
 */
export interface WallClockStart {
  instant: number;
  date: string;
  time: string;
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * The most dates one call lists: far more than any range the contract allows (a few weeks), so only a
 * range that slipped past every check reaches it, and is refused rather than looped over.
 */
export const MAX_LISTED_DATES = 366;

/** Midnight UTC of a `YYYY-MM-DD` date, as a number to count days with (NaN when it is not one). */
function utcMidnightOf(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
}

/**
 * Each date of [from, to] (`YYYY-MM-DD`, both included), as calendar dates. Days are counted as numbers,
 * never compared as text: the day after 9999-12-31 prints as `+010000-01-01`, which sorts before it.
 */
export function datesBetween(from: string, to: string): string[] {
  const first = utcMidnightOf(from);
  const count = (utcMidnightOf(to) - first) / DAY + 1;
  if (!Number.isInteger(count) || count > MAX_LISTED_DATES) {
    throw new AppError('invalid-argument', `Not a range of at most ${MAX_LISTED_DATES} days: ${from}–${to}`);
  }
  return Array.from({ length: Math.max(0, count) }, (_, offset) =>
    new Date(first + offset * DAY).toISOString().slice(0, 10),
  );
}

export function wallClockStarts(
  from: string,
  to: string,
  timeZone: string,
  stepMinutes: number,
): WallClockStart[] {
  const starts: WallClockStart[] = [];
  for (const date of datesBetween(from, to)) {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const midnight = Date.UTC(y, m - 1, d);
    // Offsets around the local day (any zone is within UTC−12…+14): equal unless the clocks change that day.
    const offsets = [
      ...new Set([
        tzOffset(timeZone, new Date(midnight - 14 * HOUR)),
        tzOffset(timeZone, new Date(midnight + 36 * HOUR)),
      ]),
    ];
    const day: WallClockStart[] = [];
    for (let minute = 0; minute < 1440; minute += stepMinutes) {
      const wallClock = midnight + minute * MINUTE;
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      for (const offset of offsets) {
        const instant = wallClock - offset * MINUTE;
        if (offsets.length === 1 || tzOffset(timeZone, new Date(instant)) === offset) {
          day.push({ instant, date, time });
        }
      }
    }
    starts.push(...day.sort((a, b) => a.instant - b.instant));
  }
  return starts;
}

interface Span {
  start: number;
  end: number;
}

const spansOf = (intervals: TInterval[]): Span[] =>
  intervals.map((interval) => ({ start: Date.parse(interval.start), end: Date.parse(interval.end) }));

export interface SlotRules {
  stepMinutes: number;
  minDurationMinutes: number;
  /** The latest instant a booking may start (now + horizon). */
  latestStart: number;
}

/**
 * Each start inside opening hours with its state: `free` when a booking of the minimum length fits in the
 * free time, `booked` when a reservation holds that step, `unavailable` otherwise.
 */
export function classifyStarts(
  starts: WallClockStart[],
  time: { open: TInterval[]; free: TInterval[]; booked: TInterval[] },
  rules: SlotRules,
): Array<WallClockStart & { state: SlotState }> {
  const open = spansOf(time.open);
  const free = spansOf(time.free);
  const booked = spansOf(time.booked);
  const minimum = rules.minDurationMinutes * MINUTE;
  const step = rules.stepMinutes * MINUTE;
  return starts
    .filter((start) => open.some((span) => span.start <= start.instant && start.instant < span.end))
    .map((start) => {
      const t = start.instant;
      const fits = t <= rules.latestStart && free.some((span) => span.start <= t && t + minimum <= span.end);
      const held = booked.some((span) => span.start < t + step && t < span.end);
      return { ...start, state: fits ? 'free' : held ? 'booked' : 'unavailable' };
    });
}

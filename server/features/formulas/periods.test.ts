import { describe, expect, it } from 'vitest';
import { lastDayOfUse } from '#contract/dates';
import { formatLastDay } from '#contract/reservation-format';
import { dayPassValidity, membershipPeriod, packValidity } from './periods';

/**
 * What people read as a validity's or a period's last day (issue 28): the stored end is the local midnight
 * starting the next day, the day shown is the one before it. The clock is the fixed `bought` instant.
 */
const PARIS = 'Europe/Paris';

describe('lastDayOfUse', () => {
  it('shows a day pass bought on Friday 27 November as valid on that Friday only', () => {
    const bought = new Date('2026-11-27T09:15:00Z');
    const pass = dayPassValidity(bought, PARIS);
    expect(pass.endsAt.toISOString()).toBe('2026-11-27T23:00:00.000Z'); // stored: Saturday 00:00 in Paris
    expect(lastDayOfUse(pass.endsAt, PARIS)).toBe('2026-11-27');
    expect(formatLastDay('fr', pass.endsAt, PARIS)).toBe('vendredi 27 novembre 2026');
    expect(formatLastDay('en', pass.endsAt.toISOString(), PARIS)).toBe('Friday 27 November 2026');
  });

  it('keeps the last day on the daylight-saving day, when that day lasts 23 or 25 hours', () => {
    // A day pass on Sunday 29 March 2026 (Paris moves to UTC+2 at 02:00) ends at Monday 00:00, UTC+2.
    const spring = dayPassValidity(new Date('2026-03-29T10:00:00Z'), PARIS);
    expect(spring.endsAt.toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(lastDayOfUse(spring.endsAt, PARIS)).toBe('2026-03-29');
    // Sunday 25 October 2026 (back to UTC+1 at 03:00): the day ends at Monday 00:00, UTC+1.
    const autumn = dayPassValidity(new Date('2026-10-25T10:00:00Z'), PARIS);
    expect(autumn.endsAt.toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(lastDayOfUse(autumn.endsAt, PARIS)).toBe('2026-10-25');
    // A 10-day pack bought on Saturday 21 March 2026 crosses the change: its tenth day is Monday 30 March.
    const pack = packValidity(new Date('2026-03-21T16:00:00Z'), 10, PARIS);
    expect(lastDayOfUse(pack.endsAt, PARIS)).toBe('2026-03-30');
  });

  it('ends a month’s membership period on the day before the next one starts, at a month’s end too', () => {
    // Anchored on 31 January: the first period ends on 27 February, the 28th being the next period's first day.
    const january = membershipPeriod('2026-01-31', 'month', 0, PARIS);
    expect(lastDayOfUse(january.endsAt, PARIS)).toBe('2026-02-27');
    const february = membershipPeriod('2026-01-31', 'month', 1, PARIS);
    expect(lastDayOfUse(february.endsAt, PARIS)).toBe('2026-03-30');
    // Anchored on the 1st: a period is its calendar month, its last day the month's last (30 November).
    const november = membershipPeriod('2026-11-01', 'month', 0, PARIS);
    expect(lastDayOfUse(november.endsAt, PARIS)).toBe('2026-11-30');
    expect(formatLastDay('fr', november.endsAt, PARIS)).toBe('lundi 30 novembre 2026');
    // A year's end.
    const december = membershipPeriod('2026-12-01', 'month', 0, PARIS);
    expect(lastDayOfUse(december.endsAt, PARIS)).toBe('2026-12-31');
  });

  it('reads the day in the space’s zone, not UTC’s nor the machine’s', () => {
    const pass = dayPassValidity(new Date('2026-11-27T20:00:00Z'), 'America/New_York');
    expect(pass.endsAt.toISOString()).toBe('2026-11-28T05:00:00.000Z');
    expect(lastDayOfUse(pass.endsAt, 'America/New_York')).toBe('2026-11-27');
    expect(lastDayOfUse(pass.endsAt, 'UTC')).toBe('2026-11-28');
  });
});

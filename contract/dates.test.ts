import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysFromUntil,
  isoWeekdayOf,
  startOfDayIn,
  todayIn,
  wallClockIn,
  wallClockInstant,
} from './dates';

describe('daysFromUntil', () => {
  it('counts the days up to the second date, that one excluded', () => {
    expect(daysFromUntil('2026-05-01', '2026-05-01')).toBe(0);
    expect(daysFromUntil('2026-05-01', '2026-05-02')).toBe(1);
    expect(daysFromUntil('2026-05-02', '2026-05-01')).toBe(-1);
    // Across both of Paris's clock changes and a year's end, a day is a day.
    expect(daysFromUntil('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysFromUntil('2026-10-24', '2026-10-26')).toBe(2);
    expect(daysFromUntil('2026-12-31', '2027-01-01')).toBe(1);
  });
});

describe('todayIn', () => {
  it('is the date on the wall of the zone, not the machine’s nor UTC’s', () => {
    // 23:30 UTC on 31 December 2026 is already 1 January in Paris, still 31 December in New York.
    const now = new Date('2026-12-31T23:30:00Z');
    expect(todayIn('Europe/Paris', now)).toBe('2027-01-01');
    expect(todayIn('America/New_York', now)).toBe('2026-12-31');
    expect(todayIn('UTC', now)).toBe('2026-12-31');
    expect(wallClockIn('Europe/Paris', now)).toBe('2027-01-01T00:30:00');
  });

  it('changes day at the zone’s midnight on a daylight-saving day', () => {
    // Sunday 29 March 2026, Paris moves from UTC+1 to UTC+2 at 02:00.
    expect(todayIn('Europe/Paris', new Date('2026-03-28T22:59:00Z'))).toBe('2026-03-28');
    expect(todayIn('Europe/Paris', new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    expect(todayIn('Europe/Paris', new Date('2026-03-29T21:59:00Z'))).toBe('2026-03-29');
    expect(todayIn('Europe/Paris', new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
  });
});

describe('addDays and isoWeekdayOf', () => {
  it('count calendar days across months, years and clock changes', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-10-25', -7)).toBe('2026-10-18');
  });

  it('names Monday 1 and Sunday 7', () => {
    expect(isoWeekdayOf('2026-03-30')).toBe(1);
    expect(isoWeekdayOf('2026-03-29')).toBe(7);
    expect(isoWeekdayOf('2027-01-01')).toBe(5);
  });
});

describe('wallClockInstant and startOfDayIn', () => {
  const PARIS = 'Europe/Paris';

  it('read a wall-clock time with the zone’s offset of that moment', () => {
    expect(wallClockInstant('2027-01-05', '09:30', PARIS).toISOString()).toBe('2027-01-05T08:30:00.000Z');
    expect(wallClockInstant('2027-07-05', '09:30', PARIS).toISOString()).toBe('2027-07-05T07:30:00.000Z');
    expect(wallClockInstant('2027-07-05', '23:45', 'America/New_York').toISOString()).toBe(
      '2027-07-06T03:45:00.000Z',
    );
  });

  it('take the first pass of a time the autumn change repeats, and move a skipped one past the jump', () => {
    // 25 October 2026: 02:30 happens at 00:30 UTC (summer time), then again at 01:30 UTC.
    expect(wallClockInstant('2026-10-25', '02:30', PARIS).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    // 29 March 2026: 02:00–03:00 does not exist; 02:30 reads as 03:30 summer time.
    expect(wallClockInstant('2026-03-29', '02:30', PARIS).toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('know when each day begins, 23- and 25-hour days included', () => {
    expect(startOfDayIn('2026-03-29', PARIS).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfDayIn('2026-03-30', PARIS).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfDayIn('2026-10-26', PARIS).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    // Santiago skipped midnight in September 2026: the day begins at 01:00 local, 04:00 UTC.
    expect(startOfDayIn('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });
});

import { describe, expect, it } from 'vitest';
import type { TOpeningInterval } from '#contract/spaces';
import { clockIn, isOpenAt, upcomingDays } from './schedule';

const PARIS = 'Europe/Paris';
const weekdays = (opens: string, closes: string): TOpeningInterval[] =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens, closes }));

describe('opening hours across the daylight-saving changes in Europe/Paris', () => {
  it('shows 09:00-19:00 every day around the last Sunday of March 2026, an hour earlier in UTC after it', () => {
    const days = upcomingDays(weekdays('09:00', '19:00'), [], PARIS, new Date('2026-03-28T12:00:00Z'), 3);
    expect(days.map((day) => [day.date, day.weekday])).toEqual([
      ['2026-03-28', 6],
      ['2026-03-29', 7],
      ['2026-03-30', 1],
    ]);
    expect(days.map((day) => day.intervals[0]?.startsAt)).toEqual([
      '2026-03-28T08:00:00.000Z', // UTC+1
      '2026-03-29T07:00:00.000Z', // UTC+2 from 02:00 that night
      '2026-03-30T07:00:00.000Z',
    ]);
    for (const day of days) {
      const interval = day.intervals[0]!;
      expect([clockIn(interval.startsAt, PARIS), clockIn(interval.endsAt, PARIS)]).toEqual([
        '09:00',
        '19:00',
      ]);
    }
  });

  it('shows the same wall-clock hours around the last Sunday of October 2026, an hour later in UTC after it', () => {
    const days = upcomingDays(weekdays('09:00', '19:00'), [], PARIS, new Date('2026-10-24T12:00:00Z'), 3);
    expect(days.map((day) => day.intervals[0]?.startsAt)).toEqual([
      '2026-10-24T07:00:00.000Z', // UTC+2
      '2026-10-25T08:00:00.000Z', // UTC+1 from 03:00 that night
      '2026-10-26T08:00:00.000Z',
    ]);
    for (const day of days) {
      expect(clockIn(day.intervals[0]!.startsAt, PARIS)).toBe('09:00');
      expect(day.intervals[0]).toMatchObject({ opens: '09:00', closes: '19:00' });
    }
  });

  it('counts a whole day that lasts 23 or 25 hours', () => {
    const [march] = upcomingDays(weekdays('00:00', '24:00'), [], PARIS, new Date('2026-03-29T10:00:00Z'), 1);
    const [october] = upcomingDays(
      weekdays('00:00', '24:00'),
      [],
      PARIS,
      new Date('2026-10-25T10:00:00Z'),
      1,
    );
    const hours = (i: { startsAt: string; endsAt: string }) =>
      (Date.parse(i.endsAt) - Date.parse(i.startsAt)) / 3_600_000;
    expect(hours(march!.intervals[0]!)).toBe(23);
    expect(hours(october!.intervals[0]!)).toBe(25);
    expect(october!.intervals[0]).toMatchObject({ opens: '00:00', closes: '24:00' });
  });

  it('counts days in the space’s zone, not the visitor’s: 23:30 UTC on Saturday is already Sunday in Paris', () => {
    const [first] = upcomingDays(weekdays('09:00', '19:00'), [], PARIS, new Date('2026-03-28T23:30:00Z'), 1);
    expect(first?.date).toBe('2026-03-29');
  });
});

describe('closures and "open now"', () => {
  const hours: TOpeningInterval[] = [
    { weekday: 1, opens: '09:00', closes: '12:30' },
    { weekday: 1, opens: '13:30', closes: '18:30' },
  ];

  it('lists several intervals a day and closes a day covered by a closure', () => {
    const closures = [{ startsOn: '2026-04-06', endsOn: '2026-04-06', label: 'Lundi de Pâques' }];
    const days = upcomingDays(hours, closures, PARIS, new Date('2026-03-30T06:00:00Z'), 8);
    expect(days[0]?.intervals.map((i) => `${i.opens}-${i.closes}`)).toEqual(['09:00-12:30', '13:30-18:30']);
    expect(days[7]).toMatchObject({ date: '2026-04-06', intervals: [], closure: 'Lundi de Pâques' });
  });

  it('is open during an interval, closed over lunch', () => {
    const days = upcomingDays(hours, [], PARIS, new Date('2026-03-30T06:00:00Z'), 1);
    expect(isOpenAt(days, new Date('2026-03-30T08:00:00Z'))).toBe(true); // 10:00 in Paris
    expect(isOpenAt(days, new Date('2026-03-30T10:45:00Z'))).toBe(false); // 12:45
    expect(isOpenAt(days, new Date('2026-03-30T16:29:00Z'))).toBe(true); // 18:29
  });
});

import { describe, expect, it } from 'vitest';
import { classifyStarts, datesBetween, MAX_LISTED_DATES, wallClockStarts } from './slots';

const PARIS = 'Europe/Paris';

describe('the dates of a range', () => {
  it('end on the last day even when the next one prints past year 9999', () => {
    expect(datesBetween('9999-12-30', '9999-12-31')).toEqual(['9999-12-30', '9999-12-31']);
  });

  it('cross a month and a leap day', () => {
    expect(datesBetween('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
  });

  it('are none for a reversed range, and a range too long to list is refused rather than looped over', () => {
    expect(datesBetween('2027-01-02', '2027-01-01')).toEqual([]);
    expect(() => datesBetween('2000-01-01', '2099-12-31')).toThrow(
      expect.objectContaining({ code: 'invalid-argument' }),
    );
    expect(datesBetween('2027-01-01', '2027-12-31').length).toBeLessThanOrEqual(MAX_LISTED_DATES);
  });
});

describe('wall-clock starts', () => {
  it('cut an ordinary day of Paris into its steps, at the offset of the day', () => {
    const starts = wallClockStarts('2027-01-05', '2027-01-05', PARIS, 60);
    expect(starts).toHaveLength(24);
    expect(starts[9]).toEqual({
      instant: Date.parse('2027-01-05T08:00:00Z'),
      date: '2027-01-05',
      time: '09:00',
    });
  });

  it('skip the hour the March change removes and repeat the one the October change adds', () => {
    const march = wallClockStarts('2026-03-29', '2026-03-29', PARIS, 30).map((s) => s.time);
    expect(march).toHaveLength(46);
    expect(march.slice(3, 6)).toEqual(['01:30', '03:00', '03:30']);
    const october = wallClockStarts('2026-10-25', '2026-10-25', PARIS, 30);
    expect(october).toHaveLength(50);
    expect(october.slice(4, 8).map((s) => [s.time, new Date(s.instant).toISOString()])).toEqual([
      ['02:00', '2026-10-25T00:00:00.000Z'],
      ['02:30', '2026-10-25T00:30:00.000Z'],
      ['02:00', '2026-10-25T01:00:00.000Z'],
      ['02:30', '2026-10-25T01:30:00.000Z'],
    ]);
  });

  it('keep steps that do not divide an hour on the wall clock after a change (45 minutes)', () => {
    const times = wallClockStarts('2026-03-29', '2026-03-29', PARIS, 45).map((s) => s.time);
    expect(times).toContain('03:45');
    expect(times).toContain('23:15');
    expect(times).not.toContain('02:15');
  });
});

describe('start states', () => {
  it('are free when the minimum fits, booked when held, unavailable otherwise, and only within opening hours', () => {
    const starts = wallClockStarts('2027-01-05', '2027-01-05', PARIS, 60);
    const at = (time: string) => `2027-01-05T${time}:00.000Z`;
    const states = classifyStarts(
      starts,
      {
        open: [{ start: at('07:00'), end: at('19:00') }],
        free: [
          { start: at('07:00'), end: at('08:30') },
          { start: at('11:00'), end: at('19:00') },
        ],
        booked: [{ start: at('09:00'), end: at('10:00') }],
      },
      { stepMinutes: 60, minDurationMinutes: 60, latestStart: Date.parse(at('17:00')) },
    );
    expect(Object.fromEntries(states.map((s) => [s.time, s.state]))).toEqual({
      '08:00': 'free',
      '09:00': 'unavailable',
      '10:00': 'booked',
      '11:00': 'unavailable',
      '12:00': 'free',
      '13:00': 'free',
      '14:00': 'free',
      '15:00': 'free',
      '16:00': 'free',
      '17:00': 'free',
      '18:00': 'free',
      '19:00': 'unavailable',
    });
  });
});

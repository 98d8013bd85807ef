import { describe, expect, it } from 'vitest';
import { addDays, isoWeekdayOf, todayIn } from './dates';

describe('todayIn', () => {
  it('is the date on the wall of the zone, not the machine’s nor UTC’s', () => {
    // 23:30 UTC on 31 December 2026 is already 1 January in Paris, still 31 December in New York.
    const now = new Date('2026-12-31T23:30:00Z');
    expect(todayIn('Europe/Paris', now)).toBe('2027-01-01');
    expect(todayIn('America/New_York', now)).toBe('2026-12-31');
    expect(todayIn('UTC', now)).toBe('2026-12-31');
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

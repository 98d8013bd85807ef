import { describe, expect, it } from 'vitest';
import { formatMomentDay } from './moment-day';

describe('formatMomentDay', () => {
  it("gives a moment's day in Paris, whatever the process's own zone", () => {
    // 23:30 in UTC on 15 December is already the 16th in Paris (UTC+1 in winter).
    expect(formatMomentDay('2026-12-15T23:30:00Z', 'fr')).toBe('16 déc. 2026');
    expect(formatMomentDay(new Date('2026-12-15T23:30:00Z'), 'en')).toBe('16 Dec 2026');
    // 22:30 in UTC on 30 June is 00:30 on 1 July in Paris (UTC+2 in summer).
    expect(formatMomentDay('2026-06-30T22:30:00Z', 'fr')).toBe('1 juil. 2026');
  });
});

import { describe, expect, it } from 'vitest';
import { firstFortnightOf } from './booking-panel';

/** The fortnight the room page's loader sends must be the one the panel first shows, or the panel asks again. */
describe('firstFortnightOf', () => {
  const PARIS = 'Europe/Paris';

  it('starts today in the space’s zone without a searched date, for 14 days', () => {
    expect(firstFortnightOf({}, PARIS, new Date('2026-11-28T11:00:00Z'))).toEqual({
      from: '2026-11-28',
      to: '2026-12-11',
    });
  });

  it('reads today in the space’s zone, not the server’s', () => {
    // 23:30 UTC is already the next day in Paris, and still the day before in New York.
    const now = new Date('2026-11-28T23:30:00Z');
    expect(firstFortnightOf({}, PARIS, now).from).toBe('2026-11-29');
    expect(firstFortnightOf({}, 'America/New_York', now).from).toBe('2026-11-28');
  });

  it('starts on a searched date to come, and today for a past one', () => {
    const now = new Date('2026-11-28T11:00:00Z');
    expect(firstFortnightOf({ date: '2026-12-24' }, PARIS, now)).toEqual({
      from: '2026-12-24',
      to: '2027-01-06',
    });
    expect(firstFortnightOf({ date: '2026-11-01' }, PARIS, now).from).toBe('2026-11-28');
  });
});

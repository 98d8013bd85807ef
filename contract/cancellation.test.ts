import { describe, expect, it } from 'vitest';
import { freeCancellationOf, startsInsideFreeCancellationWindow } from './cancellation';

const START = '2027-03-03T09:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('the free-cancellation limit', () => {
  it('of a confirmed booking is the space’s hours before its start, open until that very instant', () => {
    expect(
      freeCancellationOf({ status: 'confirmed', startsAt: START }, 24, at('2027-03-01T12:00:00Z')),
    ).toEqual({ until: at('2027-03-02T09:00:00Z'), passed: false });
    expect(
      freeCancellationOf({ status: 'confirmed', startsAt: START }, 24, at('2027-03-02T09:00:00Z'))?.passed,
    ).toBe(false);
    expect(
      freeCancellationOf({ status: 'confirmed', startsAt: START }, 24, at('2027-03-02T09:00:01Z'))?.passed,
    ).toBe(true);
  });

  it('of a pending request is its start, whatever the space’s hours', () => {
    expect(
      freeCancellationOf({ status: 'pending', startsAt: START }, 48, at('2027-03-03T08:00:00Z')),
    ).toEqual({
      until: at(START),
      passed: false,
    });
  });

  it('is the start itself when the space lets members cancel until the last minute', () => {
    expect(
      freeCancellationOf({ status: 'confirmed', startsAt: START }, 0, at('2027-03-03T08:59:00Z')),
    ).toEqual({ until: at(START), passed: false });
  });

  it('does not exist for a reservation that is no longer active', () => {
    for (const status of ['cancelled', 'declined', 'completed', 'no_show']) {
      expect(freeCancellationOf({ status, startsAt: START }, 24, at('2027-03-01T00:00:00Z'))).toBeNull();
    }
  });

  it('counts real hours across the autumn clock change (a 25-hour Sunday in Paris)', () => {
    // 26 October 2026, 09:00 in Paris is 08:00 UTC; 24 real hours before is 25 October 08:00 UTC, 09:00 CET.
    expect(
      freeCancellationOf(
        { status: 'confirmed', startsAt: '2026-10-26T08:00:00Z' },
        24,
        at('2026-10-20T00:00Z'),
      )?.until,
    ).toEqual(at('2026-10-25T08:00:00Z'));
  });
});

describe('a slot inside the free-cancellation window', () => {
  it('is one that starts within the space’s hours from now', () => {
    const now = at('2027-03-02T12:00:00Z');
    expect(startsInsideFreeCancellationWindow(START, 24, now)).toBe(true);
    expect(startsInsideFreeCancellationWindow(START, 21, now)).toBe(false);
    expect(startsInsideFreeCancellationWindow(START, 0, now)).toBe(false);
    expect(startsInsideFreeCancellationWindow('2027-03-04T12:00:00Z', 24, now)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { displayStatusOf, minutesUntil, type TDisplayItem } from './door-displays.plain';

const at = (time: string) => new Date(`2027-05-04T${time}:00Z`);
function item(id: string, from: string, to: string, extra: Partial<TDisplayItem> = {}): TDisplayItem {
  return {
    id,
    kind: 'booking',
    startsAt: at(from).toISOString(),
    endsAt: at(to).toISOString(),
    title: null,
    released: false,
    checkedIn: false,
    checkIn: { opensAt: at(from).toISOString(), closesAt: at(to).toISOString() },
    ...extra,
  };
}

describe('what a door display says', () => {
  const agenda = [item('a', '10:00', '11:00'), item('b', '11:00', '11:30'), item('c', '14:00', '15:00')];

  it('is free until the next booking starts, and busy from its first minute', () => {
    expect(displayStatusOf(agenda, at('09:59'))).toMatchObject({ phase: 'free', changeAt: at('10:00') });
    expect(displayStatusOf(agenda, at('10:00'))).toMatchObject({ phase: 'busy', current: { id: 'a' } });
  });

  it('keeps back-to-back bookings busy until the last one ends, free soon in its last 15 minutes', () => {
    expect(displayStatusOf(agenda, at('10:30'))).toMatchObject({ phase: 'busy', changeAt: at('11:30') });
    expect(displayStatusOf(agenda, at('11:14'))).toMatchObject({ phase: 'busy' });
    expect(displayStatusOf(agenda, at('11:15'))).toMatchObject({ phase: 'free-soon', current: { id: 'b' } });
  });

  it('is free for the rest of the day after the last booking', () => {
    expect(displayStatusOf(agenda, at('15:00'))).toMatchObject({ phase: 'free', next: null, changeAt: null });
  });

  it('frees the slot of a released booking, and offers a check-in only while it is open and not done', () => {
    const released = [item('a', '10:00', '11:00', { released: true })];
    expect(displayStatusOf(released, at('10:30'))).toMatchObject({ phase: 'free', checkInTarget: null });
    expect(displayStatusOf(agenda, at('10:05')).checkInTarget?.id).toBe('a');
    const done = [item('a', '10:00', '11:00', { checkedIn: true })];
    expect(displayStatusOf(done, at('10:05')).checkInTarget).toBeNull();
    expect(displayStatusOf(agenda, at('09:59')).checkInTarget).toBeNull();
  });

  it('counts minutes up to the change', () => {
    expect(minutesUntil(at('10:00'), new Date(at('09:58').getTime() + 30_000))).toBe(2);
    expect(minutesUntil(at('10:00'), at('10:05'))).toBe(0);
  });
});

describe('the display’s operation named without its schema', () => {
  it('names the operation its type says', async () => {
    const { checkInAtDisplay } = await import('./door-displays');
    const { checkInAtDisplayRef } = await import('./door-displays.plain');
    expect(checkInAtDisplayRef.name).toBe(checkInAtDisplay.name);
  });
});

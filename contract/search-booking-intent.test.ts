import { describe, expect, it } from 'vitest';
import { bookingIntentOf, bookingQueryOf } from './search';

describe('the booking intent a search carries to a space and a room', () => {
  it('keeps date, time, length and people, and nothing else of the search', () => {
    const intent = bookingIntentOf(
      new URLSearchParams(
        'city=Paris&date=2026-03-09&time=10:00&duration=90&people=3&kind=desk&sort=name_asc',
      ),
    );
    expect(intent).toEqual({ date: '2026-03-09', time: '10:00', duration: 90, people: 3 });
    expect(bookingQueryOf(intent)).toBe('?date=2026-03-09&time=10%3A00&duration=90&people=3');
  });

  it('drops what does not validate, and a time without a date', () => {
    expect(bookingIntentOf(new URLSearchParams('date=2026-02-31&time=10:00&people=lots'))).toEqual({
      date: undefined,
      time: undefined,
      duration: undefined,
      people: undefined,
    });
    expect(bookingQueryOf(bookingIntentOf(new URLSearchParams('city=Lyon')))).toBe('');
  });
});

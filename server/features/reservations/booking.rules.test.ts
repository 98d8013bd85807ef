// @databases pglite postgres
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#contract/errors';
import { priceBooking } from '#contract/pricing';
import type { TReservation, TRoomAvailability } from '#contract/reservations';
import { featureTestFile } from '../../../tests/support/feature-test-file';
import { localInstant, reservationsRouter } from './reservations.fixtures';
import { insertPerson, insertRoom, insertSpace, type TestPerson } from '../../db/factories.fixtures';

// Monday 4 January 2027, 08:00 in Paris. Bookings below are on Tuesday 5 January unless said otherwise.
const { database, call } = featureTestFile(reservationsRouter, '2027-01-04T08:00');
let member: TestPerson;
let spaceId: string;

beforeAll(async () => {
  member = await insertPerson(database.db);
  // Open every day 08:00–20:00 except Sundays; closed on Friday 8 January 2027.
  spaceId = await insertSpace(database.db, {
    hours: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '08:00', closes: '20:00' })),
    closures: [{ startsOn: '2027-01-08', endsOn: '2027-01-08' }],
  });
});

function book(
  roomId: string,
  from: string,
  to: string,
  options: { attendees?: number; key?: string; person?: TestPerson; anyDesk?: boolean } = {},
) {
  return call<TReservation>(options.person ?? member, 'reservations.create', {
    roomId,
    startsAt: localInstant(from),
    endsAt: localInstant(to),
    attendees: options.attendees ?? 2,
    title: 'Point équipe',
    idempotencyKey: options.key ?? randomUUID(),
    anyDesk: options.anyDesk ?? false,
  });
}

async function refusalOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, reason: error.details?.reason, details: error.details };
  }
  throw new Error('expected a refusal');
}

describe('a booking that respects every rule', () => {
  it('is confirmed, priced on the server with VAT shown, and keeps the wall-clock times of Paris', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    const reservation = await book(roomId, '2027-01-05T09:00', '2027-01-05T12:00');
    expect(reservation.status).toBe('confirmed');
    expect(reservation.startsAt).toBe('2027-01-05T08:00:00.000Z');
    expect(reservation.endsAt).toBe('2027-01-05T11:00:00.000Z');
    // 3 h at 40 € HT is cheaper than the half-day (140 €) and the day (250 €).
    expect(reservation.price).toEqual({
      basis: 'hourly',
      minutes: 180,
      exclVatCents: 12_000,
      vatCents: 2_400,
      totalCents: 14_400,
      vatRateBasisPoints: 2000,
      currency: 'EUR',
    });
    expect(reservation.canCancel).toBe(true);
  });

  it('is priced at the half-day rate when that is cheaper than the hours', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    const reservation = await book(roomId, '2027-01-05T09:00', '2027-01-05T13:00');
    expect(reservation.price.basis).toBe('half_day');
    expect(reservation.price.exclVatCents).toBe(14_000);
    expect(reservation.price.totalCents).toBe(16_800);
    const prices = {
      hourlyPriceCents: 4000,
      halfDayPriceCents: 14_000,
      dayPriceCents: 25_000,
      vatRateBasisPoints: 2000,
    };
    for (const minutes of [60, 90, 180, 240]) {
      const quote = await call(null, 'reservations.quote', {
        roomId,
        startsAt: localInstant('2027-01-06T09:00'),
        endsAt: new Date(Date.parse(localInstant('2027-01-06T09:00')) + minutes * 60_000).toISOString(),
        attendees: 1,
      });
      expect(quote).toEqual(priceBooking(prices, minutes));
    }
  });
});

describe('each rule, checked on the server', () => {
  it('step: starts on the step of the wall clock and lasts a multiple of it', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    expect(await refusalOf(book(roomId, '2027-01-05T09:15', '2027-01-05T10:15'))).toMatchObject({
      code: 'invalid-argument',
      reason: 'step',
    });
    expect(await refusalOf(book(roomId, '2027-01-05T09:00', '2027-01-05T10:45'))).toMatchObject({
      code: 'invalid-argument',
      reason: 'step',
    });
  });

  it('min and max duration', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    expect((await refusalOf(book(roomId, '2027-01-05T09:00', '2027-01-05T09:30'))).reason).toBe(
      'min-duration',
    );
    expect((await refusalOf(book(roomId, '2027-01-05T09:00', '2027-01-05T13:30'))).reason).toBe(
      'max-duration',
    );
  });

  it('lead time: no booking that starts sooner than the room allows', async () => {
    const roomId = await insertRoom(database.db, spaceId, { leadTimeMinutes: 120 });
    expect((await refusalOf(book(roomId, '2027-01-04T09:00', '2027-01-04T10:00'))).reason).toBe('lead-time');
    expect((await book(roomId, '2027-01-04T10:00', '2027-01-04T11:00')).status).toBe('confirmed');
  });

  it('horizon: no booking that starts further ahead than the room allows', async () => {
    const roomId = await insertRoom(database.db, spaceId, { horizonDays: 7 });
    expect((await refusalOf(book(roomId, '2027-01-12T09:00', '2027-01-12T10:00'))).reason).toBe('horizon');
    expect((await book(roomId, '2027-01-11T08:00', '2027-01-11T09:00')).status).toBe('confirmed');
  });

  it('opening hours: inside them only, and not on a day the space is closed', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    expect((await refusalOf(book(roomId, '2027-01-05T07:00', '2027-01-05T08:30'))).reason).toBe('closed');
    expect((await refusalOf(book(roomId, '2027-01-05T19:30', '2027-01-05T20:30'))).reason).toBe('closed');
    expect((await refusalOf(book(roomId, '2027-01-10T10:00', '2027-01-10T11:00'))).reason).toBe('closed');
    expect((await book(roomId, '2027-01-05T19:00', '2027-01-05T20:00')).status).toBe('confirmed');
  });

  it('closures: a closure day is not bookable and shows no free time', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    expect((await refusalOf(book(roomId, '2027-01-08T10:00', '2027-01-08T11:00'))).reason).toBe('closed');
    const availability = await call<TRoomAvailability>(null, 'reservations.getAvailability', {
      roomId,
      from: '2027-01-07',
      to: '2027-01-08',
    });
    expect(availability.days.map((day) => [day.date, day.free.length])).toEqual([
      ['2027-01-07', 1],
      ['2027-01-08', 0],
    ]);
    expect(availability.slots.some((slot) => slot.date === '2027-01-08')).toBe(false);
  });

  it('capacity: no more attendees than seats', async () => {
    const roomId = await insertRoom(database.db, spaceId, { capacity: 4 });
    expect(
      await refusalOf(book(roomId, '2027-01-05T09:00', '2027-01-05T10:00', { attendees: 5 })),
    ).toMatchObject({ code: 'invalid-argument', reason: 'capacity' });
    expect((await book(roomId, '2027-01-05T09:00', '2027-01-05T10:00', { attendees: 4 })).attendees).toBe(4);
  });

  it('buffer: keeps the room free for the buffer between two bookings, both sides', async () => {
    const roomId = await insertRoom(database.db, spaceId, { bufferMinutes: 15, bookingStepMinutes: 15 });
    await book(roomId, '2027-01-05T10:00', '2027-01-05T11:00');
    const after = await refusalOf(book(roomId, '2027-01-05T11:00', '2027-01-05T12:00'));
    expect(after).toMatchObject({ code: 'already-exists', reason: 'slot-taken' });
    expect(after.details?.conflict).toEqual({
      startsAt: localInstant('2027-01-05T10:00'),
      endsAt: localInstant('2027-01-05T11:00'),
    });
    expect((await refusalOf(book(roomId, '2027-01-05T09:00', '2027-01-05T10:00'))).reason).toBe('slot-taken');
    expect((await book(roomId, '2027-01-05T11:15', '2027-01-05T12:15')).status).toBe('confirmed');
    expect((await book(roomId, '2027-01-05T08:45', '2027-01-05T09:45')).status).toBe('confirmed');
    const availability = await call<TRoomAvailability>(null, 'reservations.getAvailability', {
      roomId,
      from: '2027-01-05',
      to: '2027-01-05',
    });
    expect(availability.days[0]!.free).toEqual([
      { start: localInstant('2027-01-05T08:00'), end: localInstant('2027-01-05T08:30') },
      { start: localInstant('2027-01-05T12:30'), end: localInstant('2027-01-05T20:00') },
    ]);
    const states = Object.fromEntries(availability.slots.map((slot) => [slot.time, slot.state]));
    expect(states['10:00']).toBe('booked');
    expect(states['12:30']).toBe('free');
    expect(states['08:00']).toBe('unavailable'); // 30 free minutes, less than the one-hour minimum
  });

  it('no price: a room without a price for that length is not bookable', async () => {
    const roomId = await insertRoom(database.db, spaceId, {
      hourlyPriceCents: null,
      halfDayPriceCents: null,
      dayPriceCents: null,
    });
    expect((await refusalOf(book(roomId, '2027-01-05T09:00', '2027-01-05T10:00'))).reason).toBe('no-price');
  });

  it('conflict: an overlapping booking of the same room is already-exists', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    await book(roomId, '2027-01-05T14:00', '2027-01-05T16:00');
    const other = await insertPerson(database.db);
    expect(
      await refusalOf(book(roomId, '2027-01-05T15:00', '2027-01-05T17:00', { person: other })),
    ).toMatchObject({ code: 'already-exists', reason: 'slot-taken' });
    // Back to back is fine without a buffer.
    expect((await book(roomId, '2027-01-05T16:00', '2027-01-05T17:00', { person: other })).status).toBe(
      'confirmed',
    );
  });
});

describe('who may book', () => {
  it('refuses a member whose e-mail is not confirmed', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    const unconfirmed = await insertPerson(database.db, { emailVerified: false });
    expect(
      await refusalOf(book(roomId, '2027-01-05T09:00', '2027-01-05T10:00', { person: unconfirmed })),
    ).toMatchObject({ code: 'failed-precondition', reason: 'email-not-verified' });
  });

  it('does not offer rooms of a space that is not published', async () => {
    const draft = await insertSpace(database.db, { status: 'draft' });
    const roomId = await insertRoom(database.db, draft);
    expect((await refusalOf(book(roomId, '2027-01-05T09:00', '2027-01-05T10:00'))).code).toBe('not-found');
  });
});

describe('idempotency', () => {
  it('returns the same reservation when a request is retried with its key', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    const key = randomUUID();
    const first = await book(roomId, '2027-01-05T09:00', '2027-01-05T10:00', { key });
    const retried = await book(roomId, '2027-01-05T09:00', '2027-01-05T10:00', { key });
    expect(retried.id).toBe(first.id);
    const concurrent = await Promise.all(
      Array.from({ length: 10 }, () =>
        book(roomId, '2027-01-05T11:00', '2027-01-05T12:00', { key: 'same-key-123' }),
      ),
    );
    expect(new Set(concurrent.map((r) => r.id)).size).toBe(1);
  });

  it('refuses a key reused for another booking', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    const key = randomUUID();
    await book(roomId, '2027-01-05T09:00', '2027-01-05T10:00', { key });
    expect(await refusalOf(book(roomId, '2027-01-05T13:00', '2027-01-05T14:00', { key }))).toMatchObject({
      code: 'failed-precondition',
      reason: 'idempotency-key-reused',
    });
  });
});

describe('approval and desks', () => {
  it('a room that requires approval gives a pending request that expires at its start', async () => {
    const roomId = await insertRoom(database.db, spaceId, { requiresApproval: true });
    const request = await book(roomId, '2027-01-05T09:00', '2027-01-05T10:00');
    expect(request.status).toBe('pending');
    expect(request.expiresAt).toBe(request.startsAt);
    // A pending request holds the slot like a confirmed booking.
    expect((await refusalOf(book(roomId, '2027-01-05T09:30', '2027-01-05T10:30'))).reason).toBe('slot-taken');
  });

  it('"any desk" assigns a free desk of the group, then says when every desk is taken', async () => {
    const desk = { kind: 'desk' as const, capacity: 1, deskGroup: 'open-space', hourlyPriceCents: 800 };
    const first = await insertRoom(database.db, spaceId, { ...desk, name: 'Poste 1', position: 1 });
    const second = await insertRoom(database.db, spaceId, { ...desk, name: 'Poste 2', position: 2 });
    const a = await book(first, '2027-01-05T09:00', '2027-01-05T12:00', { attendees: 1, anyDesk: true });
    const b = await book(first, '2027-01-05T09:00', '2027-01-05T12:00', { attendees: 1, anyDesk: true });
    expect([a.room.id, b.room.id].sort()).toEqual([first, second].sort());
    expect(
      await refusalOf(book(first, '2027-01-05T10:00', '2027-01-05T11:00', { attendees: 1, anyDesk: true })),
    ).toMatchObject({ code: 'already-exists', reason: 'no-desk-free' });
    const group = await call<TRoomAvailability>(null, 'reservations.getAvailability', {
      roomId: first,
      from: '2027-01-05',
      to: '2027-01-05',
      anyDesk: true,
    });
    expect(group.anyDesk).toBe(true);
    const states = Object.fromEntries(group.slots.map((slot) => [slot.time, slot.state]));
    expect(states['09:00']).toBe('booked');
    expect(states['12:00']).toBe('free');
  });
});

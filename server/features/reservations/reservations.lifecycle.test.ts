import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '#contract/errors';
import type { TManagedReservation, TReservation, TRoomAvailability } from '#contract/reservations';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema/jobs';
import { reservations } from '../../db/schema/reservations';
import { createJobRunner } from '../../platform/jobs';
import { installMailer } from '../../platform/mail';
import { sweepReservations } from './lifecycle.service';
import { reservationJobHandlers } from './reservation-jobs';
import {
  addRole,
  contextFor,
  insertPerson,
  insertRoom,
  insertSpace,
  localInstant,
  recordingMailer,
  reservationsRouter,
  type TestPerson,
} from './reservations.fixtures';

// Monday 1 March 2027, 08:00 in Paris; the clock moves in some tests.
const START = new Date(localInstant('2027-03-01T08:00'));
let now = START;
const router = reservationsRouter(() => now);
const mailer = recordingMailer();

let database: Database;
let member: TestPerson;
let manager: TestPerson;
let spaceId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  member = await insertPerson(database.db, { locale: 'en', name: 'Alex Member' });
  manager = await insertPerson(database.db, { name: 'Manon Manager' });
  spaceId = await insertSpace(database.db);
  await addRole(database.db, spaceId, manager.id, 'manager');
  installMailer(mailer);
});
afterAll(async () => {
  installMailer(undefined as never);
  await database.close();
});
beforeEach(async () => {
  now = START;
  mailer.sent.length = 0;
  await database.db.delete(jobs);
});

const call = <T>(name: string, input: unknown, person: TestPerson | null) =>
  router.invoke(
    `reservations.${name}`,
    input,
    contextFor(database.db, person?.session ?? null),
  ) as Promise<T>;

function book(roomId: string, from: string, to: string, person = member) {
  return call<TReservation>(
    'create',
    {
      roomId,
      startsAt: localInstant(from),
      endsAt: localInstant(to),
      attendees: 2,
      idempotencyKey: randomUUID(),
    },
    person,
  );
}

async function refusalOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, ...error.details };
    throw error;
  }
  throw new Error('expected a refusal');
}

/** Runs the queued e-mail jobs as the server would, with the real job runner. */
async function deliverMail() {
  const runner = createJobRunner({
    db: database.db,
    handlers: reservationJobHandlers({ baseUrl: 'https://escale.test' }),
  });
  await runner.runDue(new Date(Date.now() + 1000));
  return mailer.sent.splice(0);
}

describe('cancellation', () => {
  it('a member cancels until the free-cancellation limit, and the slot is free again', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    const booked = await book(roomId, '2027-03-03T10:00', '2027-03-03T11:00');
    expect(booked.freeCancellationUntil).toBe(localInstant('2027-03-02T10:00'));
    now = new Date(localInstant('2027-03-02T10:00'));
    const cancelled = await call<TReservation>('cancel', { id: booked.id }, member);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledBy: 'member', canCancel: false });
    const day = await call<TRoomAvailability>(
      'getAvailability',
      { roomId, from: '2027-03-03', to: '2027-03-03' },
      null,
    );
    expect(day.slots.find((slot) => slot.time === '10:00')!.state).toBe('free');
    expect((await book(roomId, '2027-03-03T10:00', '2027-03-03T11:00')).status).toBe('confirmed');
  });

  it('refuses a member past the limit, with the limit, and follows the space’s own policy', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    const booked = await book(roomId, '2027-03-03T14:00', '2027-03-03T15:00');
    now = new Date(localInstant('2027-03-02T14:01'));
    expect(await refusalOf(call('cancel', { id: booked.id }, member))).toMatchObject({
      code: 'failed-precondition',
      reason: 'cancellation-window-closed',
      freeCancellationUntil: localInstant('2027-03-02T14:00'),
      freeCancellationHours: 24,
    });
    await call('updatePolicy', { spaceId, freeCancellationHours: 2 }, manager);
    const mine = await call<{ items: TReservation[] }>('listMine', { scope: 'upcoming' }, member);
    expect(mine.items.find((r) => r.id === booked.id)).toMatchObject({
      canCancel: true,
      freeCancellationUntil: localInstant('2027-03-03T12:00'),
    });
    expect((await call<TReservation>('cancel', { id: booked.id }, member)).status).toBe('cancelled');
    await call('updatePolicy', { spaceId, freeCancellationHours: 24 }, manager);
  });

  it('a manager cancels at any time but must give a reason, which the member is told', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    const booked = await book(roomId, '2027-03-03T16:00', '2027-03-03T17:00');
    await deliverMail();
    now = new Date(localInstant('2027-03-03T15:30'));
    expect(await refusalOf(call('cancel', { id: booked.id }, manager))).toMatchObject({
      code: 'invalid-argument',
      reason: 'reason-required',
    });
    const cancelled = await call<TReservation>(
      'cancel',
      { id: booked.id, reason: 'Dégât des eaux' },
      manager,
    );
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'manager',
      cancellationReason: 'Dégât des eaux',
    });
    const [mail] = await deliverMail();
    expect(mail!.to).toBe(member.email);
    expect(mail!.subject).toMatch(/^Booking cancelled: /);
    expect(mail!.text).toContain('by the space');
    expect(mail!.text).toContain('Dégât des eaux');
    expect(await refusalOf(call('cancel', { id: booked.id }, member))).toMatchObject({
      reason: 'not-active',
    });
  });
});

describe('approval', () => {
  it('a manager approves a request; the member is told in their language with the event attached', async () => {
    const roomId = await insertRoom(database.db, spaceId, { requiresApproval: true, name: 'Grande salle' });
    const request = await book(roomId, '2027-03-04T09:00', '2027-03-04T11:00');
    expect(request.status).toBe('pending');
    const [requested] = await deliverMail();
    expect(requested!.subject).toBe('Booking request sent: Grande salle, Thursday 4 March 2027');
    const queue = await call<TManagedReservation[]>('listForApproval', {}, manager);
    expect(queue.map((r) => [r.id, r.member.name])).toContainEqual([request.id, 'Alex Member']);
    const approved = await call<TManagedReservation>('approve', { id: request.id }, manager);
    expect(approved.status).toBe('confirmed');
    expect(
      (await call<TManagedReservation[]>('listForApproval', {}, manager)).map((r) => r.id),
    ).not.toContain(request.id);
    const [mail] = await deliverMail();
    expect(mail!.subject).toBe('Request accepted: Grande salle, Thursday 4 March 2027');
    expect(mail!.attachments?.[0]?.filename).toBe('reservation.ics');
    expect(String(mail!.attachments?.[0]?.content)).toContain('DTSTART;TZID=Europe/Paris:20270304T090000');
    expect(await refusalOf(call('approve', { id: request.id }, manager))).toMatchObject({
      reason: 'not-pending',
    });
  });

  it('a manager declines with a reason', async () => {
    const roomId = await insertRoom(database.db, spaceId, { requiresApproval: true });
    const request = await book(roomId, '2027-03-04T14:00', '2027-03-04T15:00');
    const declined = await call<TManagedReservation>(
      'decline',
      { id: request.id, reason: 'Salle réservée à un événement' },
      manager,
    );
    expect(declined).toMatchObject({ status: 'declined', declineReason: 'Salle réservée à un événement' });
    const mails = await deliverMail();
    expect(mails.map((m) => m.subject)).toContain(
      `Request declined: ${declined.room.name}, Thursday 4 March 2027`,
    );
  });

  it('expiry: a request not decided by its start is cancelled by the system, and can no longer be approved', async () => {
    const roomId = await insertRoom(database.db, spaceId, { requiresApproval: true });
    const request = await book(roomId, '2027-03-05T09:00', '2027-03-05T10:00');
    await sweepReservations(database.db, new Date(localInstant('2027-03-05T08:59')));
    expect((await call<TReservation>('get', { id: request.id }, member)).status).toBe('pending');
    now = new Date(localInstant('2027-03-05T09:00'));
    expect(await refusalOf(call('approve', { id: request.id }, manager))).toMatchObject({
      reason: 'not-pending',
    });
    expect((await sweepReservations(database.db, now)).expired).toBeGreaterThanOrEqual(1);
    const expired = await call<TReservation>('get', { id: request.id }, member);
    expect(expired).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'system',
      cancellationReason: 'expired',
    });
    expect((await deliverMail()).map((m) => m.subject)).toContain(
      `Request expired: ${expired.room.name}, Friday 5 March 2027`,
    );
    await sweepReservations(database.db, now);
    expect(await deliverMail()).toEqual([]);
  });
});

describe('the sweep and managers’ closing actions', () => {
  it('completes bookings after their end and reminds members 24 h before, once', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    const booked = await book(roomId, '2027-03-10T10:00', '2027-03-10T11:00');
    // Booked well ahead (the test database's clock is not the test's).
    await database.db.update(reservations).set({ createdAt: START }).where(eq(reservations.id, booked.id));
    await deliverMail();
    const dayBefore = new Date(localInstant('2027-03-09T10:00'));
    expect((await sweepReservations(database.db, new Date(dayBefore.getTime() - 60_000))).reminded).toBe(0);
    expect((await sweepReservations(database.db, dayBefore)).reminded).toBe(1);
    expect((await sweepReservations(database.db, dayBefore)).reminded).toBe(0);
    const reminders = (await deliverMail()).filter((mail) => mail.subject.startsWith('Reminder'));
    expect(reminders.map((mail) => mail.subject)).toEqual([
      `Reminder: ${booked.room.name} tomorrow at 10:00`,
    ]);
    const after = new Date(localInstant('2027-03-10T11:00'));
    expect((await sweepReservations(database.db, after)).completed).toBeGreaterThanOrEqual(1);
    expect((await call<TReservation>('get', { id: booked.id }, member)).status).toBe('completed');
  });

  it('no-show only after the start, by a manager', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    const booked = await book(roomId, '2027-03-11T10:00', '2027-03-11T11:00');
    expect(await refusalOf(call('markNoShow', { id: booked.id }, manager))).toMatchObject({
      reason: 'not-started',
    });
    expect((await refusalOf(call('markNoShow', { id: booked.id }, member))).code).toBe('permission-denied');
    now = new Date(localInstant('2027-03-11T10:20'));
    expect((await call<TManagedReservation>('markNoShow', { id: booked.id }, manager)).status).toBe(
      'no_show',
    );
  });

  it('the space calendar shows every room and the day’s reservations with who booked', async () => {
    const roomId = await insertRoom(database.db, spaceId, { name: 'Salle du calendrier' });
    const booked = await book(roomId, '2027-03-12T09:00', '2027-03-12T10:30');
    const calendar = await call<{
      rooms: Array<{ id: string }>;
      entries: Array<{ id: string; memberName: string; roomId: string }>;
      day: { start: string; end: string };
      open: Array<{ start: string }>;
    }>('spaceCalendar', { spaceId, date: '2027-03-12' }, manager);
    expect(calendar.rooms.map((room) => room.id)).toContain(roomId);
    expect(calendar.entries).toContainEqual(
      expect.objectContaining({ id: booked.id, memberName: 'Alex Member', roomId }),
    );
    expect(calendar.day).toEqual({ start: '2027-03-11T23:00:00.000Z', end: '2027-03-12T23:00:00.000Z' });
    expect(calendar.open[0]!.start).toBe(localInstant('2027-03-12T08:00'));
  });
});

describe('e-mails', () => {
  it('confirm a booking in French with the details, the price and a Paris-time ICS', async () => {
    const french = await insertPerson(database.db, { locale: 'fr', name: 'Camille' });
    const roomId = await insertRoom(database.db, spaceId, { name: 'Salle Voltaire', bufferMinutes: 0 });
    await book(roomId, '2027-03-15T09:00', '2027-03-15T12:00', french);
    const [mail] = await deliverMail();
    expect(mail!.to).toBe(french.email);
    expect(mail!.subject).toBe('Réservation confirmée : Salle Voltaire, lundi 15 mars 2027');
    expect(mail!.text).toContain('Bonjour Camille,');
    expect(mail!.text).toContain('lundi 15 mars 2027, 09:00 – 12:00 (heure de Paris, 3 h)');
    expect(mail!.text).toContain('Prix HT : 120,00');
    expect(mail!.text).toContain('Total TTC : 144,00');
    expect(mail!.text).toContain('Annulation gratuite jusqu’au dimanche 14 mars 2027 à 09:00');
    expect(mail!.html).toContain('<html lang="fr">');
    const ics = String(mail!.attachments![0]!.content);
    expect(ics).toContain('DTSTART;TZID=Europe/Paris:20270315T090000');
    expect(ics).toContain('DTEND;TZID=Europe/Paris:20270315T120000');
    expect(ics).toContain('BEGIN:VTIMEZONE');
  });

  it('are queued with the change: a refused booking sends nothing', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    await refusalOf(book(roomId, '2027-03-15T07:00', '2027-03-15T08:00'));
    const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(jobs);
    expect(row!.count).toBe(0);
  });
});

// @databases pglite postgres
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '#contract/errors';
import type { TManagedReservation, TReservation, TRoomAvailability } from '#contract/reservations';
import { testDatabaseForFile } from '../../../tests/support/test-database';
import { activityEntries } from '../../db/schema/activity';
import { jobs } from '../../db/schema/jobs';
import { reservations } from '../../db/schema/reservations';
import { createJobRunner } from '../../platform/jobs';
import { log } from '../../platform/log';
import { systemContext } from '../../platform/service-context';
import { sweepReservations } from './lifecycle.service';
import { reservationJobs } from './reservation-jobs';
import { contextFor, localInstant, recordingMailer, reservationsRouter } from './reservations.fixtures';
import { addRole, insertPerson, insertRoom, insertSpace, type TestPerson } from '../../db/factories.fixtures';

// Monday 1 March 2027, 08:00 in Paris; the clock moves in some tests.
const START = new Date(localInstant('2027-03-01T08:00'));
let now = START;
const router = reservationsRouter(() => now);
const mailer = recordingMailer();
/** A reservation's activity entries, oldest first. */
async function entriesAbout(reservationId: string) {
  return database.db
    .select({
      kind: activityEntries.kind,
      actorType: activityEntries.actorType,
      aboutUserId: activityEntries.aboutUserId,
      occurredAt: activityEntries.occurredAt,
      changes: activityEntries.changes,
    })
    .from(activityEntries)
    .where(eq(activityEntries.subjectId, reservationId))
    .orderBy(activityEntries.id);
}

/** The sweep as its job runs it: the system, at `at`. */
const sweep = (at: Date) => sweepReservations(systemContext({ db: database.db, log, now: at }));

const database = testDatabaseForFile();
let member: TestPerson;
let manager: TestPerson;
let spaceId: string;

beforeAll(async () => {
  member = await insertPerson(database.db, { locale: 'en', name: 'Alex Member' });
  manager = await insertPerson(database.db, { name: 'Manon Manager' });
  spaceId = await insertSpace(database.db);
  await addRole(database.db, spaceId, manager.id, 'manager');
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

/**
 * Runs the queued e-mail jobs as the server would, with the real job runner, at the test's clock (the
 * database stamps jobs with its own: they are made due at the test's).
 */
async function deliverMail() {
  const runner = createJobRunner({
    db: database.db,
    jobs: reservationJobs,
    baseUrl: 'https://escale.test',
    mailer,
  });
  await database.db.update(jobs).set({ runAt: now }).where(eq(jobs.status, 'queued'));
  await runner.runDue(now);
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

  it('a manager’s reason is required and at most 500 characters', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    const booked = await book(roomId, '2027-03-03T18:00', '2027-03-03T19:00');
    for (const reason of ['  ', 'ok', 'x'.repeat(501)]) {
      expect((await refusalOf(call('cancel', { id: booked.id, reason }, manager))).code).toBe(
        'invalid-argument',
      );
    }
    expect((await call<TReservation>('get', { id: booked.id }, member)).status).toBe('confirmed');
    const cancelled = await call<TReservation>('cancel', { id: booked.id, reason: 'x'.repeat(500) }, manager);
    expect(cancelled.status).toBe('cancelled');
  });

  it('a manager’s cancellation and the member’s e-mail commit together: no e-mail queued, nothing cancelled', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    const booked = await book(roomId, '2027-03-03T12:00', '2027-03-03T13:00');
    await database.db.delete(jobs);
    // The jobs table refuses the member's e-mail for a moment: the cancellation must not happen without it.
    await database.db.execute(
      sql`ALTER TABLE jobs ADD CONSTRAINT test_refuses_member_mail CHECK (kind <> 'reservations.mail') NOT VALID`,
    );
    try {
      expect((await refusalOf(call('cancel', { id: booked.id, reason: 'Fuite d’eau' }, manager))).code).toBe(
        'internal',
      );
    } finally {
      await database.db.execute(sql`ALTER TABLE jobs DROP CONSTRAINT test_refuses_member_mail`);
    }
    expect((await call<TReservation>('get', { id: booked.id }, member)).status).toBe('confirmed');
    await call('cancel', { id: booked.id, reason: 'Fuite d’eau' }, manager);
    const queued = await database.db.select().from(jobs).where(eq(jobs.kind, 'reservations.mail'));
    expect(queued.map((job) => job.payload)).toEqual([{ reservationId: booked.id, event: 'cancelled' }]);
  });

  it('a member’s request to cancel and the managers’ e-mails commit together', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    const booked = await book(roomId, '2027-03-01T19:00', '2027-03-01T20:00');
    await database.db.execute(
      sql`ALTER TABLE jobs ADD CONSTRAINT test_refuses_manager_mail CHECK (kind <> 'reservations.managerMail') NOT VALID`,
    );
    try {
      expect((await refusalOf(call('requestCancellation', { id: booked.id }, member))).code).toBe('internal');
    } finally {
      await database.db.execute(sql`ALTER TABLE jobs DROP CONSTRAINT test_refuses_manager_mail`);
    }
    expect((await call<TReservation>('get', { id: booked.id }, member)).cancellationRequestedAt).toBeNull();
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

describe('inside the free-cancellation window', () => {
  it('a booking made inside it promises no past limit: not on the reservation, in the e-mail or its calendar file', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    // 10 hours ahead, with the space's 24-hour limit: the limit was already behind at booking time.
    const booked = await book(roomId, '2027-03-01T18:00', '2027-03-01T19:00');
    expect(booked).toMatchObject({ status: 'confirmed', freeCancellationUntil: null, canCancel: false });
    const [mail] = await deliverMail();
    expect(mail!.subject).toMatch(/^Booking confirmed: /);
    expect(mail!.text).not.toContain('Free cancellation until');
    expect(mail!.text).toContain(
      'Free cancellation ends 24 h before the start: you cannot cancel this booking online. If you cannot come, ask the space to cancel it from your reservations.',
    );
    const ics = String(mail!.attachments![0]!.content).replace(/\r\n /g, '');
    expect(ics).toContain(
      'Free online cancellation is over: to cancel\\, ask the space from your reservations.',
    );
    expect(ics).not.toContain('Free cancellation until');
    expect(await refusalOf(call('cancel', { id: booked.id }, member))).toMatchObject({
      code: 'failed-precondition',
      reason: 'cancellation-window-closed',
    });
  });

  it('a booking made before it says until when, in the e-mail and its calendar file', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    await book(roomId, '2027-03-08T10:00', '2027-03-08T11:00');
    const [mail] = await deliverMail();
    expect(mail!.text).toContain('Free cancellation until Sunday 7 March 2027 at 10:00.');
    const ics = String(mail!.attachments![0]!.content).replace(/\r\n /g, '');
    expect(ics).toContain('Free cancellation until Sunday 7 March 2027 at 10:00.');
  });

  it('the reminder of a booking whose limit has passed tells the member to ask the space, not to cancel', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    await call('updatePolicy', { spaceId, freeCancellationHours: 48 }, manager);
    try {
      const booked = await book(roomId, '2027-03-20T10:00', '2027-03-20T11:00');
      await database.db.update(reservations).set({ createdAt: START }).where(eq(reservations.id, booked.id));
      await deliverMail();
      now = new Date(localInstant('2027-03-19T10:00'));
      expect((await sweep(now)).reminded).toBe(1);
      const [reminder] = await deliverMail();
      expect(reminder!.subject).toMatch(/^Reminder: /);
      expect(reminder!.text).toContain('Free online cancellation is over: ask the space to cancel');
      expect(reminder!.text).not.toContain('Cancel for free until');
    } finally {
      await call('updatePolicy', { spaceId, freeCancellationHours: 24 }, manager);
    }
  });

  it('the member asks the space to cancel: its owner and managers are e-mailed in their language, once, and it waits in their queue', async () => {
    const space = await insertSpace(database.db);
    const owner = await insertPerson(database.db, { locale: 'en', name: 'Olivia Owner' });
    const spaceManager = await insertPerson(database.db, { locale: 'fr', name: 'Marc Gérant' });
    const otherMember = await insertPerson(database.db);
    await addRole(database.db, space, owner.id, 'owner');
    await addRole(database.db, space, spaceManager.id, 'manager');
    await addRole(database.db, space, otherMember.id, 'member');
    const roomId = await insertRoom(database.db, space, { name: 'Salle Oberkampf' });
    const booked = await book(roomId, '2027-03-01T17:00', '2027-03-01T18:00');
    await deliverMail();

    now = new Date(localInstant('2027-03-01T09:30'));
    const asked = await call<TReservation>(
      'requestCancellation',
      { id: booked.id, message: 'Train annulé, désolé.' },
      member,
    );
    expect(asked).toMatchObject({
      status: 'confirmed',
      cancellationRequestedAt: now.toISOString(),
      cancellationRequestMessage: 'Train annulé, désolé.',
      canCancel: false,
    });
    // The managers' e-mails were queued by the request's own statement.
    const queued = await database.db.select().from(jobs).where(eq(jobs.kind, 'reservations.managerMail'));
    expect(queued.map((job) => job.payload.recipientId).sort()).toEqual([owner.id, spaceManager.id].sort());

    const mails = await deliverMail();
    expect(mails.map((mail) => [mail.to, mail.subject]).sort()).toEqual(
      [
        [owner.email, 'Cancellation request: Salle Oberkampf, Monday 1 March 2027'],
        [spaceManager.email, 'Demande d’annulation : Salle Oberkampf, lundi 1 mars 2027'],
      ].sort(),
    );
    const french = mails.find((mail) => mail.to === spaceManager.email)!;
    expect(french.text).toContain('Bonjour Marc Gérant,');
    expect(french.text).toContain(`Membre : Alex Member (${member.email})`);
    expect(french.text).toContain('Message : Train annulé, désolé.');
    expect(french.text).toContain('https://escale.test/reservations?view=approvals');

    const queue = await call<TManagedReservation[]>('listForApproval', { spaceId: space }, spaceManager);
    expect(queue.map((r) => [r.id, r.status, r.cancellationRequestMessage])).toEqual([
      [booked.id, 'confirmed', 'Train annulé, désolé.'],
    ]);
    const managed = await call<Array<{ id: string; pendingCount: number }>>('listManagedSpaces', {}, owner);
    expect(managed.find((item) => item.id === space)?.pendingCount).toBe(1);
    const planning = await call<{ entries: Array<{ id: string; cancellationRequested: boolean }> }>(
      'spaceCalendar',
      { spaceId: space, date: '2027-03-01' },
      owner,
    );
    expect(planning.entries).toContainEqual(
      expect.objectContaining({ id: booked.id, cancellationRequested: true }),
    );

    // Asking again changes nothing and mails nobody.
    now = new Date(localInstant('2027-03-01T10:00'));
    const again = await call<TReservation>('requestCancellation', { id: booked.id }, member);
    expect(again.cancellationRequestedAt).toBe(asked.cancellationRequestedAt);
    expect(await deliverMail()).toEqual([]);

    // The manager cancels it with a reason; the member is told; nothing waits any more.
    await call('cancel', { id: booked.id, reason: 'Annulée à votre demande, sans frais.' }, spaceManager);
    const [told] = await deliverMail();
    expect(told!.to).toBe(member.email);
    expect(told!.subject).toBe('Booking cancelled: Salle Oberkampf, Monday 1 March 2027');
    expect(told!.text).toContain('Reason: Annulée à votre demande, sans frais.');
    expect(await call<TManagedReservation[]>('listForApproval', { spaceId: space }, owner)).toEqual([]);
  });

  it('asking the space while the member may still cancel is refused: they cancel it themselves', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    const booked = await book(roomId, '2027-03-17T10:00', '2027-03-17T11:00');
    expect(await refusalOf(call('requestCancellation', { id: booked.id }, member))).toMatchObject({
      code: 'failed-precondition',
      reason: 'cancellation-window-open',
      freeCancellationUntil: localInstant('2027-03-16T10:00'),
    });
    const [row] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(eq(jobs.kind, 'reservations.managerMail'));
    expect(row!.count).toBe(0);
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
    await sweep(new Date(localInstant('2027-03-05T08:59')));
    expect((await call<TReservation>('get', { id: request.id }, member)).status).toBe('pending');
    now = new Date(localInstant('2027-03-05T09:00'));
    expect(await refusalOf(call('approve', { id: request.id }, manager))).toMatchObject({
      reason: 'not-pending',
    });
    expect((await sweep(now)).expired).toBeGreaterThanOrEqual(1);
    const expired = await call<TReservation>('get', { id: request.id }, member);
    expect(expired).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'system',
      cancellationReason: 'expired',
    });
    expect((await deliverMail()).map((m) => m.subject)).toContain(
      `Request expired: ${expired.room.name}, Friday 5 March 2027`,
    );
    await sweep(now);
    expect(await deliverMail()).toEqual([]);
    // Logged once, by the system, about the member, at the sweep's time.
    expect(await entriesAbout(request.id)).toEqual([
      {
        kind: 'reservation.created',
        actorType: 'user',
        aboutUserId: null,
        occurredAt: START,
        changes: {},
      },
      {
        kind: 'reservation.cancelled',
        actorType: 'system',
        aboutUserId: member.id,
        occurredAt: now,
        changes: { status: { before: 'pending', after: 'cancelled' } },
      },
    ]);
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
    expect((await sweep(new Date(dayBefore.getTime() - 60_000))).reminded).toBe(0);
    expect((await sweep(dayBefore)).reminded).toBe(1);
    expect((await sweep(dayBefore)).reminded).toBe(0);
    const reminders = (await deliverMail()).filter((mail) => mail.subject.startsWith('Reminder'));
    expect(reminders.map((mail) => mail.subject)).toEqual([
      `Reminder: ${booked.room.name} tomorrow at 10:00`,
    ]);
    const after = new Date(localInstant('2027-03-10T11:00'));
    expect((await sweep(after)).completed).toBeGreaterThanOrEqual(1);
    expect((await call<TReservation>('get', { id: booked.id }, member)).status).toBe('completed');
    expect((await entriesAbout(booked.id)).map((entry) => [entry.kind, entry.actorType])).toEqual([
      ['reservation.created', 'user'],
      ['reservation.completed', 'system'],
    ]);
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

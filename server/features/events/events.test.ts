// @databases pglite postgres
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TMyRegistration } from '#contract/events';
import { codeOf, featureTestFile } from '../../../tests/support/feature-test-file';
import { rowsOf } from '../../db/rows';
import { createJobRunner } from '../../platform/jobs';
import { log } from '../../platform/log';
import { systemContext } from '../../platform/service-context';
import { localInstant, recordingMailer } from '../reservations/reservations.fixtures';
import { addRole, insertPerson, insertRoom, insertSpace, type TestPerson } from '../../db/factories.fixtures';
import { eventJobs } from './event-jobs';
import { eventsRouter, publishedEvent } from './events.fixtures';
import { sweepEvents } from './registrations.service';
import { refusalOf } from '../../../tests/support/database-refusal';

/**
 * Registrations, the waitlist and its offers, the room's hold, check-in and no-shows, on the database the
 * tests run on (PGlite, or PostgreSQL with DATABASE_URL, where the concurrent calls really run in parallel).
 */
const { database, clock, router, call } = featureTestFile(eventsRouter, '2027-02-01T08:00');
let spaceId: string;
let manager: TestPerson;

beforeAll(async () => {
  spaceId = await insertSpace(database.db);
  manager = await insertPerson(database.db);
  await addRole(database.db, spaceId, manager.id, 'manager');
});

async function people(count: number): Promise<TestPerson[]> {
  const list: TestPerson[] = [];
  for (let i = 0; i < count; i++) list.push(await insertPerson(database.db));
  return list;
}

const register = (person: TestPerson, eventId: string) =>
  call<TMyRegistration>(person, 'events.register', { eventId });
const mine = (person: TestPerson, eventId: string) =>
  call<{ mine: TMyRegistration | null }>(person, 'events.get', { id: eventId }).then((page) => page.mine);

/** Two job runners on the one queue, as two app processes would be, running what is due at `at`. */
function twoRunners() {
  const make = (workerId: string) =>
    createJobRunner({
      db: database.db,
      jobs: eventJobs,
      baseUrl: 'http://escale.test',
      mailer: recordingMailer(),
      log,
      workerId,
    });
  let runners: ReturnType<typeof make>[] | null = null;
  return async (at: Date) => {
    runners ??= [make('a'), make('b')];
    for (;;) {
      const ran = await Promise.all(runners.map((runner) => runner.runDue(at)));
      if (ran.every((count) => count === 0)) return;
    }
  };
}
const runJobs = twoRunners();

/**
 * Three people register for a one-place event (the second and third join the waitlist), then the first
 * cancels and the jobs run: the freed place is offered to the second.
 */
async function freeTheOnlyPlace(eventId: string): Promise<TestPerson[]> {
  const [a, b, c] = await people(3);
  await register(a!, eventId);
  await register(b!, eventId);
  await register(c!, eventId);
  await call(a!, 'events.cancelRegistration', { eventId });
  await runJobs(clock.now);
  return [a!, b!, c!];
}

/** The e-mails queued for a registration, by kind, sorted (jobs of one transaction share their time). */
async function queuedMails(registrationId: string): Promise<string[]> {
  const rows = await rowsOf<{ event: string }>(
    database.db,
    sql`SELECT payload->>'event' AS event FROM jobs WHERE kind = 'events.mail' AND payload->>'registrationId' = ${registrationId}`,
  );
  return rows.map((row) => row.event).sort();
}

describe('registering', () => {
  it('gives exactly the capacity in places under a crowd, and the rest positions 1..n in line', async () => {
    const eventId = await publishedEvent(router, database.db, manager, spaceId, { capacity: 10 });
    const crowd = await people(100);
    const outcomes = await Promise.all(crowd.map((person) => codeOf(register(person, eventId))));
    expect(outcomes.filter((code) => code !== 'ok')).toEqual([]);
    const rows = await rowsOf<{ status: string; waitlist_position: number | null }>(
      database.db,
      sql`SELECT status, waitlist_position FROM event_registrations WHERE event_id = ${eventId}`,
    );
    expect(rows.filter((row) => row.status === 'registered')).toHaveLength(10);
    const positions = rows
      .filter((row) => row.status === 'waitlisted')
      .map((row) => Number(row.waitlist_position))
      .sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 90 }, (_, index) => index + 1));
  }, 120_000);

  it('shows a waitlisted person their place in line, and a retried registration changes nothing', async () => {
    const eventId = await publishedEvent(router, database.db, manager, spaceId, { capacity: 1 });
    const [a, b, c] = await people(3);
    expect((await register(a!, eventId)).status).toBe('registered');
    expect(await register(b!, eventId)).toMatchObject({ status: 'waitlisted', position: 1 });
    expect(await register(c!, eventId)).toMatchObject({ status: 'waitlisted', position: 2 });
    expect(await register(c!, eventId)).toMatchObject({ status: 'waitlisted', position: 2 });
  });

  it('refuses an unconfirmed address, a members-only event to a stranger, and a closed registration', async () => {
    const unconfirmed = await insertPerson(database.db, { emailVerified: false });
    const [stranger, member] = await people(2);
    await addRole(database.db, spaceId, member!.id, 'member');
    const open = await publishedEvent(router, database.db, manager, spaceId);
    expect(await codeOf(register(unconfirmed, open))).toBe('failed-precondition:email-not-verified');
    const membersOnly = await publishedEvent(router, database.db, manager, spaceId, { membersOnly: true });
    expect(await codeOf(register(stranger!, membersOnly))).toBe('failed-precondition:members-only');
    expect(await codeOf(register(member!, membersOnly))).toBe('ok');
    const closing = await publishedEvent(router, database.db, manager, spaceId, {
      registrationDeadline: '2027-02-05T12:00',
    });
    clock.set('2027-02-05T12:00');
    expect(await codeOf(register(stranger!, closing))).toBe('failed-precondition:deadline-passed');
    clock.set('2027-02-01T08:00');
  });
});

describe('the waitlist', () => {
  it('offers a freed place to the first in line, passes an expired offer on, once with two runners', async () => {
    const eventId = await publishedEvent(router, database.db, manager, spaceId, { capacity: 1 });
    const [, b, c] = await freeTheOnlyPlace(eventId);
    const offer = (await mine(b!, eventId))!;
    expect(offer.status).toBe('offered');
    // 24 hours by default.
    expect(offer.offerExpiresAt).toBe(new Date(clock.now.getTime() + 24 * 3_600_000).toISOString());
    expect(await mine(c!, eventId)).toMatchObject({ status: 'waitlisted', position: 1 });
    expect(await queuedMails(offer.id)).toEqual(['offer', 'waitlisted']);
    // A day and an hour later the offer has expired: it passes to the next person.
    await runJobs(new Date(clock.now.getTime() + 25 * 3_600_000));
    expect(await mine(b!, eventId)).toMatchObject({ status: 'cancelled', endReason: 'offer-expired' });
    expect(await mine(c!, eventId)).toMatchObject({ status: 'offered' });
    expect(await queuedMails(offer.id)).toEqual(['offer', 'offer-expired', 'waitlisted']);
    const offered = await rowsOf<{ count: number }>(
      database.db,
      sql`SELECT count(*)::int AS count FROM activity_entries WHERE kind = 'registration.offered' AND details->>'eventId' = ${eventId}`,
    );
    expect(Number(offered[0]!.count)).toBe(2);
  });

  it('registers whoever accepts in time; a declined offer passes on', async () => {
    const eventId = await publishedEvent(router, database.db, manager, spaceId, { capacity: 1 });
    const [, b, c] = await freeTheOnlyPlace(eventId);
    expect(await codeOf(call(c!, 'events.acceptOffer', { eventId }))).toBe('failed-precondition:no-offer');
    await call(b!, 'events.declineOffer', { eventId });
    await runJobs(clock.now);
    const accepted = await call<TMyRegistration>(c!, 'events.acceptOffer', { eventId });
    expect(accepted.status).toBe('registered');
    expect(await queuedMails(accepted.id)).toEqual(['offer', 'registered', 'waitlisted']);
  });

  it('shortens an offer to end at the deadline, and makes none after it', async () => {
    const eventId = await publishedEvent(router, database.db, manager, spaceId, {
      capacity: 1,
      registrationDeadline: '2027-02-01T18:00',
    });
    const [, b, c] = await freeTheOnlyPlace(eventId);
    expect((await mine(b!, eventId))!.offerExpiresAt).toBe(localInstant('2027-02-01T18:00'));
    const later = new Date(localInstant('2027-02-01T18:30'));
    await runJobs(later);
    await sweepEvents(systemContext({ db: database.db, log, now: later }));
    expect(await mine(b!, eventId)).toMatchObject({ status: 'cancelled', endReason: 'offer-expired' });
    expect(await mine(c!, eventId)).toMatchObject({ status: 'waitlisted', position: 1 });
  });

  it('tells everyone when the event is cancelled and frees the room', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    const eventId = await publishedEvent(router, database.db, manager, spaceId, { capacity: 1, roomId });
    const [a, b] = await people(2);
    const registered = await register(a!, eventId);
    const waiting = await register(b!, eventId);
    const { told } = await call<{ told: number }>(manager, 'events.cancel', { id: eventId, reason: 'Grève' });
    expect(told).toBe(2);
    expect(await queuedMails(registered.id)).toContain('event-cancelled');
    expect(await queuedMails(waiting.id)).toContain('event-cancelled');
    const booking = await codeOf(
      call(a!, 'reservations.create', {
        roomId,
        startsAt: localInstant('2027-02-10T18:00'),
        endsAt: localInstant('2027-02-10T19:00'),
        attendees: 1,
        title: '',
        idempotencyKey: crypto.randomUUID(),
      }),
    );
    expect(booking).toBe('ok');
  });
});

describe('the room', () => {
  const slot = (roomId: string, from: string, to: string) => ({
    roomId,
    startsAt: localInstant(from),
    endsAt: localInstant(to),
    attendees: 1,
    title: '',
    idempotencyKey: crypto.randomUUID(),
  });

  it('refuses a booking over an event, and an event over a booking (the database decides)', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    const [member] = await people(1);
    await publishedEvent(router, database.db, manager, spaceId, { roomId });
    expect(
      await codeOf(
        call(member!, 'reservations.create', slot(roomId, '2027-02-10T19:00', '2027-02-10T20:00')),
      ),
    ).toMatch(/^already-exists/);
    await call(member!, 'reservations.create', slot(roomId, '2027-02-11T10:00', '2027-02-11T11:00'));
    expect(
      await codeOf(
        call(manager, 'events.create', {
          spaceId,
          event: {
            titleFr: 'Conférence',
            startsAt: '2027-02-11T09:00',
            endsAt: '2027-02-11T12:00',
            capacity: 5,
            roomId,
          },
        }),
      ),
    ).toBe('already-exists:room-taken');
    // In SQL too: an event's hold is a reservation row the exclusion constraint checks.
    expect(
      await refusalOf(
        database.db
          .execute(sql`UPDATE reservations SET starts_at = ${localInstant('2027-02-11T10:30')}::timestamptz,
            ends_at = ${localInstant('2027-02-11T11:30')}::timestamptz,
            blocked_until = ${localInstant('2027-02-11T11:30')}::timestamptz
        WHERE event_id IS NOT NULL AND room_id = ${roomId}`),
      ),
    ).toMatchObject({ sqlState: '23P01', constraint: 'reservations_no_overlap' });
  });

  it('keeps the hold out of the manager’s own reservations', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    await publishedEvent(router, database.db, manager, spaceId, {
      roomId,
      startsAt: '2027-02-12T18:00',
      endsAt: '2027-02-12T20:00',
    });
    const list = await call<{ items: unknown[] }>(manager, 'reservations.listMine', { scope: 'upcoming' });
    expect(JSON.stringify(list)).not.toContain('Atelier');
  });
});

describe('the door', () => {
  it('checks people in with one tap, counts them, and makes the rest no-shows after the end', async () => {
    const eventId = await publishedEvent(router, database.db, manager, spaceId, { capacity: 3 });
    const [a, b] = await people(2);
    const ra = await register(a!, eventId);
    await register(b!, eventId);
    await call(manager, 'events.checkIn', { registrationId: ra.id, present: true });
    const list = await call<{ attendedCount: number; expected: number }>(manager, 'events.listAttendees', {
      id: eventId,
    });
    expect(list).toMatchObject({ attendedCount: 1, expected: 1 });
    const after = new Date(localInstant('2027-02-10T20:01'));
    const swept = await sweepEvents(systemContext({ db: database.db, log, now: after }));
    expect(swept.noShows).toBeGreaterThanOrEqual(1);
    expect(await mine(b!, eventId)).toMatchObject({ status: 'no_show' });
    expect(await mine(a!, eventId)).toMatchObject({ status: 'attended' });
    // A second sweep changes nothing.
    expect((await sweepEvents(systemContext({ db: database.db, log, now: after }))).noShows).toBe(0);
  });

  it('never shows another attendee’s address to a member, only the names of those who opted in', async () => {
    const eventId = await publishedEvent(router, database.db, manager, spaceId);
    const [shown, hidden, reader] = await people(3);
    await call(shown!, 'events.register', { eventId, showName: true });
    await call(hidden!, 'events.register', { eventId, showName: false });
    await register(reader!, eventId);
    const page = await call<{ attendeeNames: string[]; registeredCount: number }>(reader!, 'events.get', {
      id: eventId,
    });
    expect(page.registeredCount).toBe(3);
    expect(page.attendeeNames).toEqual([shown!.session.user.name]);
    const text = JSON.stringify(page);
    for (const person of [shown!, hidden!, manager]) expect(text).not.toContain(person.email);
    expect(await codeOf(call(reader!, 'events.listAttendees', { id: eventId }))).toBe('permission-denied');
  });
});

describe('time', () => {
  it('reads wall-clock times in the space’s zone across the autumn change, and refuses a skipped one', async () => {
    const eventId = await publishedEvent(router, database.db, manager, spaceId, {
      startsAt: '2026-10-24T22:00',
      endsAt: '2026-10-25T10:00',
    });
    clock.set('2026-10-01T08:00');
    const page = await call<{ startsAt: string; endsAt: string }>(null, 'events.get', { id: eventId });
    expect(page.startsAt).toBe('2026-10-24T20:00:00.000Z');
    // 10:00 in winter time: 13 hours later, not 12.
    expect(page.endsAt).toBe('2026-10-25T09:00:00.000Z');
    expect(
      await codeOf(
        call(manager, 'events.create', {
          spaceId,
          event: {
            titleFr: 'Nuit blanche',
            startsAt: '2027-03-28T02:30',
            endsAt: '2027-03-28T05:00',
            capacity: 5,
          },
        }),
      ),
    ).toBe('invalid-argument:time-skipped');
    clock.set('2027-02-01T08:00');
  });
});

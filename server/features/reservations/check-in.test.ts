// @databases pglite postgres
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TReservation, TSpaceCalendar } from '#contract/reservations';
import { codeOf, featureTestFile } from '../../../tests/support/feature-test-file';
import { refusalOf } from '../../../tests/support/database-refusal';
import { rowsOf } from '../../db/rows';
import { addRole, insertPerson, insertRoom, insertSpace, type TestPerson } from '../../db/factories.fixtures';
import { checkInCodeOf, checkInReservation } from '../../platform/check-in';
import { createJobRunner, enqueueJob } from '../../platform/jobs';
import { log } from '../../platform/log';
import { systemContext } from '../../platform/service-context';
import { formulasCallables } from '../formulas/formulas.callables';
import { insertFormula, setActivation } from '../formulas/formulas.fixtures';
import { giveBillingDetails, setLegalIdentity } from '../invoices/invoices.fixtures';
import { sweepReservations } from './lifecycle.service';
import { reservationJobs, reservationSweepJob } from './reservation-jobs';
import { reservationsCallables } from './reservations.callables';
import { localInstant, recordingMailer, routerAtClock } from './reservations.fixtures';

/**
 * Check-in and the release of unclaimed bookings (issue 33, docs/decisions/034): the window's edges, who may
 * check in, the release after the grace period and not before, the freed remainder, the refunds per the
 * space's rule, the log and the no-show count, and one release however many runners race for it. The clock
 * is fixed; on PGlite, and on PostgreSQL where two runners really run at once.
 */
const { database, clock, call } = featureTestFile(
  (now) => routerAtClock([...reservationsCallables, ...formulasCallables], now),
  '2027-03-01T08:00',
);
let member: TestPerson;
let other: TestPerson;
let manager: TestPerson;
/** Releases unclaimed bookings after 15 minutes, with the rule each test sets. */
let releasing: string;
/** Has set nothing: release off. */
let plain: string;

beforeAll(async () => {
  member = await insertPerson(database.db, { name: 'Alex Member' });
  other = await insertPerson(database.db);
  manager = await insertPerson(database.db);
  releasing = await insertSpace(database.db);
  plain = await insertSpace(database.db);
  for (const spaceId of [releasing, plain]) await addRole(database.db, spaceId, manager.id, 'manager');
  await setLegalIdentity(database.db, releasing);
  await setActivation(database.db, releasing, 'purchase');
  for (const person of [member, other]) await giveBillingDetails(database.db, person.id);
  await setRule('none');
});

async function setRule(noShowRefund: 'none' | 'credits' | 'money') {
  await call(manager, 'reservations.updatePolicy', {
    spaceId: releasing,
    freeCancellationHours: 24,
    checkIn: { releaseUnclaimed: true, graceMinutes: 15, noShowRefund, opensMinutes: 15 },
  });
}

function book(roomId: string, from: string, to: string, person = member, payWith = 'price') {
  return call<TReservation>(person, 'reservations.create', {
    roomId,
    startsAt: localInstant(`2027-03-02T${from}`),
    endsAt: localInstant(`2027-03-02T${to}`),
    attendees: 1,
    idempotencyKey: randomUUID(),
    payWith,
  });
}

const at = (time: string) => clock.set(`2027-03-02T${time}`);
const checkIn = (id: string, person: TestPerson | null = member) =>
  codeOf(call(person, 'reservations.checkIn', { id }));
const sweep = () => sweepReservations(systemContext({ db: database.db, log, now: clock.now }));
const get = (id: string, person = member) => call<TReservation>(person, 'reservations.get', { id });

async function entries(reservationId: string) {
  return rowsOf<{
    kind: string;
    actor_type: string;
    about_user_id: string | null;
    details: Record<string, unknown>;
  }>(
    database.db,
    sql`SELECT kind, actor_type, about_user_id, details FROM activity_entries WHERE subject_id = ${reservationId}
        AND kind IN ('reservation.checked_in', 'reservation.released') ORDER BY id`,
  );
}

async function creditBalance(userId: string): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(
    database.db,
    sql`SELECT coalesce(sum(amount), 0)::int AS total FROM credit_entries WHERE user_id = ${userId}`,
  );
  return Number(row!.total);
}

describe('the check-in window', () => {
  it('opens 15 minutes before the start and closes with the grace period, or at the end when release is off', async () => {
    const roomId = await insertRoom(database.db, releasing);
    const early = await book(roomId, '10:00', '11:00');
    const late = await book(roomId, '11:00', '12:00');
    expect(early.checkIn).toMatchObject({
      code: expect.stringMatching(/^\d{6}$/),
      opensAt: localInstant('2027-03-02T09:45'),
      closesAt: localInstant('2027-03-02T10:15'),
      releases: true,
      canCheckIn: false,
    });
    at('09:44');
    expect(await checkIn(early.id)).toBe('failed-precondition:check-in-not-open');
    at('09:45');
    expect((await get(early.id)).checkIn?.canCheckIn).toBe(true);
    expect(await checkIn(early.id)).toBe('ok');
    expect(await checkIn(early.id)).toBe('failed-precondition:already-checked-in');
    expect((await get(early.id)).checkIn).toMatchObject({
      via: 'member',
      checkedInAt: clock.now.toISOString(),
    });
    clock.now = new Date(Date.parse(localInstant('2027-03-02T11:15')) - 1);
    expect(await checkIn(late.id, other)).toBe('not-found');
    expect(await checkIn(late.id)).toBe('ok');
    const plainRoom = await insertRoom(database.db, plain);
    at('08:00');
    const unreleased = await book(plainRoom, '13:00', '14:00');
    expect(unreleased.checkIn).toMatchObject({ releases: false, closesAt: localInstant('2027-03-02T14:00') });
    at('14:00');
    expect(await checkIn(unreleased.id)).toBe('failed-precondition:check-in-closed');
    expect(await entries(early.id)).toMatchObject([
      { kind: 'reservation.checked_in', actor_type: 'user', about_user_id: null, details: { via: 'member' } },
    ]);
  });

  it('a manager checks a member in from the planning; a door display needs its room and the code', async () => {
    const roomId = await insertRoom(database.db, releasing);
    const otherRoom = await insertRoom(database.db, releasing);
    at('08:00');
    const first = await book(roomId, '15:00', '16:00');
    const second = await book(roomId, '16:00', '17:00');
    at('15:05');
    const planning = await call<TSpaceCalendar>(manager, 'reservations.spaceCalendar', {
      spaceId: releasing,
      date: '2027-03-02',
    });
    expect(planning.entries.find((entry) => entry.id === first.id)).toMatchObject({ canCheckIn: true });
    const checked = await call<TReservation>(manager, 'reservations.checkIn', { id: first.id });
    expect(checked.checkIn).toMatchObject({ via: 'manager', canCheckIn: false });
    expect(await entries(first.id)).toMatchObject([
      { kind: 'reservation.checked_in', about_user_id: member.id, details: { via: 'manager' } },
    ]);

    at('15:50');
    const display = (roomOf: string, code: string) =>
      codeOf(
        checkInReservation(systemContext({ db: database.db, log, now: clock.now }), {
          reservationId: second.id,
          display: { roomId: roomOf, code },
        }),
      );
    const code = second.checkIn!.code;
    expect(await checkInCodeOf(database.db, second.id)).toBe(code);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await display(roomId, wrong)).toBe('invalid-argument:check-in-code');
    expect(await display(otherRoom, code)).toBe('not-found');
    expect(await display(roomId, code)).toBe('ok');
    expect(await entries(second.id)).toMatchObject([
      { kind: 'reservation.checked_in', actor_type: 'system', details: { via: 'display' } },
    ]);
  });
});

describe('the release of unclaimed bookings', () => {
  it('releases after the grace period and not before, never a checked-in booking, and frees the rest at once', async () => {
    await setRule('none');
    const roomId = await insertRoom(database.db, releasing);
    const keptRoom = await insertRoom(database.db, releasing);
    const plainRoom = await insertRoom(database.db, plain);
    at('08:00');
    const unclaimed = await book(roomId, '09:00', '11:00');
    const claimed = await book(keptRoom, '09:00', '11:00');
    const unreleased = await book(plainRoom, '09:00', '11:00');
    at('09:00');
    expect(await checkIn(claimed.id)).toBe('ok');
    // Taken until then: nobody else may book the rest yet.
    expect(await codeOf(book(roomId, '09:30', '11:00', other))).toBe('already-exists:slot-taken');
    clock.now = new Date(Date.parse(localInstant('2027-03-02T09:15')) - 1);
    expect((await sweep()).released).toBe(0);
    at('09:15');
    expect(await sweep()).toMatchObject({ released: 1 });
    expect(await get(unclaimed.id)).toMatchObject({
      status: 'no_show',
      releasedAt: clock.now.toISOString(),
      canCancel: false,
    });
    expect((await get(claimed.id)).status).toBe('confirmed');
    expect((await get(unreleased.id)).status).toBe('confirmed');
    expect(await checkIn(unclaimed.id)).toBe('failed-precondition:not-active');
    // The rest of the slot is free at once: booked on the next step of the room.
    expect((await book(roomId, '09:30', '11:00', other)).status).toBe('confirmed');

    const [released] = await entries(unclaimed.id);
    expect(released).toMatchObject({
      kind: 'reservation.released',
      actor_type: 'system',
      about_user_id: member.id,
      details: { noShowRefund: 'none', releasedAt: clock.now.toISOString() },
    });
    const mails = await rowsOf<{ payload: unknown }>(
      database.db,
      sql`SELECT payload FROM jobs WHERE kind = 'reservations.mail' AND payload->>'reservationId' = ${unclaimed.id}`,
    );
    expect(mails.map((job) => job.payload)).toContainEqual({
      reservationId: unclaimed.id,
      event: 'released',
    });
    const [counted] = await rowsOf<{ no_shows: number }>(
      database.db,
      sql`SELECT sum(no_shows)::int AS no_shows FROM room_day_use WHERE room_id = ${roomId}`,
    );
    expect(counted!.no_shows).toBe(1);

    at('11:00');
    await sweep();
    expect((await get(claimed.id)).status).toBe('completed');
    expect((await get(unreleased.id)).status).toBe('completed');
    // The database keeps a checked-in booking from ever being released.
    expect(
      await refusalOf(
        database.db.execute(
          sql`UPDATE reservations SET status = 'no_show', released_at = now() WHERE id = ${claimed.id}`,
        ),
      ),
    ).toMatchObject({ sqlState: '23514', constraint: 'reservations_released_not_checked_in' });
  });

  it('gives back per the space’s rule: nothing, the credits, or a credit note of the price', async () => {
    // The e-mails of the releases earlier tests made are still queued: this test reads only its own.
    await database.db.execute(sql`DELETE FROM jobs`);
    const formulaId = await insertFormula(database.db, releasing);
    at('08:00');
    await call(member, 'formulas.buy', { formulaId, paymentMethod: 'on_site', idempotencyKey: randomUUID() });
    const full = await creditBalance(member.id);
    const roomId = await insertRoom(database.db, releasing);

    const byRule: Array<['none' | 'credits' | 'money', string, string]> = [
      ['none', '12:00', '13:00'],
      ['credits', '13:00', '14:00'],
      ['money', '14:00', '15:00'],
    ];
    const released: Record<string, { credit: string; price: string }> = {};
    for (const [rule, from, to] of byRule) {
      await setRule(rule);
      at('08:00');
      const credit = await book(roomId, from, to, member, 'credits');
      const price = await book(await insertRoom(database.db, releasing), from, to);
      clock.now = new Date(Date.parse(localInstant(`2027-03-02T${from}`)) + 15 * 60_000);
      expect((await sweep()).released).toBe(2);
      released[rule] = { credit: credit.id, price: price.id };
    }
    // One hour of credit went for each booking; `credits` and `money` gave theirs back.
    expect(await creditBalance(member.id)).toBe(full - 60);
    const notes = await rowsOf<{ number: string }>(
      database.db,
      sql`SELECT number FROM invoices WHERE kind = 'credit_note' AND buyer_user_id = ${member.id}`,
    );
    expect(notes).toHaveLength(1);
    expect((await entries(released.credits!.credit))[0]!.details).toMatchObject({
      noShowRefund: 'credits',
      creditRefund: 'refunded',
      creditAmount: 60,
    });
    expect((await entries(released.money!.price))[0]!.details).toMatchObject({
      noShowRefund: 'money',
      creditNoteNumber: notes[0]!.number,
    });
    expect((await entries(released.none!.credit))[0]!.details).not.toHaveProperty('creditRefund');

    // The member is told why, and what came back, by e-mail (in their language: French here).
    const mailer = recordingMailer();
    await database.db.execute(sql`DELETE FROM jobs WHERE payload->>'event' IS DISTINCT FROM 'released'`);
    await createJobRunner({
      db: database.db,
      jobs: reservationJobs,
      baseUrl: 'https://escale.test',
      mailer,
      log,
    }).runDue(new Date(Date.parse(localInstant('2027-03-02T16:00'))));
    const said = mailer.sent.map((mail) => mail.text);
    expect(mailer.sent.map((mail) => mail.subject)).toEqual(
      Array(6).fill(expect.stringMatching(/^Réservation libérée/)),
    );
    expect(said.filter((text) => text.includes('dans les 15 minutes après son début'))).toHaveLength(6);
    expect(said.filter((text) => text.includes('Vos crédits vous ont été rendus.'))).toHaveLength(2);
    expect(said.filter((text) => text.includes('remboursé par un avoir'))).toHaveLength(1);
    expect(said.filter((text) => text.includes('n’est pas remboursée'))).toHaveLength(3);
  });

  it('releases once, whatever the number of runners and sweeps racing for it', async () => {
    await setRule('credits');
    const formulaId = await insertFormula(database.db, releasing);
    at('08:00');
    await call(other, 'formulas.buy', { formulaId, paymentMethod: 'on_site', idempotencyKey: randomUUID() });
    const before = await creditBalance(other.id);
    const roomId = await insertRoom(database.db, releasing);
    const booked = await book(roomId, '17:00', '18:00', other, 'credits');
    at('17:15');
    // Only the sweep is due: the runners race for its one row.
    await database.db.execute(sql`DELETE FROM jobs`);
    await enqueueJob(
      database.db,
      reservationSweepJob,
      {},
      { dedupeKey: `recurring:${reservationSweepJob.kind}` },
    );
    const runner = (workerId: string) =>
      createJobRunner({
        db: database.db,
        jobs: [reservationSweepJob],
        baseUrl: 'https://escale.test',
        mailer: recordingMailer(),
        log,
        workerId,
      });
    await Promise.all([runner('a').runDue(clock.now), runner('b').runDue(clock.now), sweep(), sweep()]);
    const [ran] = await rowsOf<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM jobs WHERE kind = ${reservationSweepJob.kind} AND status = 'done'`,
    );
    expect(ran!.n).toBe(1);
    expect((await get(booked.id, other)).status).toBe('no_show');
    expect(await entries(booked.id)).toHaveLength(1);
    expect(await creditBalance(other.id)).toBe(before);
    const mails = await rowsOf<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'reservations.mail' AND payload->>'reservationId' = ${booked.id}
          AND payload->>'event' = 'released'`,
    );
    expect(mails[0]!.n).toBe(1);
  });
});

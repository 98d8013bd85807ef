// @databases pglite postgres
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#contract/errors';
import type { TLedgerLine } from '#contract/formulas';
import type { TReservation } from '#contract/reservations';
import { featureTestFile } from '../../../tests/support/feature-test-file';
import { rowsOf } from '../../db/rows';
import { localInstant } from '../reservations/reservations.fixtures';
import {
  insertPerson,
  insertRoom,
  insertSpace,
  ALWAYS_OPEN,
  type TestPerson,
} from '../../db/factories.fixtures';
import { formulasRouter, insertFormula, setActivation } from './formulas.fixtures';
import { sweepPlans } from './plans-sweep.service';
import { refusalOf } from '../../../tests/support/database-refusal';

/**
 * The credit ledger (docs/decisions/021): balances are sums, a lot never goes negative however many
 * bookings race for it, the lot that expires first is spent first, refunds go back to the same lot, and
 * the database refuses UPDATE and DELETE of an entry.
 */
const { database, clock, call, system } = featureTestFile(formulasRouter, '2027-02-01T08:00');
let spaceId: string;

beforeAll(async () => {
  spaceId = await insertSpace(database.db, { hours: ALWAYS_OPEN });
  await setActivation(database.db, spaceId, 'purchase');
});

async function buy(person: TestPerson, formulaId: string) {
  return call<{ planId: string; order: { id: string } }>(person, 'formulas.buy', {
    formulaId,
    paymentMethod: 'on_site',
    idempotencyKey: randomUUID(),
  });
}

function book(person: TestPerson, roomId: string, startsAt: string, endsAt: string, payWith = 'credits') {
  return call<TReservation>(person, 'reservations.create', {
    roomId,
    startsAt,
    endsAt,
    attendees: 1,
    title: '',
    idempotencyKey: randomUUID(),
    payWith,
  });
}

async function balances(userId: string) {
  return rowsOf<{ lot_id: string; balance: number }>(
    database.db,
    sql`SELECT l.id AS lot_id, coalesce(sum(e.amount), 0)::int AS balance FROM credit_lots l
        LEFT JOIN credit_entries e ON e.lot_id = l.id WHERE l.user_id = ${userId} GROUP BY l.id ORDER BY l.valid_until`,
  );
}
const total = async (userId: string) =>
  (await balances(userId)).reduce((sum, lot) => sum + Number(lot.balance), 0);

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, reason: error.details?.reason };
    throw error;
  }
  return null;
}

describe('paying bookings with credit', () => {
  it('50 concurrent 2-hour bookings on different rooms against 10 hours: 5 succeed, 45 failed-precondition', async () => {
    const member = await insertPerson(database.db);
    const pack = await insertFormula(database.db, spaceId, { creditAmount: 600 });
    await buy(member, pack);
    const roomIds: string[] = [];
    for (let i = 0; i < 50; i++) roomIds.push(await insertRoom(database.db, spaceId));
    const startsAt = localInstant('2027-02-02T10:00');
    const endsAt = localInstant('2027-02-02T12:00');
    const outcomes = await Promise.all(
      roomIds.map((roomId) =>
        book(member, roomId, startsAt, endsAt).then(
          () => 'ok',
          (error: unknown) =>
            error instanceof AppError ? `${error.code}:${String(error.details?.reason)}` : 'thrown',
        ),
      ),
    );
    const tally: Record<string, number> = {};
    for (const outcome of outcomes) tally[outcome] = (tally[outcome] ?? 0) + 1;
    expect(tally).toEqual({ ok: 5, 'failed-precondition:not-enough-credit': 45 });
    expect(await total(member.id)).toBe(0);
    expect((await balances(member.id)).every((lot) => Number(lot.balance) >= 0)).toBe(true);
    const [{ bookings }] = (await rowsOf<{ bookings: number }>(
      database.db,
      sql`SELECT count(*)::int AS bookings FROM reservations WHERE user_id = ${member.id}`,
    )) as [{ bookings: number }];
    expect(bookings).toBe(5);
  });

  it('spends the lot that expires first (FEFO) across two lots', async () => {
    const member = await insertPerson(database.db);
    const long = await insertFormula(database.db, spaceId, { creditAmount: 600, validityDays: 90 });
    const short = await insertFormula(database.db, spaceId, { creditAmount: 120, validityDays: 10 });
    await buy(member, long);
    await buy(member, short);
    const room = await insertRoom(database.db, spaceId);
    await book(member, room, localInstant('2027-02-03T10:00'), localInstant('2027-02-03T11:00'));
    const lots = await balances(member.id);
    // The 10-day lot (first to expire) paid: 2 h − 1 h; the 90-day lot untouched.
    expect(lots.map((lot) => Number(lot.balance))).toEqual([60, 600]);
    // The next 2 h do not fit the short lot's 1 h: the long one pays.
    await book(member, room, localInstant('2027-02-03T12:00'), localInstant('2027-02-03T14:00'));
    expect((await balances(member.id)).map((lot) => Number(lot.balance))).toEqual([60, 480]);
  });

  it('refuses credit outside its validity and for a room kind the formula does not cover', async () => {
    const member = await insertPerson(database.db);
    await buy(member, await insertFormula(database.db, spaceId, { creditAmount: 600, validityDays: 3 }));
    const room = await insertRoom(database.db, spaceId);
    const desk = await insertRoom(database.db, spaceId, { kind: 'desk' });
    // 3 days from 1 February: valid until 4 February, midnight in Paris.
    expect(
      await refusal(book(member, room, localInstant('2027-02-05T10:00'), localInstant('2027-02-05T11:00'))),
    ).toEqual({
      code: 'failed-precondition',
      reason: 'no-usable-credit',
    });
    expect(
      await refusal(book(member, desk, localInstant('2027-02-02T10:00'), localInstant('2027-02-02T11:00'))),
    ).toEqual({
      code: 'failed-precondition',
      reason: 'no-usable-credit',
    });
    expect(await total(member.id)).toBe(600);
  });

  it('refunds a cancelled booking to the same lot; after the lot expired, grants nothing and says so', async () => {
    const member = await insertPerson(database.db);
    await buy(member, await insertFormula(database.db, spaceId, { creditAmount: 600, validityDays: 30 }));
    const room = await insertRoom(database.db, spaceId);
    const first = await book(
      member,
      room,
      localInstant('2027-02-10T10:00'),
      localInstant('2027-02-10T12:00'),
    );
    expect(await total(member.id)).toBe(480);
    await call(member, 'reservations.cancel', { id: first.id });
    expect(await total(member.id)).toBe(600);
    // A booking on the lot's last day, cancelled (by a manager, any time) after the lot expired.
    const late = await book(member, room, localInstant('2027-03-02T22:00'), localInstant('2027-03-02T23:00'));
    expect(await total(member.id)).toBe(540);
    clock.set('2027-03-03T00:30');
    await sweepPlans(system());
    const admin = await insertPerson(database.db, { isAdmin: true });
    await call(admin, 'reservations.cancel', { id: late.id, reason: 'Salle inondée' });
    const [entry] = await rowsOf<{ details: Record<string, unknown> }>(
      database.db,
      sql`SELECT details FROM activity_entries WHERE subject_id = ${late.id} AND kind = 'reservation.cancelled'`,
    );
    expect(entry!.details).toMatchObject({ creditRefund: 'lot-expired', creditAmount: 60 });
    const refunds = await rowsOf(
      database.db,
      sql`SELECT 1 FROM credit_entries WHERE reservation_id = ${late.id} AND kind = 'refund'`,
    );
    expect(refunds).toHaveLength(0);
    // The ledger explains the balance line by line, newest first, each with its lot's balance after it.
    const ledger = await call<{ lines: Array<{ kind: string; amount: number; balanceAfter: number }> }>(
      member,
      'plans.ledger',
      {},
    );
    expect(ledger.lines.map((line) => [line.kind, line.amount, line.balanceAfter])).toEqual([
      ['expiry', -540, 0],
      ['debit', -60, 540],
      ['refund', 120, 600],
      ['debit', -120, 480],
      ['grant', 600, 600],
    ]);
    clock.set('2027-02-01T08:00');
  });

  it('says how a booking was paid (the credit it took, given back or not, or null at price) and which formula each ledger line is of', async () => {
    const member = await insertPerson(database.db);
    const formulaId = await insertFormula(database.db, spaceId, { creditAmount: 600, validityDays: 30 });
    await buy(member, formulaId);
    const room = await insertRoom(database.db, spaceId);
    const paid = await book(member, room, localInstant('2027-02-11T10:00'), localInstant('2027-02-11T12:00'));
    expect(paid.paidWithCredits).toEqual({ amount: 120, unit: 'minutes', refunded: false });
    const atPrice = await book(
      member,
      room,
      localInstant('2027-02-11T14:00'),
      localInstant('2027-02-11T15:00'),
      'price',
    );
    expect(atPrice.paidWithCredits).toBeNull();
    const cancelled = await call<TReservation>(member, 'reservations.cancel', { id: paid.id });
    expect(cancelled.paidWithCredits).toEqual({ amount: 120, unit: 'minutes', refunded: true });
    const { lines } = await call<{ lines: TLedgerLine[] }>(member, 'plans.ledger', {});
    expect(lines.map((line) => [line.kind, line.formula.id, line.timeZone])).toEqual([
      ['refund', formulaId, 'Europe/Paris'],
      ['debit', formulaId, 'Europe/Paris'],
      ['grant', formulaId, 'Europe/Paris'],
    ]);
    // Bought on 1 February for 30 days: its lot ends at midnight starting 3 March, its last day is 2 March.
    expect(lines[2]!.lotValidUntil).toBe('2027-03-02T23:00:00.000Z');
  });

  it('freezes the credit of a suspended plan (unpaid past grace) and frees it once paid', async () => {
    const member = await insertPerson(database.db);
    const manager = await insertPerson(database.db, { isAdmin: true });
    const { order } = await buy(member, await insertFormula(database.db, spaceId, { creditAmount: 600 }));
    clock.set('2027-02-09T08:00');
    expect((await sweepPlans(system())).suspended).toBeGreaterThanOrEqual(1);
    const room = await insertRoom(database.db, spaceId);
    expect(
      await refusal(book(member, room, localInstant('2027-02-10T10:00'), localInstant('2027-02-10T11:00'))),
    ).toMatchObject({
      reason: 'no-usable-credit',
    });
    await call(manager, 'orders.markPaid', { orderId: order.id });
    await book(member, room, localInstant('2027-02-10T10:00'), localInstant('2027-02-10T11:00'));
    expect(await total(member.id)).toBe(540);
    clock.set('2027-02-01T08:00');
  });
});

describe('the ledger in the database', () => {
  it('refuses UPDATE, DELETE and a debit that would make a lot negative', async () => {
    const member = await insertPerson(database.db);
    await buy(member, await insertFormula(database.db, spaceId, { creditAmount: 60 }));
    const [lot] = await balances(member.id);
    const state = async (query: ReturnType<typeof sql>) =>
      (await refusalOf(database.db.execute(query))).sqlState;
    expect(await state(sql`UPDATE credit_entries SET amount = 6000 WHERE lot_id = ${lot!.lot_id}`)).toBe(
      '42501',
    );
    expect(await state(sql`DELETE FROM credit_entries WHERE lot_id = ${lot!.lot_id}`)).toBe('42501');
    expect(await state(sql`TRUNCATE credit_entries`)).toBe('42501');
    expect(
      await state(
        sql`UPDATE credit_lots SET valid_until = valid_until + interval '1 year' WHERE id = ${lot!.lot_id}`,
      ),
    ).toBe('42501');
    expect(
      await state(sql`INSERT INTO credit_entries (lot_id, user_id, kind, amount, reason, occurred_at)
                      VALUES (${lot!.lot_id}, ${member.id}, 'adjustment', -61, 'trop', now())`),
    ).toBe('EC001');
    expect(
      await state(sql`INSERT INTO credit_entries (lot_id, user_id, kind, amount, occurred_at)
                      VALUES (${lot!.lot_id}, ${member.id}, 'adjustment', 10, now())`),
    ).toBe('23514');
    expect(await total(member.id)).toBe(60);
  });
});

import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import { INSUFFICIENT_CREDIT_SQLSTATE, type CreditUnit } from '#contract/formulas.plain';
import type { RoomKind } from '#contract/rooms';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { sqlStateOf, type Tx } from '../db/transaction';
import { SPENDABLE_PLAN_STATUSES } from '#contract/formulas.plain';
import { statusIn } from '../db/status-sql';

/**
 * The credit ledger (docs/decisions/021-formulas-and-credit-ledger.md): what bookings, formulas and the
 * renewal jobs share. Balances are sums of entries, never stored; the database refuses an entry that would
 * make a lot negative (SQLSTATE EC001) or a debit its lot cannot pay (EC002, migration 0017).
 */

/** The lot's balance as a SQL expression (`credit_lots` in scope). */
export const lotBalanceSql = sql`(SELECT coalesce(sum(amount), 0) FROM credit_entries WHERE lot_id = credit_lots.id)`;

/** What paying a booking with credit costs: its minutes, or one entry. */
export function creditCost(unit: CreditUnit, startsAt: Date, endsAt: Date): number {
  return unit === 'entries' ? 1 : Math.round((endsAt.getTime() - startsAt.getTime()) / 60_000);
}

export interface UsableLot {
  id: string;
  unit: CreditUnit;
  validUntil: Date;
  balance: number;
}

export interface CreditSlot {
  userId: string;
  spaceId: string;
  roomKind: RoomKind;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The member's lots that could pay for a slot, the first to expire first (FEFO): of the room's space, in a
 * plan that may be spent, covering the room's kind, valid over the whole slot and not paused during it (empty ones too: the member holds credit, not enough). With
 * `lock`, the lots are locked (in id order, so two bookings never wait for each other in a circle) and the
 * balances read afterwards are final until the transaction ends.
 */
export async function usableLots(
  db: Db | Tx,
  slot: CreditSlot,
  options: { lock?: boolean } = {},
): Promise<UsableLot[]> {
  const where = sql`credit_lots.user_id = ${slot.userId} AND credit_lots.space_id = ${slot.spaceId}
      AND ${slot.roomKind} = ANY (credit_lots.room_kinds)
      AND credit_lots.valid_from <= ${slot.startsAt.toISOString()}::timestamptz
      AND credit_lots.valid_until >= ${slot.endsAt.toISOString()}::timestamptz
      AND EXISTS (SELECT 1 FROM plans WHERE plans.id = credit_lots.plan_id AND ${statusIn(sql`plans.status`, SPENDABLE_PLAN_STATUSES)})
      AND NOT EXISTS (SELECT 1 FROM plan_pauses WHERE plan_pauses.plan_id = credit_lots.plan_id
                        AND plan_pauses.status <> 'cancelled'
                        AND plan_pauses.starts_at < ${slot.endsAt.toISOString()}::timestamptz
                        AND plan_pauses.ends_at > ${slot.startsAt.toISOString()}::timestamptz)`;
  if (options.lock) {
    await rowsOf(db, sql`SELECT id FROM credit_lots WHERE ${where} ORDER BY id FOR UPDATE`);
  }
  const rows = await rowsOf<{ id: string; unit: CreditUnit; valid_until: string; balance: number }>(
    db,
    sql`SELECT id, unit, to_json(valid_until) #>> '{}' AS valid_until, ${lotBalanceSql}::int AS balance
        FROM credit_lots WHERE ${where}
        ORDER BY valid_until, created_at, id`,
  );
  return rows.map((row) => ({
    id: row.id,
    unit: row.unit,
    validUntil: new Date(row.valid_until),
    balance: Number(row.balance),
  }));
}

/**
 * What paying a slot with credit would do, before booking: null when no lot could pay for it. An event's
 * registration passes its own price in minutes (`minutes`) instead of the slot's length.
 */
export function creditQuote(lots: UsableLot[], slot: { startsAt: Date; endsAt: Date; minutes?: number }) {
  // Minutes first (a pack or a membership), entries otherwise (a day pass).
  const unit: CreditUnit | null = lots.some((lot) => lot.unit === 'minutes')
    ? 'minutes'
    : lots.some((lot) => lot.unit === 'entries')
      ? 'entries'
      : null;
  if (!unit) return null;
  const ofUnit = lots.filter((lot) => lot.unit === unit);
  const cost =
    unit === 'minutes' && slot.minutes !== undefined
      ? slot.minutes
      : creditCost(unit, slot.startsAt, slot.endsAt);
  const balanceBefore = ofUnit.reduce((sum, lot) => sum + lot.balance, 0);
  const lot = ofUnit.find((candidate) => candidate.balance >= cost) ?? null;
  return { unit, cost, balanceBefore, balanceAfter: balanceBefore - cost, lot };
}

/**
 * What paying a slot with credit would cost and leave, as the booking and event panels show it; null when
 * no lot of the member covers it.
 */
export async function creditOption(db: Db | Tx, slot: CreditSlot & { minutes?: number }) {
  const quote = creditQuote(await usableLots(db, slot), slot);
  if (!quote) return null;
  return {
    unit: quote.unit,
    cost: quote.cost,
    balanceBefore: quote.balanceBefore,
    balanceAfter: quote.balanceAfter,
    enough: quote.lot !== null,
  };
}

const notEnoughCredit = () =>
  new AppError('failed-precondition', 'Not enough credit for this booking', { reason: 'not-enough-credit' });

/** A debit: the lot that pays and what it took (in its unit). */
type Debit = { lotId: string; amount: number; unit: CreditUnit };

/**
 * Debits what `slot` costs from the lot that pays for it, the entry written by `entry` (a booking's or a
 * registration's) with the lot and the (negative) amount. Refuses `no-usable-credit` when no lot covers the
 * slot (`no credit can pay for this <what>`), `not-enough-credit` when none holds enough (or the database
 * finds the lot short when writing).
 */
async function debitFirstLot(
  tx: Tx,
  slot: CreditSlot & { minutes?: number },
  what: string,
  entry: (lotId: string, amount: number) => SQL,
): Promise<Debit> {
  const quote = creditQuote(await usableLots(tx, slot, { lock: true }), slot);
  if (!quote) {
    throw new AppError('failed-precondition', `No credit can pay for this ${what}`, {
      reason: 'no-usable-credit',
    });
  }
  if (!quote.lot) throw notEnoughCredit();
  try {
    await tx.execute(entry(quote.lot.id, -quote.cost));
  } catch (error) {
    if (sqlStateOf(error) === INSUFFICIENT_CREDIT_SQLSTATE) throw notEnoughCredit();
    throw error;
  }
  return { lotId: quote.lot.id, amount: quote.cost, unit: quote.unit };
}

/**
 * Debits a booking in its own transaction: the lot that expires first among those that hold enough.
 * A booking is paid from one lot (a ledger line names one lot and one booking). Throws
 * `failed-precondition` (`no-usable-credit`, `not-enough-credit`) so the booking rolls back with it.
 */
export async function debitForBooking(
  tx: Tx,
  slot: CreditSlot & { reservationId: string; actorId: string | null; now: Date },
): Promise<Debit> {
  return debitFirstLot(
    tx,
    slot,
    'booking',
    (lotId, amount) => sql`
      INSERT INTO credit_entries (lot_id, user_id, kind, amount, reservation_id, actor_id, occurred_at)
      VALUES (${lotId}, ${slot.userId}, 'debit', ${amount}, ${slot.reservationId}, ${slot.actorId},
              ${slot.now.toISOString()}::timestamptz)`,
  );
}

/**
 * What a booking's credit paid, read beside the booking (`reservationId`: its id column): the credit it took
 * (a positive amount, null when it was paid at price), that credit's unit, and whether it was given back. One
 * debit and one refund at most per booking (unique indexes), so each is one index lookup.
 */
export function bookingCreditColumns(reservationId: SQL | AnyColumn) {
  return {
    amount: sql<number | null>`(SELECT -e.amount FROM credit_entries e
        WHERE e.reservation_id = ${reservationId} AND e.kind = 'debit')`,
    unit: sql<CreditUnit | null>`(SELECT l.unit FROM credit_entries e JOIN credit_lots l ON l.id = e.lot_id
        WHERE e.reservation_id = ${reservationId} AND e.kind = 'debit')`,
    refunded: sql<boolean>`EXISTS (SELECT 1 FROM credit_entries e
        WHERE e.reservation_id = ${reservationId} AND e.kind = 'refund')`,
  };
}

export type RefundOutcome =
  | { status: 'none' }
  | { status: 'refunded'; amount: number; unit: CreditUnit; lotId: string }
  | { status: 'lot-expired'; amount: number; unit: CreditUnit; lotId: string };

/**
 * Gives back what a cancelled booking took, to the same lot, in the cancellation's transaction. When that
 * lot has expired meanwhile, nothing is granted and the outcome says so. Once per booking (a unique index).
 */
export async function refundBooking(
  tx: Tx,
  input: { reservationId: string; actorId: string | null; now: Date },
): Promise<RefundOutcome> {
  return refundDebit(tx, { reservationId: input.reservationId }, input);
}

// ——— Event registrations (docs/decisions/025-events-and-waitlist.md) ———

/** A registration paid with credit: its event's slot, the room kind a lot must cover, and its round. */
export interface RegistrationCharge extends CreditSlot {
  registrationId: string;
  round: number;
  /** What a place costs in minutes (a lot counting entries pays one). */
  minutes: number;
  actorId: string | null;
  now: Date;
}

/**
 * Debits a registration's place from the member's lot that expires first among those holding enough, in the
 * registration's unit of work (the database checks the lot may pay it: migration 0023). Throws
 * `failed-precondition` (`no-usable-credit`, `not-enough-credit`) so the registration rolls back with it.
 */
export async function debitForRegistration(tx: Tx, charge: RegistrationCharge): Promise<Debit> {
  return debitFirstLot(
    tx,
    charge,
    'event',
    (lotId, amount) => sql`
      INSERT INTO credit_entries (lot_id, user_id, kind, amount, registration_id, registration_round, actor_id, occurred_at)
      VALUES (${lotId}, ${charge.userId}, 'debit', ${amount}, ${charge.registrationId}, ${charge.round},
              ${charge.actorId}, ${charge.now.toISOString()}::timestamptz)`,
  );
}

/**
 * Gives back what a registration's round took, to the same lot, in the cancellation's unit of work; nothing
 * when that lot has expired meanwhile (the outcome says so). Once per round (a unique index).
 */
export async function refundRegistration(
  tx: Tx,
  input: { registrationId: string; round: number; actorId: string | null; now: Date },
): Promise<RefundOutcome> {
  return refundDebit(tx, { registrationId: input.registrationId, round: input.round }, input);
}

/** What a debit paid for: a booking, or one round of a registration. */
type DebitFor = { reservationId: string } | { registrationId: string; round: number };

/** Gives a debit back to its lot, once (a unique index on the refund), unless the lot has expired. */
async function refundDebit(
  tx: Tx,
  debitFor: DebitFor,
  at: { actorId: string | null; now: Date },
): Promise<RefundOutcome> {
  const byBooking = 'reservationId' in debitFor;
  const sameSale = byBooking
    ? sql`r.reservation_id = e.reservation_id`
    : sql`r.registration_id = e.registration_id AND r.registration_round = e.registration_round`;
  const debitOf = byBooking
    ? sql`e.reservation_id = ${debitFor.reservationId}`
    : sql`e.registration_id = ${debitFor.registrationId} AND e.registration_round = ${debitFor.round}`;
  const [debit] = await rowsOf<{
    lot_id: string;
    amount: number;
    user_id: string;
    unit: CreditUnit;
    expired: boolean;
    refunded: boolean;
  }>(
    tx,
    sql`SELECT e.lot_id, e.amount, e.user_id, l.unit,
               l.valid_until <= ${at.now.toISOString()}::timestamptz AS expired,
               EXISTS (SELECT 1 FROM credit_entries r WHERE ${sameSale} AND r.kind = 'refund') AS refunded
        FROM credit_entries e JOIN credit_lots l ON l.id = e.lot_id
        WHERE ${debitOf} AND e.kind = 'debit'`,
  );
  if (!debit || debit.refunded) return { status: 'none' };
  const amount = -Number(debit.amount);
  if (debit.expired) return { status: 'lot-expired', amount, unit: debit.unit, lotId: debit.lot_id };
  const sale = byBooking
    ? { reservationId: debitFor.reservationId, registrationId: null, round: null }
    : { reservationId: null, registrationId: debitFor.registrationId, round: debitFor.round };
  await tx.execute(sql`
    INSERT INTO credit_entries (lot_id, user_id, kind, amount, reservation_id, registration_id, registration_round,
                                actor_id, occurred_at)
    VALUES (${debit.lot_id}, ${debit.user_id}, 'refund', ${amount}, ${sale.reservationId}, ${sale.registrationId},
            ${sale.round}, ${at.actorId}, ${at.now.toISOString()}::timestamptz)
    ON CONFLICT DO NOTHING`);
  return { status: 'refunded', amount, unit: debit.unit, lotId: debit.lot_id };
}

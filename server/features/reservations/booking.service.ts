import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import { priceBooking, type TPrice } from '#contract/pricing';
import { DEFAULT_FREE_CANCELLATION_HOURS } from '#contract/reservations';
import type { RoomKind } from '#contract/rooms';
import type { Db } from '../../db/client';
import { checkInSettingsOfRow } from '../../db/check-in-settings';
import type { CheckInSettings, NoShowRefund } from '#contract/check-in';
import { activeStatusSql, heldAndPriced, holdsTimeSql, reservations } from '../../db/schema/reservations';
import { wakeJobRunner } from '../../platform/jobs';
import { requireSignedIn } from '../../platform/policy';
import { logActivity, unitOfWork, type ServiceContext } from '../../platform/service-context';
import type { SessionUser } from '../../platform/session';
import { openHoursSql } from '../../db/calendar-sql';
import { bookableRoomIds } from './availability.service';
import { checkSlotBounds, checkSlotRules, refusal } from './booking-rules';
import { queueMailSql } from './notifications';
import { reservationActivity } from './reservation-activity';
import { findReservationRecord, type ReservationRecord } from './reservation-view';
import { preparedStatement, rowsOf } from '../../db/rows';
import { debitForBooking } from '../../billing/credit-ledger';
import { legalIdentityJsonSql, legalIdentityOfJson, type LegalIdentityRow } from '../../billing/parties';
import { invoiceConfirmedBooking, requireBillingDetailsFor } from '../../billing/invoicing';
import type { PaymentChoice } from '#contract/formulas.plain';
import { countedRefusalOf, countRefusedBooking } from '../../platform/demand';

/**
 * Booking (docs/decisions/010-reservations-no-double-booking.md): one statement reads everything the rules
 * need (room, space, policy, opening hours, an earlier attempt with the same idempotency key), then a unit
 * of work inserts the reservation, queues its e-mail and writes its activity entry, committed together.
 * The exclusion constraint settles races: the loser's insert does nothing, answered `already-exists`.
 */

export interface SlotInput {
  roomId: string;
  startsAt: string;
  endsAt: string;
  attendees: number;
  anyDesk: boolean;
}

export interface BookingInput extends SlotInput {
  title: string;
  idempotencyKey: string;
  /** Pay at the room's price (on site), or with the member's credits (debited in the booking's transaction). */
  payWith?: PaymentChoice;
}

/** What booking needs of a room: its rules and prices (the columns of `rooms`). */
interface BookableRoom {
  id: string;
  spaceId: string;
  name: string;
  kind: RoomKind;
  deskGroup: string | null;
  capacity: number;
  hourlyPriceCents: number | null;
  halfDayPriceCents: number | null;
  dayPriceCents: number | null;
  vatRateBasisPoints: number;
  minDurationMinutes: number;
  maxDurationMinutes: number;
  bookingStepMinutes: number;
  bufferMinutes: number;
  leadTimeMinutes: number;
  horizonDays: number;
  requiresApproval: boolean;
}

interface BookingContext {
  room: BookableRoom;
  space: ReservationRecord['space'];
  freeCancellationHours: number;
  checkIn: CheckInSettings;
  /** Whether the slot lies within opening hours, closures excluded. */
  insideHours: boolean;
  /** The reservation an earlier attempt with the same idempotency key made, if any. */
  earlierId: string | null;
  /** The space's legal identity (whether, and as whom, it invoices the booking), null when it has none. */
  legalIdentity: LegalIdentityRow | null;
}

/**
 * The booking context's statement, with or without the lookup of an earlier attempt: compiled once each, its
 * values placeholders (`roomId`, `startsAt`, `endsAt`, and `userId` and `key` for the attempt).
 */
function contextStatement(withAttempt: boolean) {
  return preparedStatement<BookableRoom & Record<string, unknown>>(() => {
    const startsAt = sql`${sql.placeholder('startsAt')}::timestamptz`;
    const endsAt = sql`${sql.placeholder('endsAt')}::timestamptz`;
    const earlier = withAttempt
      ? sql`(SELECT id FROM reservations
            WHERE user_id = ${sql.placeholder('userId')} AND idempotency_key = ${sql.placeholder('key')})`
      : sql`NULL::uuid`;
    return sql`
    SELECT rooms.id, rooms.space_id AS "spaceId", rooms.name, rooms.kind, rooms.desk_group AS "deskGroup",
           rooms.capacity, rooms.hourly_price_cents AS "hourlyPriceCents",
           rooms.half_day_price_cents AS "halfDayPriceCents", rooms.day_price_cents AS "dayPriceCents",
           rooms.vat_rate_basis_points AS "vatRateBasisPoints", rooms.min_duration_minutes AS "minDurationMinutes",
           rooms.max_duration_minutes AS "maxDurationMinutes", rooms.booking_step_minutes AS "bookingStepMinutes",
           rooms.buffer_minutes AS "bufferMinutes", rooms.lead_time_minutes AS "leadTimeMinutes",
           rooms.horizon_days AS "horizonDays", rooms.requires_approval AS "requiresApproval",
           spaces.slug AS space_slug, spaces.name AS space_name, spaces.time_zone AS space_time_zone,
           spaces.address_line AS space_address_line, spaces.postcode AS space_postcode, spaces.city AS space_city,
           coalesce(policies.free_cancellation_hours, ${DEFAULT_FREE_CANCELLATION_HOURS}) AS free_cancellation_hours,
           policies.release_unclaimed, policies.release_grace_minutes, policies.no_show_refund,
           policies.check_in_opens_minutes,
           tstzrange(${startsAt}, ${endsAt}) <@ ${openHoursSql(
             sql`spaces.id`,
             sql`spaces.time_zone`,
             sql`(${startsAt} AT TIME ZONE spaces.time_zone)::date`,
             sql`(${endsAt} AT TIME ZONE spaces.time_zone)::date`,
           )} AS inside_hours,
           ${earlier} AS earlier_id, ${legalIdentityJsonSql(sql`spaces.id`)} AS legal_identity
    FROM rooms
    JOIN spaces ON spaces.id = rooms.space_id
    LEFT JOIN space_booking_policies AS policies ON policies.space_id = spaces.id
    WHERE rooms.id = ${sql.placeholder('roomId')} AND spaces.status = 'published' AND rooms.archived_at IS NULL`;
  });
}
const CONTEXT_WITH_ATTEMPT = contextStatement(true);
const CONTEXT = contextStatement(false);

/**
 * One query (written out rather than built, and prepared: it runs on every booking) for the room, its
 * space and policy, whether the slot is within opening hours, an earlier attempt with the same key, and the
 * space's legal identity (whether the booking is invoiced, read here rather than in its transaction).
 */
async function bookingContext(
  db: Db,
  roomId: string,
  slot: { startsAt: string; endsAt: string },
  attempt?: { userId: string; key: string },
): Promise<BookingContext> {
  const values = { roomId, startsAt: slot.startsAt, endsAt: slot.endsAt };
  const [row] = attempt
    ? await CONTEXT_WITH_ATTEMPT(db, { ...values, userId: attempt.userId, key: attempt.key })
    : await CONTEXT(db, values);
  if (!row) throw new AppError('not-found', `No bookable room ${roomId}`);
  const text = (key: string) => row[key] as string;
  return {
    room: row,
    space: {
      id: row.spaceId,
      slug: text('space_slug'),
      name: text('space_name'),
      timeZone: text('space_time_zone'),
      addressLine: text('space_address_line'),
      postcode: text('space_postcode'),
      city: text('space_city'),
    },
    freeCancellationHours: Number(row.free_cancellation_hours),
    checkIn: checkInSettingsOfRow({
      releaseUnclaimed: row.release_unclaimed as boolean | null,
      graceMinutes: row.release_grace_minutes as number | null,
      noShowRefund: row.no_show_refund as NoShowRefund | null,
      opensMinutes: row.check_in_opens_minutes as number | null,
    }),
    insideHours: row.inside_hours === true,
    earlierId: (row.earlier_id as string | null) ?? null,
    legalIdentity: legalIdentityOfJson(row.legal_identity as Record<string, unknown> | null),
  };
}

/**
 * Every rule of one room for a slot, in order: step, length, lead time, horizon, capacity, opening hours
 * and closures, then the price. Returns the price; throws the refusal.
 */
function checkRoomForSlot(context: BookingContext, slot: SlotInput, now: Date): TPrice {
  const { room } = context;
  const startsAt = new Date(slot.startsAt);
  const endsAt = new Date(slot.endsAt);
  const minutes = checkSlotRules(
    room,
    { startsAt, endsAt, attendees: slot.attendees },
    context.space.timeZone,
    now,
  );
  if (!context.insideHours) throw refusal('closed', 'startsAt');
  const price = priceBooking(room, minutes);
  if (!price) throw refusal('no-price', 'endsAt');
  return price;
}

function checkSlotInputBounds(slot: SlotInput, now: Date): void {
  checkSlotBounds({ startsAt: new Date(slot.startsAt), endsAt: new Date(slot.endsAt) }, now);
}

/** The price of a slot, after the same checks a booking gets (other bookings aside). */
export async function quoteSlot(ctx: ServiceContext, slot: SlotInput): Promise<TPrice> {
  checkSlotInputBounds(slot, ctx.now);
  return checkRoomForSlot(await bookingContext(ctx.db, slot.roomId, slot), slot, ctx.now);
}

/** The active reservation holding time a slot needs, to tell the member what they ran into. */
async function conflictingSlot(db: Db, roomId: string, startsAt: Date, heldUntil: Date) {
  const [row] = await rowsOf<{ held_from: string; held_to: string }>(
    db,
    sql`
    SELECT to_json(starts_at) AS held_from, to_json(ends_at) AS held_to FROM reservations
    WHERE room_id = ${roomId} AND ${activeStatusSql(sql`status`)}
      AND ${holdsTimeSql(startsAt, heldUntil)}
    ORDER BY starts_at LIMIT 1`,
  );
  return row
    ? { startsAt: new Date(row.held_from).toISOString(), endsAt: new Date(row.held_to).toISOString() }
    : null;
}

function slotTaken(conflict: { startsAt: string; endsAt: string } | null): AppError {
  return new AppError('already-exists', 'The slot is already booked', {
    reason: 'slot-taken',
    ...(conflict ? { conflict } : {}),
  });
}

/** A retried request gets the reservation its first attempt made; a key reused for another booking is refused. */
async function earlierAttempt(db: Db, id: string, input: BookingInput): Promise<ReservationRecord> {
  const record = await findReservationRecord(db, id);
  if (!record) throw new Error(`reservation ${id} vanished`);
  const r = record.reservation;
  const sameSlot =
    r.startsAt.getTime() === new Date(input.startsAt).getTime() &&
    r.endsAt.getTime() === new Date(input.endsAt).getTime();
  if (sameSlot && (r.roomId === input.roomId || input.anyDesk)) return record;
  throw new AppError('failed-precondition', 'Idempotency key already used for another booking', {
    reason: 'idempotency-key-reused',
  });
}

/**
 * The booking's unit of work: inserts the reservation and queues its member's e-mail in one statement, then
 * writes its activity entry, in one transaction (run again while PostgreSQL answers "serialization
 * failure" or "deadlock", by `unitOfWork`). Returns the record as stored, or null when the exclusion
 * constraint or the idempotency key left nothing to insert (and then nothing is logged). `ON CONFLICT DO
 * NOTHING` rather than catching 23P01: a plain insert waits for every concurrent overlapping insert while
 * they wait for it, a deadlock PostgreSQL breaks only after `deadlock_timeout` (1 s); a speculative insert
 * backs off and waits for the winner instead (docs/decisions/010-reservations-no-double-booking.md).
 */
async function insertReservation(
  ctx: ServiceContext,
  user: SessionUser,
  context: BookingContext,
  input: BookingInput,
  price: TPrice,
): Promise<ReservationRecord | null> {
  const { room } = context;
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  const status = room.requiresApproval ? 'pending' : 'confirmed';
  const values = {
    roomId: room.id,
    spaceId: room.spaceId,
    userId: user.id,
    startsAt,
    endsAt,
    ...heldAndPriced({ endsAt, bufferMinutes: room.bufferMinutes }, price),
    attendees: input.attendees,
    title: input.title,
    status,
    idempotencyKey: input.idempotencyKey,
    expiresAt: status === 'pending' ? startsAt : null,
  } as const;
  const event = status === 'pending' ? 'requested' : 'confirmed';
  return unitOfWork(ctx, async (work) => {
    // Booked at price: its invoice (now, or when approved) needs the billing details the law asks for.
    // What that check reads (the space's legal identity, the buyer) is the invoice's too, read once.
    const readForInvoice =
      input.payWith !== 'credits'
        ? await requireBillingDetailsFor(
            work.db,
            {
              spaceId: room.spaceId,
              buyerUserId: user.id,
              sales: 'bookings',
              exclVatCents: price.exclVatCents,
            },
            { identity: context.legalIdentity },
          )
        : {};
    const [row] = await INSERT_BOOKING[event](work.db, {
      ...values,
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      blockedUntil: values.blockedUntil.toISOString(),
      expiresAt: values.expiresAt?.toISOString() ?? null,
    });
    if (!row) return null;
    // Paid by credit: debited in this transaction, so a booking and its debit commit together or not at all.
    const credit =
      input.payWith === 'credits'
        ? await debitForBooking(work.db, {
            userId: user.id,
            spaceId: room.spaceId,
            roomKind: room.kind,
            startsAt,
            endsAt,
            reservationId: row.id,
            actorId: user.id,
            now: work.now,
          })
        : null;
    // A confirmed booking at price is invoiced with it, when the space invoices bookings: from what was
    // just inserted, not read back.
    if (!credit && status === 'confirmed') {
      await invoiceConfirmedBooking(
        work,
        {
          id: row.id,
          spaceId: room.spaceId,
          userId: user.id,
          startsAt,
          endsAt,
          priceExclVatCents: values.priceExclVatCents,
          vatRateBasisPoints: values.vatRateBasisPoints,
          roomName: room.name,
          space: context.space,
        },
        readForInvoice,
      );
    }
    const createdAt = new Date(Number(row.created_ms));
    const record: ReservationRecord = {
      reservation: {
        ...values,
        id: row.id,
        decidedById: null,
        decidedAt: null,
        declineReason: null,
        cancelledAt: null,
        cancelledById: null,
        cancelledByRole: null,
        cancellationReason: null,
        cancellationRequestedAt: null,
        cancellationRequestMessage: null,
        reminderSentAt: null,
        checkedInAt: null,
        checkedInById: null,
        checkedInVia: null,
        checkInCode: row.check_in_code,
        releasedAt: null,
        eventId: null,
        createdAt,
        updatedAt: createdAt,
      },
      room: { id: room.id, name: room.name, kind: room.kind, deskGroup: room.deskGroup },
      space: context.space,
      freeCancellationHours: context.freeCancellationHours,
      checkIn: context.checkIn,
      member: { id: user.id, name: user.name, email: user.email, locale: user.locale },
      credit: credit
        ? { amount: credit.amount, unit: credit.unit, refunded: false }
        : { amount: null, unit: null, refunded: false },
    };
    await logActivity(
      work,
      reservationActivity(work, record, 'reservation.created', {
        details: credit
          ? { status, paidWith: 'credits', creditAmount: credit.amount, creditUnit: credit.unit }
          : { status, paidWith: 'price', totalCents: values.totalCents },
      }),
      // Nothing is written after it: the entry goes with the COMMIT.
      { atCommit: true },
    );
    return record;
  });
}

/**
 * The insert of a reservation with its member's e-mail job, one statement per e-mail event (a request or a
 * confirmation), compiled once each: its values are placeholders named after `insertReservation`'s values.
 */
function insertStatement(event: 'requested' | 'confirmed') {
  return preparedStatement<{ id: string; created_ms: number; check_in_code: string }>(() => {
    const value = (name: string) => sql.placeholder(name);
    return sql`
        WITH created AS (
          INSERT INTO reservations (room_id, space_id, user_id, starts_at, ends_at, blocked_until, attendees,
                                    title, status, price_excl_vat_cents, vat_cents, total_cents,
                                    vat_rate_basis_points, currency, pricing_basis, idempotency_key, expires_at)
          VALUES (${value('roomId')}, ${value('spaceId')}, ${value('userId')}, ${value('startsAt')}::timestamptz,
                  ${value('endsAt')}::timestamptz, ${value('blockedUntil')}::timestamptz,
                  ${value('attendees')}, ${value('title')}, ${value('status')}, ${value('priceExclVatCents')},
                  ${value('vatCents')}, ${value('totalCents')}, ${value('vatRateBasisPoints')}, ${value('currency')},
                  ${value('pricingBasis')}, ${value('idempotencyKey')}, ${value('expiresAt')}::timestamptz)
          ON CONFLICT DO NOTHING
          RETURNING id, created_at, check_in_code
        ), mail AS (${queueMailSql(sql`(SELECT id FROM created)`, event)})
        SELECT id, check_in_code, (extract(epoch FROM created_at) * 1000)::float8 AS created_ms FROM created`;
  });
}
const INSERT_BOOKING = { requested: insertStatement('requested'), confirmed: insertStatement('confirmed') };

/**
 * Books a slot. Requires a confirmed e-mail; checks every rule on the server; a retry with the same
 * idempotency key returns the first reservation. With `anyDesk`, tries the desks of the group in order
 * until one takes it. Rooms that require approval give a `pending` request expiring at its start.
 */
export async function createReservation(
  ctx: ServiceContext,
  input: BookingInput,
): Promise<ReservationRecord> {
  try {
    return await attemptReservation(ctx, input);
  } catch (error) {
    // A refusal the statistics count as demand turned away (docs/decisions/030), after its rollback.
    const reason = countedRefusalOf(error);
    if (reason) {
      await countRefusedBooking(ctx.db, ctx.log, {
        roomId: input.roomId,
        startsAt: input.startsAt,
        people: input.attendees,
        reason,
      });
    }
    throw error;
  }
}

async function attemptReservation(ctx: ServiceContext, input: BookingInput): Promise<ReservationRecord> {
  const { db, now } = ctx;
  const user = requireSignedIn(ctx.actor);
  if (!user.emailVerified) {
    throw new AppError('failed-precondition', 'Confirm your e-mail address before booking', {
      reason: 'email-not-verified',
    });
  }
  checkSlotInputBounds(input, now);
  const candidates = input.anyDesk ? await bookableRoomIds(db, input.roomId, true) : [input.roomId];
  const attempt = { userId: user.id, key: input.idempotencyKey };
  let firstRefusal: unknown;
  let lastConflict: AppError | undefined;
  for (const [index, roomId] of candidates.entries()) {
    // The first read also finds an earlier attempt of this request, if any.
    const context = await bookingContext(db, roomId, input, index === 0 ? attempt : undefined);
    if (context.earlierId) return earlierAttempt(db, context.earlierId, input);
    let price: TPrice;
    try {
      price = checkRoomForSlot(context, { ...input, roomId }, now);
    } catch (error) {
      firstRefusal ??= error;
      continue;
    }
    const record = await insertReservation(ctx, user, context, input, price);
    if (record) {
      wakeJobRunner();
      return record;
    }
    // Nothing inserted: a concurrent attempt of this very request committed the same key first (answer
    // with its result), or the slot is taken.
    const [again] = await db
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.userId, user.id), eq(reservations.idempotencyKey, input.idempotencyKey)));
    if (again) return earlierAttempt(db, again.id, input);
    const startsAt = new Date(input.startsAt);
    const heldUntil = new Date(new Date(input.endsAt).getTime() + context.room.bufferMinutes * 60_000);
    lastConflict = slotTaken(await conflictingSlot(db, roomId, startsAt, heldUntil));
  }
  if (lastConflict && candidates.length > 1) {
    throw new AppError('already-exists', 'Every desk of the group is taken', { reason: 'no-desk-free' });
  }
  if (lastConflict) throw lastConflict;
  throw firstRefusal;
}

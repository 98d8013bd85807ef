import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { generatedId, instant, changeTimes, currency } from './columns';
import { PRICING_BASES, type TPrice } from '../../../contract/pricing';
import { ACTIVE_RESERVATION_STATUSES, RESERVATION_STATUSES } from '../../../contract/reservations';
import { userReference, users } from './auth';
import { events } from './events';
import { rooms } from './rooms';
import { spaceReference, spaces } from './spaces';
import { literalList, statusIn } from '../status-sql';
import { CHECK_IN_VIAS, NO_SHOW_REFUNDS } from '../../../contract/check-in';

/**
 * `status in ('pending', 'confirmed')`: the active statuses (contract/reservations.ts) as every query
 * writes them. Literals, not parameters, so that the planner can match the condition with the predicate
 * of the partial indexes and of the exclusion constraint's index (migration 0006 writes that same text).
 */
export function activeStatusSql(status: SQL | AnyColumn): SQL {
  return statusIn(status, ACTIVE_RESERVATION_STATUSES);
}

/**
 * A reservation's held time (its slot, then the room's buffer up to `blocked_until`) overlaps
 * [`from`, `to`): the range the exclusion constraint compares, for telling someone what they ran into.
 */
export function holdsTimeSql(from: Date, to: Date): SQL {
  return sql`tstzrange(starts_at, blocked_until, '[)') && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')`;
}

/**
 * What a booking holds and costs as its row keeps them: the room until its end plus the room's buffer, and
 * the price `priceBooking` gave (contract/pricing.ts), frozen at booking.
 */
export function heldAndPriced(
  slot: { endsAt: Date; bufferMinutes: number },
  price: TPrice,
): Pick<
  typeof reservations.$inferSelect,
  | 'blockedUntil'
  | 'priceExclVatCents'
  | 'vatCents'
  | 'totalCents'
  | 'vatRateBasisPoints'
  | 'currency'
  | 'pricingBasis'
> {
  return {
    blockedUntil: new Date(slot.endsAt.getTime() + slot.bufferMinutes * 60_000),
    priceExclVatCents: price.exclVatCents,
    vatCents: price.vatCents,
    totalCents: price.totalCents,
    vatRateBasisPoints: price.vatRateBasisPoints,
    currency: price.currency,
    pricingBasis: price.basis,
  };
}

/** Who ended a reservation early: its member, a manager of the space, or the system (expired request). */
export const CANCELLED_BY_ROLES = ['member', 'manager', 'system'] as const;

/**
 * A booking of one room by one member. Times are UTC instants; the space's zone only matters for display
 * and for the rules (opening hours, step alignment). `blocked_until` is `ends_at` plus the room's buffer at
 * booking time: the room is held over [starts_at, blocked_until), and two active reservations of a room
 * never overlap on that range. The database guarantees it with an exclusion constraint (migration
 * `reservations_no_overlap`, docs/decisions/010-reservations-no-double-booking.md), not application code.
 *
 * Money is integer cents of `currency`, priced once at booking (a later price change does not touch it).
 */
export const reservations = pgTable(
  'reservations',
  {
    id: generatedId(),
    // No cascade from a room: a room that has bookings is archived, not deleted. Deleting a whole space
    // removes its reservations with it (the space's cascade reaches both in one statement).
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id),
    spaceId: spaceReference('cascade'),
    userId: userReference(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    blockedUntil: instant('blocked_until').notNull(),
    attendees: integer('attendees').notNull(),
    title: text('title').notNull().default(''),
    status: text('status', { enum: RESERVATION_STATUSES }).notNull(),
    priceExclVatCents: integer('price_excl_vat_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    currency: currency(),
    pricingBasis: text('pricing_basis', { enum: PRICING_BASES }).notNull(),
    /** Chosen by the client per booking attempt: a retried request finds the reservation it made. */
    idempotencyKey: text('idempotency_key'),
    /** A pending request not decided by then is cancelled by the system (its start, at the latest). */
    expiresAt: instant('expires_at'),
    decidedById: text('decided_by_id').references(() => users.id),
    decidedAt: instant('decided_at'),
    declineReason: text('decline_reason'),
    cancelledAt: instant('cancelled_at'),
    cancelledById: text('cancelled_by_id').references(() => users.id),
    cancelledByRole: text('cancelled_by_role', { enum: CANCELLED_BY_ROLES }),
    cancellationReason: text('cancellation_reason'),
    /**
     * When the member asked the space to cancel, once free cancellation was over (they cannot cancel
     * online then; a manager does, saying why), and what they wrote.
     */
    cancellationRequestedAt: instant('cancellation_requested_at'),
    cancellationRequestMessage: text('cancellation_request_message'),
    reminderSentAt: instant('reminder_sent_at'),
    /**
     * Check-in (contract/check-in.ts): when, through whom (`via`), and which person (null for a door display).
     * The code is six random digits drawn by the database, shown in the booking's confirmation and typed on
     * the room's door display so that passers-by cannot check a booking in.
     */
    checkedInAt: instant('checked_in_at'),
    checkedInById: text('checked_in_by_id').references(() => users.id, { onDelete: 'set null' }),
    checkedInVia: text('checked_in_via', { enum: CHECK_IN_VIAS }),
    checkInCode: text('check_in_code')
      .notNull()
      .default(sql`lpad(floor(random() * 1000000)::int::text, 6, '0')`),
    /** When the release job made it a no-show because nobody checked in: the rest of its slot was freed then. */
    releasedAt: instant('released_at'),
    /**
     * Set on the one reservation that holds a room for an event (docs/decisions/025-events-and-waitlist.md):
     * the event's time goes through the same exclusion constraint as bookings. Such a row is not a member's
     * booking: lists, e-mails and the sweep leave it out, and only the event changes it.
     */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    ...changeTimes(),
  },
  (table) => [
    uniqueIndex('reservations_user_idempotency_key').on(table.userId, table.idempotencyKey),
    index('reservations_user_starts_idx').on(table.userId, table.startsAt),
    index('reservations_space_starts_idx').on(table.spaceId, table.startsAt),
    index('reservations_room_starts_idx').on(table.roomId, table.startsAt),
    uniqueIndex('reservations_one_hold_per_event')
      .on(table.eventId)
      .where(sql`${table.eventId} is not null`),
    // Active reservations by held time alone, whatever the room: a search at a time over the whole
    // catalogue finds the busy rooms in one scan (docs/decisions/012-search-indexes.md).
    index('reservations_active_held_idx')
      .using('gist', sql`tstzrange(${table.startsAt}, ${table.blockedUntil}, '[)')`)
      .where(activeStatusSql(table.status)),
    // The background sweep's three questions, each answered from a small partial index.
    index('reservations_pending_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'pending'`),
    index('reservations_confirmed_end_idx')
      .on(table.endsAt)
      .where(sql`${table.status} = 'confirmed'`),
    index('reservations_reminder_due_idx')
      .on(table.startsAt)
      .where(sql`${table.status} = 'confirmed' and ${table.reminderSentAt} is null`),
    check('reservations_times_order', sql`${table.endsAt} > ${table.startsAt}`),
    check('reservations_blocked_after_end', sql`${table.blockedUntil} >= ${table.endsAt}`),
    check('reservations_attendees_positive', sql`${table.attendees} > 0`),
    check('reservations_status_known', sql`${table.status} in ${literalList(RESERVATION_STATUSES)}`),
    check('reservations_pricing_basis_known', sql`${table.pricingBasis} in ${literalList(PRICING_BASES)}`),
    check(
      'reservations_money_consistent',
      sql`${table.priceExclVatCents} >= 0 and ${table.vatCents} >= 0 and ${table.totalCents} = ${table.priceExclVatCents} + ${table.vatCents}`,
    ),
    // The release job's question: confirmed bookings not checked in, by start.
    index('reservations_unclaimed_idx')
      .on(table.startsAt)
      .where(
        sql`${table.status} = 'confirmed' and ${table.checkedInAt} is null and ${table.eventId} is null`,
      ),
    check(
      'reservations_check_in_via_known',
      sql`${table.checkedInVia} is null or ${table.checkedInVia} in ${literalList(CHECK_IN_VIAS)}`,
    ),
    check(
      'reservations_check_in_complete',
      sql`(${table.checkedInAt} is null) = (${table.checkedInVia} is null)`,
    ),
    check('reservations_check_in_code_format', sql`${table.checkInCode} ~ '^[0-9]{6}$'`),
    // A booking someone checked in is never released.
    check(
      'reservations_released_not_checked_in',
      sql`${table.releasedAt} is null or ${table.checkedInAt} is null`,
    ),
    check(
      'reservations_released_is_no_show',
      sql`${table.releasedAt} is null or ${table.status} = 'no_show'`,
    ),
    check(
      'reservations_cancelled_by_known',
      sql`${table.cancelledByRole} is null or ${table.cancelledByRole} in ${literalList(CANCELLED_BY_ROLES)}`,
    ),
  ],
);

/**
 * How late a member may cancel for free, per space; a space without a row uses the default (24 h). Its check-in
 * settings: a space without a row has `DEFAULT_CHECK_IN_SETTINGS`.
 */
export const spaceBookingPolicies = pgTable(
  'space_booking_policies',
  {
    spaceId: uuid('space_id')
      .primaryKey()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    freeCancellationHours: integer('free_cancellation_hours').notNull(),
    /** Check-in and release of unclaimed bookings (contract/check-in.ts, `DEFAULT_CHECK_IN_SETTINGS`). */
    releaseUnclaimed: boolean('release_unclaimed').notNull().default(false),
    releaseGraceMinutes: integer('release_grace_minutes').notNull().default(15),
    noShowRefund: text('no_show_refund', { enum: NO_SHOW_REFUNDS }).notNull().default('none'),
    checkInOpensMinutes: integer('check_in_opens_minutes').notNull().default(15),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('space_booking_policies_hours_range', sql`${table.freeCancellationHours} between 0 and 720`),
    check('space_booking_policies_grace_range', sql`${table.releaseGraceMinutes} between 1 and 240`),
    check('space_booking_policies_check_in_opens_range', sql`${table.checkInOpensMinutes} between 0 and 120`),
    check(
      'space_booking_policies_no_show_refund_known',
      sql`${table.noShowRefund} in ${literalList(NO_SHOW_REFUNDS)}`,
    ),
  ],
);

/**
 * The secret of a member's personal calendar feed (`/api/calendar/<token>.ics`). Only its SHA-256 is kept:
 * the link is shown once, and replacing or revoking it makes the old one stop working.
 */
export const calendarFeedTokens = pgTable(
  'calendar_feed_tokens',
  {
    id: generatedId(),
    userId: userReference('user_id', 'cascade'),
    tokenHash: text('token_hash').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    revokedAt: instant('revoked_at'),
    lastUsedAt: instant('last_used_at'),
  },
  (table) => [
    uniqueIndex('calendar_feed_tokens_hash_key').on(table.tokenHash),
    // At most one live link per member.
    uniqueIndex('calendar_feed_tokens_one_active')
      .on(table.userId)
      .where(sql`${table.revokedAt} is null`),
  ],
);

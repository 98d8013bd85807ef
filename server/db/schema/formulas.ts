import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { generatedId, instant, changeTimes, amountsWithVat, currency } from './columns';
import {
  ACTIVATION_MOMENTS,
  CREDIT_ENTRY_KINDS,
  CREDIT_UNITS,
  FORMULA_KINDS,
  FORMULA_STATUSES,
  LOT_SOURCES,
  MEMBERSHIP_PERIODS,
  DEFAULT_PAUSE_MAX_DAYS,
  DEFAULT_PAUSE_NOTICE_DAYS,
  MAX_PAUSE_DAYS,
  ORDER_STATUSES,
  PAUSE_STATUSES,
  PAYMENT_METHODS,
  PLAN_STATUSES,
  ROLLOVER_RULES,
} from '../../../contract/formulas.plain';
import { ROOM_KINDS } from '../../../contract/rooms.plain';
import { userReference, users } from './auth';
import { eventRegistrations, events } from './events';
import { reservations } from './reservations';
import { spaceReference, spaces } from './spaces';
import { literalList } from '../status-sql';

/**
 * What a space sells (docs/decisions/021-formulas-and-credit-ledger.md). A day pass is one entry valid one
 * calendar day in the space's zone; a pack is `credit_amount` minutes or entries valid `validity_days` from
 * its start; a membership renews each `period` with `credit_amount` included and its `rollover` rule.
 * Archiving stops its sale; what members hold keeps its own copy of the terms (lots, orders).
 */
export const formulas = pgTable(
  'formulas',
  {
    id: generatedId(),
    spaceId: spaceReference('cascade'),
    kind: text('kind', { enum: FORMULA_KINDS }).notNull(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull().default(''),
    descriptionFr: text('description_fr').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    priceExclVatCents: integer('price_excl_vat_cents').notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    currency: currency(),
    roomKinds: text('room_kinds').array().notNull(),
    creditUnit: text('credit_unit', { enum: CREDIT_UNITS }).notNull(),
    creditAmount: integer('credit_amount').notNull(),
    validityDays: integer('validity_days'),
    period: text('period', { enum: MEMBERSHIP_PERIODS }),
    rollover: text('rollover', { enum: ROLLOVER_RULES }).notNull().default('none'),
    perMemberLimit: integer('per_member_limit'),
    status: text('status', { enum: FORMULA_STATUSES }).notNull().default('active'),
    position: integer('position').notNull().default(0),
    ...changeTimes(),
  },
  (table) => [
    index('formulas_space_idx').on(table.spaceId, table.status, table.position),
    check('formulas_kind_known', sql`${table.kind} in ${literalList(FORMULA_KINDS)}`),
    check('formulas_status_known', sql`${table.status} in ${literalList(FORMULA_STATUSES)}`),
    check('formulas_unit_known', sql`${table.creditUnit} in ${literalList(CREDIT_UNITS)}`),
    check('formulas_rollover_known', sql`${table.rollover} in ${literalList(ROLLOVER_RULES)}`),
    check(
      'formulas_price_positive',
      sql`${table.priceExclVatCents} >= 0 and ${table.vatRateBasisPoints} between 0 and 10000`,
    ),
    check('formulas_credit_positive', sql`${table.creditAmount} > 0`),
    check(
      'formulas_room_kinds_known',
      sql`cardinality(${table.roomKinds}) > 0 and ${table.roomKinds} <@ array${sql.raw(
        `[${ROOM_KINDS.map((kind) => `'${kind}'`).join(', ')}]`,
      )}::text[]`,
    ),
    check(
      'formulas_kind_terms',
      sql`(${table.kind} = 'membership' and ${table.period} in ${literalList(MEMBERSHIP_PERIODS)} and ${table.creditUnit} = 'minutes')
       or (${table.kind} = 'pack' and ${table.validityDays} > 0 and ${table.period} is null and ${table.rollover} = 'none')
       or (${table.kind} = 'day_pass' and ${table.creditUnit} = 'entries' and ${table.period} is null and ${table.rollover} = 'none')`,
    ),
    check('formulas_limit_positive', sql`${table.perMemberLimit} is null or ${table.perMemberLimit} > 0`),
  ],
);

/** How a space sells: when a bought plan starts, and how long a renewal may stay unpaid. */
export const spaceSalesSettings = pgTable(
  'space_sales_settings',
  {
    spaceId: uuid('space_id')
      .primaryKey()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    activation: text('activation', { enum: ACTIVATION_MOMENTS }).notNull(),
    graceDays: integer('grace_days').notNull(),
    /** Whether members may pause a membership, for at most `pause_max_days` days, `pause_notice_days` ahead. */
    pauseAllowed: boolean('pause_allowed').notNull().default(false),
    pauseMaxDays: integer('pause_max_days').notNull().default(DEFAULT_PAUSE_MAX_DAYS),
    pauseNoticeDays: integer('pause_notice_days').notNull().default(DEFAULT_PAUSE_NOTICE_DAYS),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('space_sales_activation_known', sql`${table.activation} in ${literalList(ACTIVATION_MOMENTS)}`),
    check('space_sales_grace_range', sql`${table.graceDays} between 0 and 90`),
    check(
      'space_sales_pause_range',
      sql`${table.pauseMaxDays} between 1 and ${sql.raw(String(MAX_PAUSE_DAYS))} and ${table.pauseNoticeDays} between 0 and 60`,
    ),
  ],
);

/**
 * What a member holds: a pack, a day pass or a membership, and where it stands. A membership's periods are
 * numbered from 0; `period_starts_at`/`period_ends_at` are the current one's (for a pack, its validity).
 */
export const plans = pgTable(
  'plans',
  {
    id: generatedId(),
    spaceId: spaceReference('cascade'),
    userId: userReference(),
    formulaId: uuid('formula_id')
      .notNull()
      .references(() => formulas.id),
    status: text('status', { enum: PLAN_STATUSES }).notNull(),
    periodIndex: integer('period_index').notNull().default(0),
    /** The local calendar day membership periods count from (its day of month is kept: 31 → 28 Feb → 31 Mar). */
    anchorDate: text('anchor_date'),
    periodStartsAt: instant('period_starts_at'),
    periodEndsAt: instant('period_ends_at'),
    cancelledAt: instant('cancelled_at'),
    endedAt: instant('ended_at'),
    /** The period whose renewal reminder was sent. */
    remindedPeriodIndex: integer('reminded_period_index'),
    /** Days of pause taken so far: every later period begins that many local days later. */
    pausedDays: integer('paused_days').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    ...changeTimes(),
  },
  (table) => [
    index('plans_user_idx').on(table.userId, table.createdAt),
    index('plans_space_idx').on(table.spaceId, table.createdAt),
    index('plans_period_end_idx')
      .on(table.periodEndsAt)
      .where(sql`${table.status} in ('active', 'cancelling', 'suspended')`),
    uniqueIndex('plans_user_idempotency_key').on(table.userId, table.idempotencyKey),
    check('plans_status_known', sql`${table.status} in ${literalList(PLAN_STATUSES)}`),
    check(
      'plans_period_order',
      sql`${table.periodEndsAt} is null or ${table.periodEndsAt} > ${table.periodStartsAt}`,
    ),
  ],
);

/**
 * A membership's pause: local days `[starts_on, ends_on)` in the space's zone (the instants are their local
 * midnights). Until it is over it is `planned`; then its days are added to the plan's periods and to the
 * validity of its credit (`applied`). Migration 0025 refuses two pauses of one plan that overlap, a pause the
 * space does not offer or longer than its maximum, and any change but shortening, ending or cancelling.
 */
export const planPauses = pgTable(
  'plan_pauses',
  {
    id: generatedId(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    status: text('status', { enum: PAUSE_STATUSES }).notNull().default('planned'),
    createdAt: instant('created_at').notNull(),
    cancelledAt: instant('cancelled_at'),
    appliedAt: instant('applied_at'),
  },
  (table) => [
    index('plan_pauses_plan_idx').on(table.planId, table.startsAt),
    index('plan_pauses_due_idx')
      .on(table.endsAt)
      .where(sql`${table.status} = 'planned'`),
    check('plan_pauses_status_known', sql`${table.status} in ${literalList(PAUSE_STATUSES)}`),
    check(
      'plan_pauses_order',
      sql`${table.endsOn} > ${table.startsOn} and ${table.endsAt} > ${table.startsAt}`,
    ),
  ],
);

/**
 * What a member owes for a plan's start or a period (one order per plan and period: a renewal job running
 * twice finds the order already there), or for a paid event registration (one order per registration and
 * round, `period_index` holding the round). Amounts are copied from the formula or the event at the time.
 */
export const orders = pgTable(
  'orders',
  {
    id: generatedId(),
    spaceId: spaceReference('cascade'),
    userId: userReference(),
    planId: uuid('plan_id').references(() => plans.id),
    registrationId: uuid('registration_id').references(() => eventRegistrations.id),
    periodIndex: integer('period_index').notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    ...amountsWithVat(),
    currency: currency(),
    /** Past this (order date + the space's grace days), an unpaid renewal suspends its plan. */
    dueAt: instant('due_at').notNull(),
    paidAt: instant('paid_at'),
    paidById: text('paid_by_id').references(() => users.id),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('orders_plan_period_key').on(table.planId, table.periodIndex),
    uniqueIndex('orders_registration_round_key')
      .on(table.registrationId, table.periodIndex)
      .where(sql`${table.registrationId} is not null`),
    check('orders_for_one_thing', sql`num_nonnulls(${table.planId}, ${table.registrationId}) = 1`),
    index('orders_space_idx').on(table.spaceId, table.createdAt),
    index('orders_unpaid_due_idx')
      .on(table.dueAt)
      .where(sql`${table.status} = 'awaiting_payment'`),
    check('orders_status_known', sql`${table.status} in ${literalList(ORDER_STATUSES)}`),
    check('orders_method_known', sql`${table.paymentMethod} in ${literalList(PAYMENT_METHODS)}`),
    check(
      'orders_money_consistent',
      sql`${table.exclVatCents} >= 0 and ${table.vatCents} >= 0 and ${table.totalCents} = ${table.exclVatCents} + ${table.vatCents}`,
    ),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: generatedId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    formulaId: uuid('formula_id').references(() => formulas.id),
    eventId: uuid('event_id').references(() => events.id),
    label: text('label').notNull(),
    quantity: integer('quantity').notNull(),
    unitExclVatCents: integer('unit_excl_vat_cents').notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    ...amountsWithVat(),
  },
  (table) => [
    index('order_lines_order_idx').on(table.orderId),
    check('order_lines_quantity_positive', sql`${table.quantity} > 0`),
    check('order_lines_sell_one_thing', sql`num_nonnulls(${table.formulaId}, ${table.eventId}) = 1`),
    check(
      'order_lines_money_consistent',
      sql`${table.exclVatCents} = ${table.unitExclVatCents} * ${table.quantity} and ${table.totalCents} = ${table.exclVatCents} + ${table.vatCents}`,
    ),
  ],
);

/**
 * A lot of credit: a plan's period (or pack, or day pass), or what rolled over from the period before. Its
 * terms are copied from the formula when it is granted (unit, room kinds, validity), so editing or archiving
 * the formula never changes what was given. A lot's balance is the sum of its ledger entries: never stored.
 */
export const creditLots = pgTable(
  'credit_lots',
  {
    id: generatedId(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    spaceId: spaceReference('cascade'),
    userId: userReference(),
    periodIndex: integer('period_index').notNull(),
    source: text('source', { enum: LOT_SOURCES }).notNull(),
    unit: text('unit', { enum: CREDIT_UNITS }).notNull(),
    roomKinds: text('room_kinds').array().notNull(),
    validFrom: instant('valid_from').notNull(),
    validUntil: instant('valid_until').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('credit_lots_plan_period_source_key').on(table.planId, table.periodIndex, table.source),
    index('credit_lots_user_idx').on(table.userId, table.spaceId, table.validUntil),
    index('credit_lots_valid_until_idx').on(table.validUntil),
    check('credit_lots_validity_order', sql`${table.validUntil} > ${table.validFrom}`),
    check('credit_lots_unit_known', sql`${table.unit} in ${literalList(CREDIT_UNITS)}`),
  ],
);

/**
 * The credit ledger: append-only (migration 0017's triggers refuse UPDATE, DELETE and TRUNCATE, and a debit
 * that would make its lot negative). Amounts are signed, in the lot's unit.
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => creditLots.id),
    userId: userReference(),
    kind: text('kind', { enum: CREDIT_ENTRY_KINDS }).notNull(),
    amount: integer('amount').notNull(),
    reservationId: uuid('reservation_id').references(() => reservations.id),
    /** A debit or refund of an event registration, with the registration's round it paid for. */
    registrationId: uuid('registration_id').references(() => eventRegistrations.id),
    registrationRound: integer('registration_round'),
    orderId: uuid('order_id').references(() => orders.id),
    reason: text('reason'),
    actorId: text('actor_id').references(() => users.id),
    occurredAt: instant('occurred_at').notNull(),
    /**
     * The entry's link in its space's credit chain, set by the insert's trigger from its lot (migration 0031,
     * docs/decisions/027); never given by the caller. NOT NULL in the database once older rows were filled.
     */
    spaceId: uuid('space_id'),
    chainPosition: bigint('chain_position', { mode: 'number' }),
    previousFootprint: text('previous_footprint'),
    footprint: text('footprint'),
  },
  (table) => [
    unique('credit_entries_chain_key').on(table.spaceId, table.chainPosition),
    // A lot's balance (and its running balance in entry order) is read from the index alone.
    index('credit_entries_lot_idx').on(table.lotId, table.id, table.amount),
    // The member's ledger, newest first, by pages of entry ids.
    index('credit_entries_user_idx').on(table.userId, table.id),
    // One debit and one refund per reservation (and per registration's round), one expiry per lot: a job or a
    // retry running twice adds nothing.
    uniqueIndex('credit_entries_one_debit')
      .on(table.reservationId)
      .where(sql`${table.kind} = 'debit'`),
    uniqueIndex('credit_entries_one_refund')
      .on(table.reservationId)
      .where(sql`${table.kind} = 'refund'`),
    uniqueIndex('credit_entries_one_registration_debit')
      .on(table.registrationId, table.registrationRound)
      .where(sql`${table.kind} = 'debit'`),
    uniqueIndex('credit_entries_one_registration_refund')
      .on(table.registrationId, table.registrationRound)
      .where(sql`${table.kind} = 'refund'`),
    uniqueIndex('credit_entries_one_expiry')
      .on(table.lotId)
      .where(sql`${table.kind} = 'expiry'`),
    check('credit_entries_kind_known', sql`${table.kind} in ${literalList(CREDIT_ENTRY_KINDS)}`),
    check(
      'credit_entries_sign',
      sql`(${table.kind} in ('grant', 'refund') and ${table.amount} > 0)
       or (${table.kind} in ('debit', 'expiry') and ${table.amount} < 0)
       or (${table.kind} = 'adjustment' and ${table.amount} <> 0 and length(trim(coalesce(${table.reason}, ''))) >= 3)`,
    ),
    check(
      'credit_entries_paid_thing',
      sql`(${table.kind} in ('debit', 'refund')) = (num_nonnulls(${table.reservationId}, ${table.registrationId}) = 1)
       and (${table.registrationId} is null) = (${table.registrationRound} is null)`,
    ),
  ],
);

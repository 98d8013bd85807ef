import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { generatedId, instant, changeTimes } from './columns';
import {
  EVENT_STATUSES,
  REGISTRATION_END_REASONS,
  REGISTRATION_STATUSES,
} from '../../../contract/events.plain';
import { userReference, users } from './auth';
import { storedFiles } from './files';
import { rooms } from './rooms';
import { spaceReference, spaces } from './spaces';
import { literalList } from '../status-sql';

/**
 * A workshop, talk or afterwork of a space (docs/decisions/025-events-and-waitlist.md). With a room, the
 * event holds the room's time through a reservation row of its own (`reservations.event_id`), so the
 * reservations' exclusion constraint keeps events and bookings apart. Free when its price is 0; otherwise a
 * registration is an order at its price (excl. VAT + VAT rate) or, when `credit_minutes` is set, a debit
 * of the member's credit (a lot covering the kind of the event's room, `event_hall` without a room: one
 * entry, or `credit_minutes` minutes).
 */
export const events = pgTable(
  'events',
  {
    id: generatedId(),
    spaceId: spaceReference('cascade'),
    roomId: uuid('room_id').references(() => rooms.id),
    titleFr: text('title_fr').notNull(),
    titleEn: text('title_en').notNull().default(''),
    /** Markdown, rendered and sanitised when shown (server/platform/markdown.ts). */
    descriptionFr: text('description_fr').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    coverKey: text('cover_key').references(() => storedFiles.key, { onDelete: 'set null' }),
    /** The cover's alternative texts (French required with a cover: check `events_cover_alt`). */
    coverAltFr: text('cover_alt_fr').notNull().default(''),
    coverAltEn: text('cover_alt_en').notNull().default(''),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    capacity: integer('capacity').notNull(),
    /** Registrations, cancellations by members and offers of freed places stop here (at the start at the latest). */
    registrationDeadline: instant('registration_deadline').notNull(),
    membersOnly: boolean('members_only').notNull().default(false),
    /** The price of a place, excluding VAT (0: free), and its VAT rate. */
    priceExclVatCents: integer('price_excl_vat_cents').notNull().default(0),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull().default(0),
    /** What a place costs in credit minutes (a lot counting entries pays one); null: not payable with credit. */
    creditMinutes: integer('credit_minutes'),
    /** Grows by one each time the event's time or place changes: the calendar files' SEQUENCE. */
    scheduleVersion: integer('schedule_version').notNull().default(0),
    status: text('status', { enum: EVENT_STATUSES }).notNull().default('draft'),
    publishedAt: instant('published_at'),
    cancelledAt: instant('cancelled_at'),
    cancellationReason: text('cancellation_reason'),
    createdById: text('created_by_id').references(() => users.id),
    ...changeTimes(),
  },
  (table) => [
    index('events_space_starts_idx').on(table.spaceId, table.startsAt),
    // The home page's and the space pages' "upcoming": published events by start.
    index('events_published_starts_idx')
      .on(table.startsAt)
      .where(sql`${table.status} = 'published'`),
    check('events_status_known', sql`${table.status} in ${literalList(EVENT_STATUSES)}`),
    check('events_times_order', sql`${table.endsAt} > ${table.startsAt}`),
    check('events_deadline_before_start', sql`${table.registrationDeadline} <= ${table.startsAt}`),
    check('events_capacity_range', sql`${table.capacity} between 1 and 10000`),
    check(
      'events_price_range',
      sql`${table.priceExclVatCents} between 0 and 100000000 and ${table.vatRateBasisPoints} between 0 and 10000`,
    ),
    check(
      'events_credit_needs_price',
      sql`${table.creditMinutes} is null or (${table.creditMinutes} between 1 and 1440 and ${table.priceExclVatCents} > 0)`,
    ),
    check(
      'events_cover_alt',
      sql`(${table.coverKey} is null or ${table.coverAltFr} <> '') and char_length(${table.coverAltFr}) <= 200 and char_length(${table.coverAltEn}) <= 200`,
    ),
  ],
);

/** How a space runs its events: how long an offer of a freed place lasts (24 h when the space has no row). */
export const spaceEventSettings = pgTable(
  'space_event_settings',
  {
    spaceId: uuid('space_id')
      .primaryKey()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    offerHours: integer('offer_hours').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [check('space_event_settings_offer_range', sql`${table.offerHours} between 1 and 168`)],
);

/**
 * One person's registration for one event (a unique pair: registering again after cancelling reuses the
 * row). A waitlisted person's `waitlist_position` is their number in line, given once under the event's
 * row lock (1, 2, 3…); the database refuses a place beyond the capacity (migration 0019's trigger).
 */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: generatedId(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: userReference(),
    status: text('status', { enum: REGISTRATION_STATUSES }).notNull(),
    waitlistPosition: integer('waitlist_position'),
    offeredAt: instant('offered_at'),
    offerExpiresAt: instant('offer_expires_at'),
    /** The member chose to appear by name in the event's list of attendees that other members see. */
    showName: boolean('show_name').notNull().default(false),
    checkedInAt: instant('checked_in_at'),
    checkedInById: text('checked_in_by_id').references(() => users.id),
    cancelledAt: instant('cancelled_at'),
    endReason: text('end_reason', { enum: REGISTRATION_END_REASONS }),
    registeredAt: instant('registered_at'),
    /**
     * How many times the row was taken again after a cancellation (0 the first time): a paid registration's
     * order and credit debit belong to one round, so registering again is charged again.
     */
    round: integer('round').notNull().default(0),
    /** When the reminder 24 h before the start was queued (cleared when the event's time changes). */
    remindedAt: instant('reminded_at'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('event_registrations_one_per_person').on(table.eventId, table.userId),
    uniqueIndex('event_registrations_waitlist_position')
      .on(table.eventId, table.waitlistPosition)
      .where(sql`${table.waitlistPosition} is not null`),
    index('event_registrations_user_idx').on(table.userId, table.createdAt),
    index('event_registrations_event_status_idx').on(table.eventId, table.status),
    index('event_registrations_offer_expiry_idx')
      .on(table.offerExpiresAt)
      .where(sql`${table.status} = 'offered'`),
    check('event_registrations_status_known', sql`${table.status} in ${literalList(REGISTRATION_STATUSES)}`),
    check(
      'event_registrations_end_reason_known',
      sql`${table.endReason} is null or ${table.endReason} in ${literalList(REGISTRATION_END_REASONS)}`,
    ),
    check(
      'event_registrations_waitlist_shape',
      sql`(${table.status} in ('waitlisted', 'offered')) = (${table.waitlistPosition} is not null)`,
    ),
    check(
      'event_registrations_offer_shape',
      sql`(${table.status} = 'offered') = (${table.offerExpiresAt} is not null)`,
    ),
  ],
);

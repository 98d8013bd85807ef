import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { generatedId, instant, changeTimes, currency } from './columns';
import { HALF_DAY_MINUTES } from '../../../contract/pricing';
import { MAX_BUFFER_MINUTES } from '../../../contract/rooms';
import { spaceReference } from './spaces';

/**
 * The price, excluding VAT, of booking a room for `minutes`: `priceBooking` (contract/pricing.ts) written
 * for PostgreSQL, for the prices it computes itself (search by length, the "from" price column): the
 * cheapest of the hourly price per started hour, the half-day price (up to HALF_DAY_MINUTES) and the day
 * price. NULL when the room has no price that covers that length. rooms-pricing.test.ts keeps them equal.
 */
export function priceExclVatSql(minutes: SQL | string): SQL {
  const length = typeof minutes === 'string' ? sql.raw(minutes) : minutes;
  return sql`least(
    "hourly_price_cents" * ceil((${length})::numeric / 60),
    case when (${length}) <= ${sql.raw(String(HALF_DAY_MINUTES))} then "half_day_price_cents" end,
    "day_price_cents"
  )`;
}

/** A price excluding VAT with the room's VAT added: `inclVat` (contract/money.ts), rounded the same way. */
export function withVatSql(exclVat: SQL): SQL {
  return sql`round((${exclVat}) * (10000 + "vat_rate_basis_points") / 10000.0)::integer`;
}

/**
 * A bookable unit of a space, exclusive while booked. Prices are integer cents EXCLUDING VAT, in `currency`,
 * with `vat_rate_basis_points` (2000 = 20 %): invoices are computed from net amounts, people are shown the
 * price with VAT (docs/decisions/013-spaces-rooms-model.md).
 */
export const rooms = pgTable(
  'rooms',
  {
    id: generatedId(),
    spaceId: spaceReference('cascade'),
    kind: text('kind', { enum: ['meeting_room', 'private_office', 'desk', 'event_hall'] }).notNull(),
    name: text('name').notNull(),
    descriptionFr: text('description_fr').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    capacity: integer('capacity').notNull(),
    /** Keys of contract/amenities.ts with scope `room`. */
    amenities: text('amenities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hourlyPriceCents: integer('hourly_price_cents'),
    halfDayPriceCents: integer('half_day_price_cents'),
    dayPriceCents: integer('day_price_cents'),
    currency: currency(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull().default(2000),
    minDurationMinutes: integer('min_duration_minutes').notNull().default(60),
    maxDurationMinutes: integer('max_duration_minutes').notNull().default(600),
    /** Bookings start and last in multiples of this (e.g. 30 min). */
    bookingStepMinutes: integer('booking_step_minutes').notNull().default(30),
    /** Free time kept between two bookings (cleaning, setting up). */
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    /** How long before its start a booking must be made at the latest. */
    leadTimeMinutes: integer('lead_time_minutes').notNull().default(60),
    /** How many days ahead a booking may start. */
    horizonDays: integer('horizon_days').notNull().default(90),
    requiresApproval: boolean('requires_approval').notNull().default(false),
    /**
     * Desks of one open space share a group name: "book any desk" assigns a free desk of the group.
     * Only desks have one.
     */
    deskGroup: text('desk_group'),
    /** Display order within the space. */
    position: integer('position').notNull().default(0),
    /** An archived room is no longer offered; it stays for the bookings that name it. */
    archivedAt: instant('archived_at'),
    /** The price with VAT of the shortest booking allowed: the "from" price shown and filtered on. */
    fromPriceInclVatCents: integer('from_price_incl_vat_cents').generatedAlwaysAs(
      withVatSql(priceExclVatSql('"min_duration_minutes"')),
    ),
    ...changeTimes(),
  },
  (table) => [
    // Search reads each kept space's rooms through this index (docs/decisions/012-search-indexes.md). No
    // index on room amenities: they are filtered within those few rows, where a GIN index is never chosen.
    index('rooms_space_kind_capacity_idx').on(table.spaceId, table.kind, table.capacity),
    index('rooms_desk_group_idx')
      .on(table.spaceId, table.deskGroup)
      .where(sql`${table.deskGroup} is not null`),
    check('rooms_kind_known', sql`${table.kind} in ('meeting_room', 'private_office', 'desk', 'event_hall')`),
    check('rooms_capacity_positive', sql`${table.capacity} > 0`),
    check(
      'rooms_prices_not_negative',
      sql`coalesce(${table.hourlyPriceCents}, 0) >= 0 and coalesce(${table.halfDayPriceCents}, 0) >= 0 and coalesce(${table.dayPriceCents}, 0) >= 0`,
    ),
    check('rooms_currency_eur', sql`${table.currency} = 'EUR'`),
    check('rooms_vat_rate_range', sql`${table.vatRateBasisPoints} between 0 and 10000`),
    check(
      'rooms_durations',
      sql`${table.bookingStepMinutes} > 0 and ${table.minDurationMinutes} > 0 and ${table.minDurationMinutes} <= ${table.maxDurationMinutes}`,
    ),
    check(
      'rooms_rules_not_negative',
      sql`${table.bufferMinutes} >= 0 and ${table.leadTimeMinutes} >= 0 and ${table.horizonDays} > 0`,
    ),
    // Search widens its scan of reservations by this much at most (search.service.ts).
    check('rooms_buffer_at_most', sql`${table.bufferMinutes} <= ${sql.raw(String(MAX_BUFFER_MINUTES))}`),
    check('rooms_desk_group_only_desks', sql`${table.deskGroup} is null or ${table.kind} = 'desk'`),
  ],
);

/** A room's photos in display order. */
export const roomPhotos = pgTable(
  'room_photos',
  {
    id: generatedId(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    fileKey: text('file_key').notNull(),
    altFr: text('alt_fr').notNull().default(''),
    altEn: text('alt_en').notNull().default(''),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [index('room_photos_room_idx').on(table.roomId, table.position)],
);

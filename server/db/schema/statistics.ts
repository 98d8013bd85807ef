import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { DOCUMENT_KINDS } from '../../../contract/invoices.plain';
import { DEMAND_KINDS, REVENUE_SOURCES } from '../../../contract/statistics.plain';
import { userReference } from './auth';
import { rooms } from './rooms';
import { spaces } from './spaces';
import { literalList } from '../status-sql';

/**
 * The demand a space turned away (docs/decisions/030-statistics.md), counted without personal data: per day
 * asked for, city (`city_key`, as search compares it), number of people asked for (0: not said) and kind
 * (contract/statistics.plain.ts). City-wide rows (`search`, `search-empty`) have no space; `search-shown`
 * and the refusals name the space. Written by one upsert where a search or a booking attempt happens
 * (server/platform/demand.ts).
 */
export const demandCounts = pgTable(
  'demand_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    cityKey: text('city_key').notNull(),
    size: smallint('size').notNull(),
    kind: text('kind', { enum: DEMAND_KINDS }).notNull(),
    spaceId: uuid('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
    count: integer('count').notNull().default(0),
  },
  (table) => [
    unique('demand_counts_key')
      .on(table.day, table.cityKey, table.size, table.kind, table.spaceId)
      .nullsNotDistinct(),
    index('demand_counts_space_idx')
      .on(table.spaceId, table.day)
      .where(sql`${table.spaceId} is not null`),
    index('demand_counts_city_idx').on(table.cityKey, table.day),
    check('demand_counts_kind_known', sql`${table.kind} in ${literalList(DEMAND_KINDS)}`),
    check('demand_counts_size_range', sql`${table.size} between 0 and 1000`),
    check(
      'demand_counts_space_when_needed',
      sql`(${table.spaceId} is null) = (${table.kind} in ('search', 'search-empty'))`,
    ),
  ],
);

/** The 24 hour columns of `room_day_use`: `h00` … `h23`. */
export const HOUR_COLUMNS = Array.from({ length: 24 }, (_, hour) => `h${String(hour).padStart(2, '0')}`);

/** The bookings counted on a `room_day_use` row's day: all, then by what became of them. */
export const ROOM_DAY_USE_BOOKING_COUNTERS = [
  'bookings',
  'pending',
  'confirmed',
  'cancelled',
  'late_cancelled',
  'declined',
  'no_shows',
] as const;

/** Every counter of a `room_day_use` row, as its trigger adds them up (and `room_day_use_rows` defines them). */
export const ROOM_DAY_USE_COUNTERS = ['booked_minutes', ...HOUR_COLUMNS, ...ROOM_DAY_USE_BOOKING_COUNTERS];

const hourColumns = Object.fromEntries(
  HOUR_COLUMNS.map((name) => [name, integer(name).notNull().default(0)]),
) as Record<string, ReturnType<typeof integer>>;

/**
 * A rollup of the reservations, per room and local day of its space, kept by a trigger in the transaction
 * of every change to a reservation (migration 0041): minutes the room was held (confirmed, completed,
 * no-show, an event's hold), split by local hour (`h00`…`h23`); and members' bookings by the day they start,
 * by status. /statistics reads a year from it in a few thousand rows instead of every reservation.
 */
export const roomDayUse = pgTable(
  'room_day_use',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    bookedMinutes: integer('booked_minutes').notNull().default(0),
    ...hourColumns,
    bookings: integer('bookings').notNull().default(0),
    pending: integer('pending').notNull().default(0),
    confirmed: integer('confirmed').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    lateCancelled: integer('late_cancelled').notNull().default(0),
    declined: integer('declined').notNull().default(0),
    noShows: integer('no_shows').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.roomId, table.day] }),
    index('room_day_use_space_idx').on(table.spaceId, table.day),
  ],
);

/**
 * A rollup of the issued invoices and credit notes, per space, issue date, source (contract/statistics.plain.ts:
 * a credit note's is its invoice's) and kind: the sum of their amounts excluding VAT as issued (a credit
 * note's positive, as stored; the accountant's export's rule turns it negative when read). Kept by a trigger
 * on the insert of an invoice (migration 0071), the only change that counts: issued documents are never
 * edited nor deleted (migration 0019). /statistics reads a year's revenue in a few hundred rows. With the
 * kind in the key, two documents meeting on one row are of one space and kind, whose issuing already waits
 * on one counter row (document_counters).
 */
export const revenueDays = pgTable(
  'revenue_days',
  {
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source', { enum: REVENUE_SOURCES }).notNull(),
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
    exclVatCents: bigint('excl_vat_cents', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.spaceId, table.day, table.source, table.kind] }),
    check('revenue_days_source_known', sql`${table.source} in ${literalList(REVENUE_SOURCES)}`),
    check('revenue_days_kind_known', sql`${table.kind} in ${literalList(DOCUMENT_KINDS)}`),
  ],
);

/** `bit(366)`: one bit per day of a year, the first for 1 January (text of 0s and 1s in JavaScript). */
const yearOfDays = customType<{ data: string; driverData: string }>({ dataType: () => 'bit(366)' });

/**
 * Who was active in a space, per year: one bit per local day of the space's zone on which the member had a
 * booking starting that held its room (confirmed, completed, no-show), kept by a trigger in the transaction
 * of every change to a reservation (migration 0073). /statistics counts a year's active members from one or
 * two rows per member (the bits of the period's days), not from each of their bookings.
 */
export const memberActiveDays = pgTable(
  'member_active_days',
  {
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    userId: userReference('user_id', 'cascade'),
    year: smallint('year').notNull(),
    days: yearOfDays('days')
      .notNull()
      .default(sql`repeat('0', 366)::bit(366)`),
  },
  (table) => [primaryKey({ columns: [table.spaceId, table.year, table.userId] })],
);

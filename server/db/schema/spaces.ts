import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { generatedId, instant, changeTimes } from './columns';

/**
 * The space a row belongs to (`space_id`). With `cascade` the row goes when its space is deleted; without, the
 * row (a ledger's: invoices, payments, documents) keeps its space from being deleted.
 */
export function spaceReference(onDelete?: 'cascade') {
  return uuid('space_id')
    .notNull()
    .references(() => spaces.id, onDelete ? { onDelete } : {});
}

/**
 * A place people come to work: its identity, address, time zone, amenities and publication status.
 * Opening hours, closures and photos live in their own tables below; rooms in `rooms.ts`.
 */
export const spaces = pgTable(
  'spaces',
  {
    id: generatedId(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** Lower-case DNS label; `beta` is reserved (it means "no subdomain"). */
    subdomain: text('subdomain'),
    /** `#rrggbb`, overrides the primary colour on the space's subdomain and pages. */
    color: text('color'),
    descriptionFr: text('description_fr').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    /** Street and number, e.g. "12 rue de la Paix". */
    addressLine: text('address_line').notNull().default(''),
    city: text('city').notNull().default(''),
    /**
     * The city as search compares it: lower case, no accents, hyphens as spaces ("saint etienne").
     * Written by the service from `city` with `cityKeyOf` (contract/spaces.ts), the one normaliser.
     */
    cityKey: text('city_key').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull().default('FR'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** IANA zone in which opening hours are read and times shown. */
    timeZone: text('time_zone').notNull().default('Europe/Paris'),
    /** Keys of contract/amenities.ts with scope `space`. */
    amenities: text('amenities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** draft → published → archived (and back to published); only published spaces are public. */
    status: text('status', { enum: ['draft', 'published', 'archived'] })
      .notNull()
      .default('draft'),
    publishedAt: instant('published_at'),
    ...changeTimes(),
  },
  (table) => [
    uniqueIndex('spaces_slug_key').on(table.slug),
    uniqueIndex('spaces_subdomain_key').on(table.subdomain),
    check('spaces_subdomain_not_reserved', sql`${table.subdomain} <> 'beta'`),
    check('spaces_color_hex', sql`${table.color} ~ '^#[0-9a-fA-F]{6}$'`),
    check('spaces_status_known', sql`${table.status} in ('draft', 'published', 'archived')`),
    check('spaces_latitude_range', sql`${table.latitude} between -90 and 90`),
    check('spaces_longitude_range', sql`${table.longitude} between -180 and 180`),
    // Search by city among published spaces, and by space amenities (docs/decisions/012-search-indexes.md).
    index('spaces_published_city_idx')
      .on(table.cityKey)
      .where(sql`${table.status} = 'published'`),
    index('spaces_amenities_idx').using('gin', table.amenities),
  ],
);

/**
 * Weekly opening hours as wall-clock times of the space's zone: several intervals a day are several rows.
 * ISO weekday (1 = Monday … 7 = Sunday), `closes` may be 24:00. Times are expanded into UTC instants only
 * for given dates (`openHoursSql`, server/db/calendar-sql.ts), so daylight-saving changes need no data.
 */
export const spaceOpeningHours = pgTable(
  'space_opening_hours',
  {
    spaceId: spaceReference('cascade'),
    weekday: smallint('weekday').notNull(),
    opens: time('opens').notNull(),
    closes: time('closes').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.spaceId, table.weekday, table.opens] }),
    check('space_opening_hours_weekday_iso', sql`${table.weekday} between 1 and 7`),
    check('space_opening_hours_order', sql`${table.opens} < ${table.closes}`),
  ],
);

/** Days a space is closed despite its weekly hours (holidays, works), both ends included. */
export const spaceClosures = pgTable(
  'space_closures',
  {
    id: generatedId(),
    spaceId: spaceReference('cascade'),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    label: text('label').notNull().default(''),
  },
  (table) => [
    index('space_closures_space_idx').on(table.spaceId, table.startsOn),
    check('space_closures_order', sql`${table.endsOn} >= ${table.startsOn}`),
  ],
);

/** A space's photos in display order; the first is the cover. `fileKey` names the file in storage. */
export const spacePhotos = pgTable(
  'space_photos',
  {
    id: generatedId(),
    spaceId: spaceReference('cascade'),
    position: integer('position').notNull().default(0),
    fileKey: text('file_key').notNull(),
    altFr: text('alt_fr').notNull().default(''),
    altEn: text('alt_en').notNull().default(''),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [index('space_photos_space_idx').on(table.spaceId, table.position)],
);

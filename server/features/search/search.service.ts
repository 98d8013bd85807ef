import { sql, type SQL } from 'drizzle-orm';
import { isSpaceAmenity, type Amenity } from '#contract/amenities';
import {
  DEFAULT_SEARCH_DURATION_MINUTES,
  SEARCH_PAGE_SIZE,
  type SearchSort,
  type TSearchAnswer,
  type TSearchFilters,
} from '#contract/search';
import { cityKeyOf } from '#contract/spaces';
import type { Db } from '../../db/client';
import { openHoursSql, openIntervalsOfAllSpacesSql, todayInSql } from '../../db/calendar-sql';
import { rowsOf } from '../../db/rows';
import type { ServiceContext } from '../../platform/service-context';
import { activeStatusSql } from '../../db/schema/reservations';
import { priceExclVatSql, withVatSql } from '../../db/schema/rooms';
import {
  CARD_COLUMNS,
  cardOf,
  COVER_JOIN,
  joinSql,
  nameSortKey,
  textArray,
  type CardRow,
} from '../../db/space-cards';
import { centsOfWholeEuros } from '#contract/money';
import { countSearch } from '../../platform/demand';

const ORDER: Record<SearchSort, SQL> = {
  price_asc: sql`m.price ASC, ${nameSortKey(sql`m.name`)}, m.space_id`,
  price_desc: sql`m.price DESC, ${nameSortKey(sql`m.name`)}, m.space_id`,
  capacity_desc: sql`m.max_capacity DESC, m.price ASC, m.space_id`,
  name_asc: sql`${nameSortKey(sql`m.name`)}, m.space_id`,
};

/** The searched duration: given, or one hour when a start time is given without one. */
export function searchedDuration(filters: TSearchFilters): number | null {
  return filters.duration ?? (filters.time ? DEFAULT_SEARCH_DURATION_MINUTES : null);
}

interface Conditions {
  /** On `spaces s` alone: decided once per space. */
  space: SQL[];
  /** On `rooms r` of a kept space `s`. */
  room: SQL[];
  /**
   * With a date: the space `s` is open for the search, given its opening hours from `from` to `to` (which
   * may depend on the space), or to `lastForAll` (the same for every space, never before `to`).
   */
  open?: { from: SQL; to: SQL; lastForAll: SQL; holds: (hours: SQL) => SQL };
  /**
   * With a time: a room is busy when an active reservation holds `[start, start + length + its buffer)`;
   * `bookable(start)` is what room `r` needs of the start (lead time, horizon), given it as an instant.
   */
  busy?: { start: SQL; length: number; bookable: (start: SQL) => SQL };
}

const ACTIVE = activeStatusSql(sql`x.status`);
const HELD = sql`tstzrange(x.starts_at, x.blocked_until, '[)')`;

/** The time a slot of room `r` from `start` needs free: its length and the room's buffer after it. */
const needed = (start: SQL, length: number) =>
  sql`tstzrange(${start}, ${start} + make_interval(mins => ${length} + r.buffer_minutes), '[)')`;
/** Reservation `x` holds time a slot of room `r` from `start` would need. */
const heldDuring = (start: SQL, length: number) => sql`${HELD} && ${needed(start, length)}`;

/** The conditions on the space `s` alone, its opening hours for the searched day read by `openHoursSql`. */
function spaceWhereOf({ space, open }: Conditions): SQL {
  const hours = open ? [open.holds(openHoursSql(sql`s.id`, sql`s.time_zone`, open.from, open.to))] : [];
  return joinSql([...space, ...hours], ' AND ');
}

/** The room conditions of a search shape that looks rooms up one by one: busy rooms probed each in turn. */
function roomConditionsProbing(conditions: Conditions): SQL {
  const { room, busy } = conditions;
  const probe = busy
    ? // Through the exclusion constraint's (room_id, range) GiST index.
      [
        busy.bookable(busy.start),
        sql`NOT EXISTS (SELECT 1 FROM reservations x WHERE x.room_id = r.id AND ${ACTIVE} AND ${heldDuring(busy.start, busy.length)})`,
      ]
    : [];
  return joinSql([...room, ...probe], ' AND ');
}

/**
 * The conditions of one search, split between the space and its rooms. Dates and times are wall-clock
 * values of each space's zone, read as instants with that day's offset; "today", the lead time and the
 * horizon are counted from `now`.
 */
function conditionsOf(filters: TSearchFilters, duration: number | null, price: SQL, now: Date): Conditions {
  const space: SQL[] = [sql`s.status = 'published'`];
  const room: SQL[] = [sql`r.archived_at IS NULL`];
  if (filters.city) space.push(sql`s.city_key = ${cityKeyOf(filters.city)}`);
  if (filters.people) room.push(sql`r.capacity >= ${filters.people}`);
  if (filters.kind) room.push(sql`r.kind = ${filters.kind}`);

  const wanted: Amenity[] = filters.amenities ?? [];
  const onSpace = wanted.filter(isSpaceAmenity);
  const onRoom = wanted.filter((amenity) => !isSpaceAmenity(amenity));
  if (onSpace.length) space.push(sql`s.amenities @> ${textArray(onSpace)}`);
  if (onRoom.length) room.push(sql`r.amenities @> ${textArray(onRoom)}`);

  if (duration !== null) {
    room.push(sql`r.min_duration_minutes <= ${duration} AND r.max_duration_minutes >= ${duration}`);
    // A length off the room's step cannot be booked (booking-rules.ts): 90 minutes of an hourly room.
    room.push(sql`${duration} % r.booking_step_minutes = 0`);
  }
  room.push(sql`${price} IS NOT NULL`);
  if (filters.maxPrice) room.push(sql`${price} <= ${centsOfWholeEuros(filters.maxPrice)}`);

  const conditions: Conditions = { space, room };
  if (filters.date) addDayConditions(conditions, filters.date, filters.time, duration, now);
  return conditions;
}

function addDayConditions(
  conditions: Conditions,
  date: string,
  time: string | undefined,
  duration: number | null,
  now: Date,
): void {
  const day = sql`${date}::date`;
  const length = duration ?? 0;
  const at = sql`${now.toISOString()}::timestamptz`;
  if (time) {
    // The start as an instant of the space's zone (the right UTC offset on daylight-saving days).
    const start = sql`((${day} + ${time}::time) AT TIME ZONE s.time_zone)`;
    // Open for the whole slot, by the booking's own rule: the space's hours from the start's date to the
    // end's (the next day's too for a slot running past midnight), closures left out.
    const end = sql`(${start} + make_interval(mins => ${length}))`;
    const endDay = sql`(${end} AT TIME ZONE s.time_zone)::date`;
    // The last day a slot can reach in any zone (an hour's daylight-saving shift included): more days
    // than `endDay` add only hours after the slot's end, which change nothing inside it.
    const [hours, minutes] = time.split(':').map(Number) as [number, number];
    const lastForAll = sql`${day} + ${Math.floor((hours * 60 + minutes + length + 60) / (24 * 60))}::int`;
    conditions.open = {
      from: day,
      to: endDay,
      lastForAll,
      holds: (hours) => sql`tstzrange(${start}, ${end}) <@ ${hours}`,
    };
    conditions.room.push(sql`${hours * 60 + minutes} % r.booking_step_minutes = 0`);
    // Not booked then: no active reservation holds the slot or the room's buffer after it (the exclusion
    // constraint's rule; docs/decisions/010-reservations-no-double-booking.md).
    conditions.busy = {
      start,
      length,
      bookable: (from) =>
        sql`${from} >= ${at} + make_interval(mins => r.lead_time_minutes) AND ${from} <= ${at} + make_interval(days => r.horizon_days)`,
    };
  } else {
    // Open that day for at least the length, in one stretch of its hours.
    conditions.open = {
      from: day,
      to: day,
      lastForAll: day,
      holds: (hours) => sql`EXISTS (
        SELECT 1 FROM unnest(${hours}) AS open WHERE upper(open) - lower(open) >= make_interval(mins => ${length}))`,
    };
    const today = todayInSql(sql`s.time_zone`, now);
    conditions.room.push(sql`${day} >= ${today} AND ${day} <= ${today} + r.horizon_days`);
  }
}

/**
 * Published spaces with at least one room matching every filter, with the cheapest matching price and
 * how many rooms match, in one query: the spaces are filtered (city, amenities, open that day), their
 * matching rooms aggregated, and only the page's rows get a cover and their room kinds (indexes, the
 * two aggregation shapes and figures: docs/decisions/012-search-indexes.md).
 */
export async function searchSpaces(ctx: ServiceContext, filters: TSearchFilters): Promise<TSearchAnswer> {
  const { db, locale, now } = ctx;
  const duration = searchedDuration(filters);
  const price =
    duration === null ? sql`r.from_price_incl_vat_cents` : withVatSql(priceExclVatSql(sql`${duration}::int`));
  const pageSize = SEARCH_PAGE_SIZE;
  const conditions = conditionsOf(filters, duration, price, now);
  const roomWhere = roomConditionsProbing(conditions);
  const spaceWhere = spaceWhereOf(conditions);
  const { open } = conditions;
  const aggregates = sql`count(*)::int AS matching_rooms, min(${price})::int AS price, max(r.capacity) AS max_capacity`;
  const { busy } = conditions;
  const matching = filters.city
    ? // A city keeps a few hundred spaces: each one's rooms are read through the (space_id, …) index.
      sql`SELECT s.id AS space_id, s.name, found.*
        FROM spaces s
        CROSS JOIN LATERAL (SELECT ${aggregates} FROM rooms r WHERE r.space_id = s.id AND ${roomWhere}) AS found
        WHERE ${spaceWhere} AND found.matching_rooms > 0`
    : busy
      ? // Nationwide at a time: the candidate rooms, each with the stretch it must have free, less those an
        // active booking of that stretch holds (found by hashing room ids, not probed room by room).
        sql`SELECT c.space_id, c.name, count(*)::int AS matching_rooms, min(c.price)::int AS price,
            max(c.capacity) AS max_capacity
          FROM candidates c
          WHERE NOT EXISTS (SELECT 1 FROM busy b WHERE b.room_id = c.room_id AND b.held && c.needed)
          GROUP BY c.space_id, c.name`
      : // Nationwide: the kept spaces first (their conditions once each, not once per room), then one pass
        // over the rooms hashed against them.
        sql`SELECT s.id AS space_id, s.name, ${aggregates}
          FROM kept s JOIN rooms r ON r.space_id = s.id
          WHERE ${joinSql(conditions.room, ' AND ')}
          GROUP BY s.id, s.name`;
  // Nationwide, the spaces kept, each with its searched start as an instant. At a time, their candidate
  // rooms too, and the active bookings held between the earliest start and the latest end (buffer
  // included) a candidate needs, read once through the index on reservations' held range alone.
  const before = filters.city
    ? sql``
    : // With a date, every space's opening intervals joined and grouped, not a subquery run per space.
      sql`kept AS MATERIALIZED (SELECT s.id, s.name, s.time_zone${busy ? sql`, ${busy.start} AS start_at` : sql``}
        FROM spaces s
        ${open ? sql`JOIN (${openIntervalsOfAllSpacesSql(open.from, open.lastForAll)}) AS parts ON parts.space_id = s.id` : sql``}
        WHERE ${joinSql(conditions.space, ' AND ')}
        ${open ? sql`GROUP BY s.id HAVING ${open.holds(sql`range_agg(parts.open)`)}` : sql``}),
      ${
        busy
          ? sql`candidates AS MATERIALIZED (SELECT s.id AS space_id, s.name, r.id AS room_id, ${price} AS price,
                r.capacity, ${needed(sql`s.start_at`, busy.length)} AS needed
              FROM kept s JOIN rooms r ON r.space_id = s.id
              WHERE ${joinSql([...conditions.room, busy.bookable(sql`s.start_at`)], ' AND ')}),
            busy AS MATERIALIZED (SELECT x.room_id, ${HELD} AS held FROM reservations x
              WHERE ${ACTIVE}
                AND ${HELD} && tstzrange(coalesce((SELECT min(lower(needed)) FROM candidates), 'infinity'),
                  coalesce((SELECT max(upper(needed)) FROM candidates), 'infinity'), '[)')),`
          : sql``
      }`;
  // A dated search in a city is demand the statistics count (docs/decisions/030): the spaces it found, each
  // once, read from the matches the query has already gathered.
  const counted = Boolean(filters.city && filters.date && filters.page === 1);
  type Row = CardRow & {
    matching_rooms: number;
    price: number;
    total: number;
    max_capacity: number;
    found?: string[] | null;
  };
  const query = sql`WITH ${before} m AS (${matching}), page AS (
        SELECT * FROM m ORDER BY ${ORDER[filters.sort]} LIMIT ${pageSize} OFFSET ${(filters.page - 1) * pageSize}
      )
      -- Kinds are only needed for the page's rows: gathered there, not for every matching space.
      SELECT ${CARD_COLUMNS}, m.matching_rooms, m.price, m.max_capacity, m.matching_rooms AS room_count,
        m.price AS from_price, (SELECT count(*)::int FROM m) AS total,
        ${counted ? sql`(SELECT array_agg(space_id) FROM m) AS found,` : sql``}
        (SELECT array_agg(DISTINCT r.kind) FROM rooms r WHERE r.space_id = s.id AND ${roomWhere}) AS kinds
      FROM page m JOIN spaces s ON s.id = m.space_id ${COVER_JOIN}
      ORDER BY ${ORDER[filters.sort]}`;
  // A dated search over the whole catalogue is estimated costly enough (the opening hours of every space)
  // for PostgreSQL to compile it first (JIT), which takes longer than it saves: 40 ms of a 100 ms query.
  const rows =
    !filters.city && filters.date
      ? await db.transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL jit = off`);
          return rowsOf<Row>(tx, query);
        })
      : await rowsOf<Row>(db, query);
  if (counted) {
    await countSearch(db, ctx.log, {
      day: filters.date!,
      cityKey: cityKeyOf(filters.city!),
      people: filters.people,
      shownSpaceIds: rows[0]?.found ?? [],
    });
  }
  return {
    items: rows.map((row) => ({
      ...cardOf(row, locale),
      matchingRoomCount: row.matching_rooms,
      priceCents: Number(row.price),
      priceIsForDuration: duration !== null,
    })),
    total: rows[0]?.total ?? (filters.page > 1 ? await countMatches(db, conditions) : 0),
    page: filters.page,
    pageSize,
    durationMinutes: duration,
  };
}

async function countMatches(db: Db, conditions: Conditions): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM spaces s
      WHERE ${spaceWhereOf(conditions)}
        AND EXISTS (SELECT 1 FROM rooms r WHERE r.space_id = s.id AND ${roomConditionsProbing(conditions)})`,
  );
  return row?.total ?? 0;
}

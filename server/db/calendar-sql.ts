import { sql, type SQL } from 'drizzle-orm';
import { MAX_ROOM_AVAILABILITY_DAYS } from '#contract/reservations';

/**
 * A space's calendar in SQL, the one source for every query that needs it: availability, bookings, search
 * and the managers' planning (docs/decisions/017-one-place-for-each-rule.md). The TypeScript twins are in
 * contract/dates.ts; services pass the instant they run at (`now`, from their clock), never `now()`.
 */

/** `todayIn` for a zone read from each row: the date on the wall of that zone at `now`. */
export function todayInSql(timeZone: SQL, now: Date): SQL {
  return sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${timeZone})::date`;
}

/**
 * One date of a zone's calendar as the range of instants it lasts (`[00:00, next 00:00)`, 23 or 25 hours on
 * the days the clocks change): what "today in the space" means in a query.
 */
export function localDaySql(date: string, timeZone: SQL): SQL {
  return sql`tstzrange((${date}::date)::timestamp AT TIME ZONE ${timeZone}, (${date}::date + 1)::timestamp AT TIME ZONE ${timeZone})`;
}

/**
 * The most days the opening hours are ever expanded over in one query: twice the longest range the contract
 * lets anyone ask for, so it never cuts a real request short, but a range that slipped past every check
 * cannot make PostgreSQL generate millions of days.
 */
export const MAX_EXPANDED_DAYS = 2 * MAX_ROOM_AVAILABILITY_DAYS;

/**
 * When a space is open between two of its dates (both included), as one multirange of instants: the
 * weekly hours are wall-clock times of the space's zone, and `(day + opens) AT TIME ZONE zone` turns each
 * into an instant with that day's UTC offset, so daylight-saving days come out right with no extra data;
 * closure days give nothing; touching intervals merge (08:00–12:00 and 12:00–18:00 are open 08:00–18:00).
 * Written inline rather than as a SQL function so that it is planned with the query around it (a SQL
 * function with an aggregate is never inlined). At most MAX_EXPANDED_DAYS days from `from`.
 */
export function openHoursSql(spaceId: SQL, timeZone: SQL, from: SQL, to: SQL): SQL {
  return sql`coalesce((
    SELECT range_agg(${openIntervalSql(timeZone)})
    FROM ${daysSql(from, to)}
    JOIN space_opening_hours AS hours
      ON hours.space_id = ${spaceId} AND hours.weekday = extract(isodow FROM day)::int
    WHERE ${notClosedSql(spaceId)}
  ), '{}'::tstzmultirange)`;
}

/**
 * The intervals `openHoursSql` merges, for every space at once over days that are the same for all: rows
 * (`space_id`, `open`), one per opening interval of each day; `range_agg(open)` grouped by space is
 * `openHoursSql`'s answer (a space with no row is closed throughout). The days are generated once and the
 * hours of all spaces read in one pass, where `openHoursSql` runs a subquery per space.
 */
export function openIntervalsOfAllSpacesSql(from: SQL, to: SQL): SQL {
  return sql`SELECT hours.space_id, ${openIntervalSql(sql`zone.time_zone`)} AS open
    FROM ${daysSql(from, to)}
    JOIN space_opening_hours AS hours ON hours.weekday = extract(isodow FROM day)::int
    JOIN spaces AS zone ON zone.id = hours.space_id
    WHERE ${notClosedSql(sql`hours.space_id`)}`;
}

/**
 * `openIntervalsOfAllSpacesSql` for the spaces `inScope` keeps (given the column of the space's id), over a
 * longer range: up to `maxDays` days (/statistics' periods, at most three years, validated by its contract).
 */
export function openIntervalsOfSpacesSql(
  from: SQL,
  to: SQL,
  maxDays: number,
  inScope: (spaceId: SQL) => SQL,
): SQL {
  return sql`SELECT hours.space_id, ${openIntervalSql(sql`zone.time_zone`)} AS open
    FROM ${daysSql(from, to, maxDays)}
    JOIN space_opening_hours AS hours ON hours.weekday = extract(isodow FROM day)::int
    JOIN spaces AS zone ON zone.id = hours.space_id
    WHERE ${inScope(sql`hours.space_id`)} AND ${notClosedSql(sql`hours.space_id`)}`;
}

/**
 * The seconds each space kept by `inScope` is open over `from`..`to` (rows `space_id`, `seconds`): what
 * summing `openIntervalsOfSpacesSql`'s intervals gives, without expanding them all. Each weekday's hours on
 * the wall clock count once per day of that weekday in the range that is not a closure day; then, on the
 * days a zone of the scope does not last 24 hours (its clocks change), the intervals of those days alone
 * are expanded into instants and what they differ from the wall clock is added (an hour less in spring, an
 * hour more in autumn, for an interval spanning the change). So 2,000 spaces over a year read 14,000
 * opening-hour rows and their closures, not 730,000 intervals. A space with no row is closed throughout.
 */
export function openSecondsOfSpacesSql(
  from: SQL,
  to: SQL,
  maxDays: number,
  inScope: (spaceId: SQL) => SQL,
): SQL {
  return sql`WITH days AS MATERIALIZED (SELECT day::date AS day, extract(isodow FROM day)::int AS weekday
        FROM ${daysSql(from, to, maxDays)}),
      weekdays AS (SELECT weekday, count(*) AS n FROM days GROUP BY weekday),
      closed AS (SELECT closures.space_id, days.weekday, count(DISTINCT days.day) AS n
        FROM space_closures AS closures JOIN days ON days.day BETWEEN closures.starts_on AND closures.ends_on
        WHERE ${inScope(sql`closures.space_id`)} GROUP BY closures.space_id, days.weekday),
      wall AS (SELECT hours.space_id,
          sum(extract(epoch FROM hours.closes - hours.opens) * (weekdays.n - coalesce(closed.n, 0))) AS seconds
        FROM space_opening_hours AS hours JOIN weekdays ON weekdays.weekday = hours.weekday
        LEFT JOIN closed ON closed.space_id = hours.space_id AND closed.weekday = hours.weekday
        WHERE ${inScope(sql`hours.space_id`)} GROUP BY hours.space_id),
      changes AS (SELECT zones.time_zone, days.day AS changed, days.weekday
        FROM (SELECT DISTINCT time_zone FROM spaces WHERE ${inScope(sql`spaces.id`)}) AS zones CROSS JOIN days
        WHERE (days.day + 1)::timestamp AT TIME ZONE zones.time_zone
          - days.day::timestamp AT TIME ZONE zones.time_zone <> interval '24 hours'),
      shifted AS (SELECT hours.space_id, sum(extract(epoch FROM upper(open) - lower(open))
          - extract(epoch FROM hours.closes - hours.opens)) AS seconds
        FROM changes JOIN spaces AS zone ON zone.time_zone = changes.time_zone
        JOIN space_opening_hours AS hours ON hours.space_id = zone.id AND hours.weekday = changes.weekday
        CROSS JOIN LATERAL (SELECT changes.changed::timestamp AS day) AS at
        CROSS JOIN LATERAL (SELECT ${openIntervalSql(sql`zone.time_zone`)} AS open) AS interval
        WHERE ${inScope(sql`zone.id`)} AND ${notClosedSql(sql`zone.id`)}
        GROUP BY hours.space_id)
    SELECT wall.space_id, (wall.seconds + coalesce(shifted.seconds, 0))::bigint AS seconds
    FROM wall LEFT JOIN shifted ON shifted.space_id = wall.space_id`;
}

/** The days from `from` to `to` (both included) as `day`, at most `maxDays` (MAX_EXPANDED_DAYS) from `from`. */
function daysSql(from: SQL, to: SQL, maxDays: number = MAX_EXPANDED_DAYS): SQL {
  const last = sql`least((${to})::timestamp, (${from})::timestamp + make_interval(days => ${maxDays}))`;
  return sql`generate_series((${from})::timestamp, ${last}, interval '1 day') AS day`;
}

/** One interval of `hours` on `day`, wall-clock times of the zone turned into instants. */
function openIntervalSql(timeZone: SQL): SQL {
  return sql`tstzrange((day + hours.opens) AT TIME ZONE ${timeZone}, (day + hours.closes) AT TIME ZONE ${timeZone})`;
}

/** `day` is not one of the space's closure days. */
function notClosedSql(spaceId: SQL): SQL {
  return sql`NOT EXISTS (
      SELECT 1 FROM space_closures AS closures
      WHERE closures.space_id = ${spaceId} AND day::date BETWEEN closures.starts_on AND closures.ends_on)`;
}

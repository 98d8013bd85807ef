import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import type { DemandKind, RefusedBookingReason } from '#contract/statistics.plain';
import type { Db } from '../db/client';
import { uuidList } from '../db/sql-lists';
import type { Logger } from './log';

/**
 * The demand a space turned away, counted where it happens (docs/decisions/030-statistics.md): one upsert
 * of `demand_counts` per search or refused booking attempt, with no person in it (day asked for, city,
 * number of people, kind). Counting is not the caller's business: a failure is logged, never thrown, so
 * a search or a refusal answers as it would have.
 */

/** The largest party counted as itself; more people count as this many. */
const MAX_SIZE = 1000;
const sizeOf = (people: number | null | undefined) => Math.min(Math.max(people ?? 0, 0), MAX_SIZE);

/**
 * A search in a city for a date: counted for the city (`search`, and `search-empty` when it found nothing),
 * and for each space it found (`search-shown`), whichever page shows it.
 */
export async function countSearch(
  db: Db,
  log: Logger,
  search: { day: string; cityKey: string; people?: number | null; shownSpaceIds: readonly string[] },
): Promise<void> {
  const size = sizeOf(search.people);
  const kinds: DemandKind[] = search.shownSpaceIds.length ? ['search'] : ['search', 'search-empty'];
  const cityRows = sql.join(
    kinds.map(
      (kind) => sql`(${search.day}::date, ${search.cityKey}, ${size}::smallint, ${kind}, NULL::uuid)`,
    ),
    sql`, `,
  );
  const shown = search.shownSpaceIds.length
    ? sql` UNION ALL SELECT ${search.day}::date, ${search.cityKey}, ${size}::smallint, 'search-shown', id
        FROM unnest(ARRAY[${uuidList(search.shownSpaceIds)}]) AS id`
    : sql``;
  await upsert(
    db,
    log,
    sql`SELECT * FROM (VALUES ${cityRows}) AS city(day, city_key, size, kind, space_id)${shown}`,
  );
}

/** The refusal reasons a booking attempt can carry (contract/reservations.plain.ts) that the statistics count. */
const COUNTED_REFUSALS: Record<string, RefusedBookingReason> = {
  'slot-taken': 'slot-taken',
  'no-desk-free': 'slot-taken',
  closed: 'closed',
  'lead-time': 'lead-time',
  horizon: 'horizon',
};

/** Which counted reason a refusal is, if any: an AppError's `details.reason`. */
export function countedRefusalOf(error: unknown): RefusedBookingReason | null {
  if (!(error instanceof AppError)) return null;
  const reason = error.details?.reason;
  return typeof reason === 'string' ? (COUNTED_REFUSALS[reason] ?? null) : null;
}

/** A booking attempt of a room refused for a reason the statistics count, on the day it would have started. */
export async function countRefusedBooking(
  db: Db,
  log: Logger,
  attempt: { roomId: string; startsAt: string; people: number; reason: RefusedBookingReason },
): Promise<void> {
  await upsert(
    db,
    log,
    sql`SELECT (${attempt.startsAt}::timestamptz AT TIME ZONE s.time_zone)::date, s.city_key,
        ${sizeOf(attempt.people)}::smallint, ${attempt.reason}, s.id
      FROM rooms r JOIN spaces s ON s.id = r.space_id WHERE r.id = ${attempt.roomId}`,
  );
}

async function upsert(db: Db, log: Logger, rows: SQL): Promise<void> {
  try {
    await db.execute(sql`INSERT INTO demand_counts AS d (day, city_key, size, kind, space_id, count)
      SELECT day, city_key, size, kind, space_id, 1 FROM (${rows}) AS row(day, city_key, size, kind, space_id)
      ON CONFLICT ON CONSTRAINT demand_counts_key DO UPDATE SET count = d.count + 1`);
  } catch (error) {
    log.warn('demand not counted', { error: String(error) });
  }
}

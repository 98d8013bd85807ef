/**
 * Seeding many reservations for a benchmark: the statistics' rollup trigger (migration 0041) costs one upsert
 * per row, minutes for 200,000 rows on a loaded machine; the benchmarks insert with it off, then rebuild the
 * rollup in one statement from the database's own `room_day_use_rows`, as the migration did.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { ROOM_DAY_USE_COUNTERS } from '../server/db/schema/statistics';

/** Runs the seed's reservation inserts with the rollup trigger off (on again after, even on failure). */
export async function withoutRollupTrigger(db: Db, inserts: () => Promise<unknown>): Promise<void> {
  await db.execute(sql`ALTER TABLE reservations DISABLE TRIGGER reservations_room_day_use`);
  try {
    await inserts();
  } finally {
    await db.execute(sql`ALTER TABLE reservations ENABLE TRIGGER reservations_room_day_use`);
  }
}

/** The rollup of every reservation, as the trigger would have kept it (on an empty `room_day_use`). */
export async function rebuildRoomDayUse(db: Db): Promise<void> {
  const columns = sql.raw(ROOM_DAY_USE_COUNTERS.join(', '));
  const sums = sql.join(
    ROOM_DAY_USE_COUNTERS.map((column) => sql.raw(`sum(x.${column})`)),
    sql`, `,
  ) as SQL;
  await db.execute(sql`
    INSERT INTO room_day_use (room_id, space_id, day, ${columns})
    SELECT r.room_id, r.space_id, x.day, ${sums}
    FROM reservations r CROSS JOIN LATERAL room_day_use_rows(r) AS x
    GROUP BY r.room_id, r.space_id, x.day`);
}

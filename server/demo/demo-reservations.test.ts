// @databases pglite
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseForFile } from '../../tests/support/test-database';
import { users } from '../db/schema/auth';
import { openHoursSql } from '../db/calendar-sql';
import { rowsOf } from '../db/rows';
import { activeStatusSql, reservations } from '../db/schema/reservations';

const database = testDatabaseForFile({ seeded: true });

describe('demo reservations', () => {
  it('fill the coming weeks and the past two, and give the demo member some of each', async () => {
    const now = Date.now();
    const rows = await database.db
      .select({ startsAt: reservations.startsAt, status: reservations.status, email: users.email })
      .from(reservations)
      .innerJoin(users, eq(users.id, reservations.userId));
    const upcoming = rows.filter((row) => row.startsAt.getTime() > now);
    expect(upcoming.length).toBeGreaterThan(100);
    expect(rows.length - upcoming.length).toBeGreaterThan(50);
    expect(new Set(upcoming.map((row) => row.status))).toEqual(new Set(['confirmed', 'pending']));
    const member = rows.filter((row) => row.email === 'membre@escale.test');
    expect(member.some((row) => row.startsAt.getTime() > now)).toBe(true);
    expect(member.some((row) => row.startsAt.getTime() < now)).toBe(true);
  });

  it('are made in rooms that existed then (statistics count a room’s open hours from its creation)', async () => {
    const [before] = await rowsOf<{ count: number }>(
      database.db,
      sql`SELECT count(*)::int AS count FROM reservations r JOIN rooms ON rooms.id = r.room_id
        WHERE r.starts_at < rooms.created_at`,
    );
    expect(before?.count).toBe(0);
  });

  it('obey the rooms’ rules: inside opening hours and on the step, in the space’s zone', async () => {
    const [outside] = await rowsOf<{ count: number }>(
      database.db,
      sql`
      SELECT count(*)::int AS count FROM reservations JOIN rooms ON rooms.id = reservations.room_id
      WHERE NOT tstzrange(starts_at, ends_at) <@ ${openHoursSql(
        sql`reservations.space_id`,
        sql`'Europe/Paris'`,
        sql`(starts_at AT TIME ZONE 'Europe/Paris')::date`,
        sql`(ends_at AT TIME ZONE 'Europe/Paris')::date`,
      )}
         OR (extract(epoch FROM (starts_at AT TIME ZONE 'Europe/Paris')::time) / 60)::int % rooms.booking_step_minutes <> 0
         OR ends_at - starts_at < make_interval(mins => rooms.min_duration_minutes)`,
    );
    expect(outside?.count).toBe(0);
    const active = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(reservations)
      .where(activeStatusSql(reservations.status));
    expect(active[0]!.count).toBeGreaterThan(0);
  });
});

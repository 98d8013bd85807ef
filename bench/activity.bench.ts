/**
 * The activity feed at scale: 1,000,000 log entries over 200 spaces (and a tenth about no space: sign-ins,
 * profiles), 10,000 people, on PGlite and, with DATABASE_URL, on PostgreSQL (a database of its own,
 * `bench_activity`, dropped after). Prints p50/p95 of /activity for a manager of two spaces: the first page
 * and filtered pages (a kind; a person and a period; a space, a kind and a period), measured as the service
 * alone and as the whole server-rendered page (`GET /activity?…`, as bench/search.bench.ts measures pages).
 * Target: p95 < 30 ms for the page on PostgreSQL. Everything runs in this process; loops are bounded.
 *
 * `BENCH_QUICK=1` shrinks the log to 100,000 entries for a smoke run; `BENCH_SKIP_PGLITE=1` runs
 * PostgreSQL only.
 */
import { sql } from 'drizzle-orm';
import type { ServerBuild } from 'react-router';
import { ACTIVITY_KINDS, ACTIVITY_PAGE_SIZE } from '../contract/activity';
import { addDays, todayIn } from '../contract/dates';
import { type Database } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { activityCallables } from '../server/features/activity/activity.callables';
import { listActivity, type ActivityQuery } from '../server/features/activity/activity.service';
import { tenancyCallables } from '../server/features/tenancy/tenancy.callables';
import type { Session } from '../server/platform/session';
import { benchApp, getPage, onEachDatabase } from './in-process';
import { loadServerBuild, measure } from './timing';

const QUICK = process.env.BENCH_QUICK === '1';
const ENTRIES = QUICK ? 100_000 : 1_000_000;
const SPACES = 200;
const PEOPLE = 10_000;
const TARGET_P95_MS = 30;
const DATABASE_NAME = 'bench_activity';

/**
 * 200 spaces, 10,000 people (50 per space, the first of each its owner; the bench manager owns space 1
 * and manages space 2) and the log: a day's worth of entries every few minutes over the last year, nine in
 * ten in a space (mostly bookings and cancellations, by one of its people, some about another), one in ten
 * about no space. Generated in SQL with generate_series: seconds on PostgreSQL.
 */
export async function fill(database: Database) {
  const { db } = database;
  const started = performance.now();
  await db.execute(sql`SELECT setseed(0.42)`);
  await db.execute(sql`
    INSERT INTO spaces (slug, name, city, status, time_zone, published_at)
    SELECT 'bench-' || i, 'Espace ' || i, 'Paris', 'published', 'Europe/Paris', now()
    FROM generate_series(1, ${SPACES}::int) AS i`);
  await db.execute(sql`
    INSERT INTO users (id, name, email, email_verified)
    SELECT 'bench-user-' || i, 'Personne ' || i, 'bench' || i || '@bench.test', true
    FROM generate_series(1, ${PEOPLE}::int) AS i`);
  await db.execute(sql`
    INSERT INTO users (id, name, email, email_verified)
    VALUES ('bench-manager', 'Gérante du banc', 'manager@bench.test', true)`);
  // Person i belongs to space 1 + (i - 1) % 200; the first 200 people own their space.
  await db.execute(sql`
    INSERT INTO space_members (space_id, user_id, role)
    SELECT s.id, 'bench-user-' || i, CASE WHEN i <= ${SPACES}::int THEN 'owner' ELSE 'member' END
    FROM generate_series(1, ${PEOPLE}::int) AS i
    JOIN spaces s ON s.slug = 'bench-' || (1 + (i - 1) % ${SPACES}::int)`);
  await db.execute(sql`
    INSERT INTO space_members (space_id, user_id, role)
    SELECT id, 'bench-manager', CASE slug WHEN 'bench-1' THEN 'owner' ELSE 'manager' END
    FROM spaces WHERE slug IN ('bench-1', 'bench-2')`);
  const kinds = `{${ACTIVITY_KINDS.join(',')}}`;
  await db.execute(sql`
    WITH numbered AS (
      SELECT n, 1 + n % ${SPACES}::int AS space_no, random() AS pick, random() AS about_pick
      FROM generate_series(1, ${ENTRIES}::int) AS n
    )
    INSERT INTO activity_entries (occurred_at, kind, actor_type, actor_id, about_user_id, subject_type, subject_id,
                                  space_id, details, changes)
    SELECT now() - make_interval(secs => (n::float8 / ${ENTRIES}::int) * 365 * 86400),
           CASE WHEN n % 10 = 0 THEN (${kinds}::text[])[1 + floor(pick * 11)::int]
                WHEN pick < 0.55 THEN 'reservation.created'
                WHEN pick < 0.75 THEN 'reservation.cancelled'
                WHEN pick < 0.85 THEN 'reservation.completed'
                ELSE (${kinds}::text[])[12 + floor((pick - 0.85) / 0.15 * 27)::int] END,
           'user',
           'bench-user-' || (space_no + ${SPACES}::int * floor(pick * 49)::int),
           CASE WHEN about_pick < 0.2 THEN 'bench-user-' || (space_no + ${SPACES}::int * floor(about_pick * 245)::int) END,
           'reservation', 'r-' || n,
           CASE WHEN n % 10 <> 0 THEN s.id END,
           jsonb_build_object('roomName', 'Salle ' || (n % 12), 'startsAt', now() + make_interval(days => n % 60),
                              'endsAt', now() + make_interval(days => n % 60, hours => 1)),
           '{}'::jsonb
    FROM numbered JOIN spaces s ON s.slug = 'bench-' || space_no`);
  // As autovacuum would have left it in service: statistics fresh, visibility map set.
  await db.execute(sql`VACUUM ANALYZE`);
  const [count] = await rowsOf<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM activity_entries`,
  );
  console.log(
    `  ${count!.count.toLocaleString('en')} entries, ${SPACES} spaces, ${PEOPLE.toLocaleString('en')} people loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function benchOn(database: Database, build: ServerBuild): Promise<number> {
  await database.migrate();
  await fill(database);
  const session: Session = {
    id: 'bench-session',
    user: {
      id: 'bench-manager',
      email: 'manager@bench.test',
      name: 'Gérante du banc',
      emailVerified: true,
      isAdmin: false,
      locale: 'fr',
      image: null,
    },
  };
  const app = benchApp(database, build, [...tenancyCallables, ...activityCallables], session);
  const [space] = await rowsOf<{ id: string }>(
    database.db,
    sql`SELECT id FROM spaces WHERE slug = 'bench-1'`,
  );
  const today = todayIn('Europe/Paris', new Date());
  // A member of space 1 with entries as actor and as the one concerned.
  const person = 'bench-user-401';
  const shapes: Array<[string, Omit<ActivityQuery, 'pageSize'>, string]> = [
    ['first page (2 spaces)', { scope: 'spaces' }, 'scope=spaces'],
    [
      'by kind',
      { scope: 'spaces', kinds: ['reservation.cancelled'] },
      'scope=spaces&kind=reservation.cancelled',
    ],
    [
      'by person and period (90 days)',
      { scope: 'spaces', personId: person, from: addDays(today, -90), to: today },
      `scope=spaces&person=${person}&from=${addDays(today, -90)}&to=${today}`,
    ],
    [
      'space, rare kind and period (30 days)',
      {
        scope: 'spaces',
        spaceId: space!.id,
        kinds: ['room.price_changed'],
        from: addDays(today, -30),
        to: today,
      },
      `scope=spaces&space=${space!.id}&kind=room.price_changed&from=${addDays(today, -30)}&to=${today}`,
    ],
  ];
  const ctx = { db: database.db, actor: session.user };
  const sample = await listActivity(ctx, { ...shapes[0]![1], pageSize: ACTIVITY_PAGE_SIZE });
  const second = await listActivity(ctx, {
    ...shapes[0]![1],
    pageSize: ACTIVITY_PAGE_SIZE,
    cursor: sample.nextCursor!,
  });
  console.log(`  sample: first page ${sample.items.length} entries, next page ${second.items.length}`);
  for (const [label, query] of shapes) {
    await measure(`service: ${label}`, () => listActivity(ctx, { ...query, pageSize: ACTIVITY_PAGE_SIZE }));
  }
  await measure('service: second page (cursor)', () =>
    listActivity(ctx, { ...shapes[0]![1], pageSize: ACTIVITY_PAGE_SIZE, cursor: sample.nextCursor! }),
  );
  let worst = 0;
  for (const [label, , params] of shapes) {
    const p95 = await measure(`GET /activity?… ${label}`, () => getPage(app, `/activity?${params}`));
    worst = Math.max(worst, p95);
  }
  return worst;
}

export async function run() {
  const build = await loadServerBuild();
  await onEachDatabase(
    DATABASE_NAME,
    (database) => benchOn(database, build),
    (p95) => [
      `target p95 < ${TARGET_P95_MS} ms for every page: ${p95 < TARGET_P95_MS ? 'met' : 'NOT met'} (worst ${p95.toFixed(1)} ms)`,
    ],
  );
}

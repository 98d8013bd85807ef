/**
 * /statistics at scale (issue 30, docs/decisions/030-statistics.md), on PGlite and, with DATABASE_URL, on
 * PostgreSQL (a database of its own, `bench_statistics`, dropped after): a space with 50 rooms and three years
 * of history (about 500,000 reservations, 100,000 invoices and credit notes, 1,000,000 activity entries,
 * 2,000 memberships with their orders, 300 events, the searches of its city), among 2,000 spaces. Prints the
 * p95 of the page's service (`getStatistics`: the period's figures, the previous period's and the heatmap)
 * for the manager's year and month views, and the admin's view of all 2,000 spaces. Targets on PostgreSQL:
 * p95 < 150 ms for the year, < 80 ms for the month.
 *
 * The history is written in SQL (generate_series) with the invoices' numbering guard and the rollup's
 * trigger off, then the rollup is rebuilt from the reservations in one statement (its time is printed): the
 * data is the benchmark's own, not a chain anyone could verify. `BENCH_QUICK=1` keeps a tenth of it;
 * `BENCH_SKIP_PGLITE=1` runs PostgreSQL only. Figures are printed with the load average. Then where a page
 * view's time goes (`profilePage`): its loader and each callable the loader asks, the rest (render, data,
 * middleware), the statements it sends and the CPU it costs, this process's and PostgreSQL's backends'.
 */
import { sql } from 'drizzle-orm';
import type { ServerBuild } from 'react-router';
import { addDays, todayIn } from '../contract/dates';
import type { TStatisticsInput } from '../contract/statistics';
import type { Database } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { statisticsCallables } from '../server/features/statistics/statistics.callables';
import { getStatistics } from '../server/features/statistics/statistics.service';
import { implement, type Implementation } from '../server/platform/callables';
import { log } from '../server/platform/log';
import type { ServiceContext } from '../server/platform/service-context';
import type { SessionUser } from '../server/platform/session';
import { benchApp, getPage, onEachDatabase } from './in-process';
import { backendCpu, backendCpuBetween, cpuSeconds, sent } from './profile';
import { loadServerBuild, measure, percentile } from './timing';
import { loadAverage } from './servers';

const QUICK = process.env.BENCH_QUICK === '1';
const SCALE = QUICK ? 0.1 : 1;
const ROOMS = 50;
const DAYS = 3 * 365;
/** Bookings per room and day: 50 rooms × 1,095 days × 9 ≈ 493,000. */
const SLOTS = QUICK ? 1 : 9;
const SPACES = 2_000;
const INVOICES = 100_000 * SCALE;
const ACTIVITY = 1_000_000 * SCALE;
const MEMBERS = 5_000;
const PLANS = 2_000;
const YEAR_TARGET_MS = 150;
const MONTH_TARGET_MS = 80;
const DATABASE_NAME = 'bench_statistics';
/** Page views timed part by part (below the p50/p95 lines). */
const PROFILE_ROUNDS = 30;
const ZONE = 'Europe/Paris';

async function timed(label: string, work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function fill(database: Database, today: string) {
  const { db } = database;
  const first = addDays(today, -DAYS);
  await db.execute(sql`SELECT setseed(0.3)`);
  await timed('spaces, rooms, hours, people', async () => {
    await db.execute(sql`INSERT INTO spaces (slug, name, city, city_key, status, time_zone, published_at, created_at)
      SELECT 'bench-' || i, 'Espace ' || i, 'Benchville', 'benchville', 'published', ${ZONE}, now(), now() - interval '4 years'
      FROM generate_series(1, ${SPACES}::int) AS i`);
    await db.execute(sql`INSERT INTO space_opening_hours (space_id, weekday, opens, closes)
      SELECT s.id, d, '08:00', '20:00' FROM spaces s CROSS JOIN generate_series(1, 7) AS d`);
    await db.execute(sql`INSERT INTO space_closures (space_id, starts_on, ends_on, label)
      SELECT s.id, make_date(y, 12, 24), make_date(y, 12, 26), 'Noël'
      FROM spaces s CROSS JOIN generate_series(extract(year FROM ${first}::date)::int, extract(year FROM ${today}::date)::int) AS y
      WHERE s.slug = 'bench-1'`);
    // Space 1 has 50 rooms; each other space 3.
    await db.execute(sql`INSERT INTO rooms (space_id, kind, name, capacity, hourly_price_cents, created_at)
      SELECT s.id, (ARRAY['meeting_room', 'private_office', 'desk', 'event_hall'])[1 + n % 4], 'Salle ' || n, 10, 4000,
        now() - interval '4 years'
      FROM spaces s CROSS JOIN generate_series(1, ${ROOMS}::int) AS n
      WHERE s.slug = 'bench-1' OR n <= 3`);
    await db.execute(sql`INSERT INTO users (id, name, email, email_verified, is_admin)
      SELECT 'bench-user-' || i, 'Personne ' || i, 'bench' || i || '@bench.test', true, false
      FROM generate_series(1, ${MEMBERS}::int) AS i`);
    await db.execute(sql`INSERT INTO users (id, name, email, email_verified, is_admin) VALUES
      ('bench-manager', 'Gérante', 'manager@bench.test', true, false),
      ('bench-admin', 'Admin', 'admin@bench.test', true, true)`);
    await db.execute(sql`INSERT INTO space_members (space_id, user_id, role, created_at)
      SELECT s.id, 'bench-user-' || i, 'member', ${first}::date + (i % ${DAYS}::int)
      FROM spaces s CROSS JOIN generate_series(1, ${MEMBERS}::int) AS i WHERE s.slug = 'bench-1'`);
    await db.execute(sql`INSERT INTO space_members (space_id, user_id, role)
      SELECT id, 'bench-manager', 'owner' FROM spaces WHERE slug = 'bench-1'`);
  });
  await timed('reservations (rollup triggers off)', async () => {
    await db.execute(sql`ALTER TABLE reservations DISABLE TRIGGER reservations_room_day_use`);
    await db.execute(sql`ALTER TABLE reservations DISABLE TRIGGER reservations_member_active_days`);
    // Space 1: every room, every day, SLOTS one-hour bookings 80 minutes apart from 08:00.
    await db.execute(sql`INSERT INTO reservations (room_id, space_id, user_id, starts_at, ends_at, blocked_until,
        attendees, status, price_excl_vat_cents, vat_cents, total_cents, vat_rate_basis_points, pricing_basis,
        cancelled_at, cancelled_by_role, created_at)
      SELECT r.id, r.space_id, 'bench-user-' || (1 + floor(x * ${MEMBERS}::int)::int), t.s, t.s + interval '1 hour',
        t.s + interval '1 hour', 1,
        CASE WHEN x < 0.10 THEN 'cancelled' WHEN x < 0.13 THEN 'no_show' WHEN x < 0.15 THEN 'declined'
          WHEN t.s > now() THEN 'confirmed' ELSE 'completed' END,
        4000, 800, 4800, 2000, 'hourly',
        CASE WHEN x < 0.10 THEN t.s - make_interval(hours => floor(x * 480)::int) END,
        CASE WHEN x < 0.10 THEN 'member' END, t.s - interval '3 days'
      FROM rooms r JOIN spaces s ON s.id = r.space_id AND s.slug = 'bench-1'
      CROSS JOIN generate_series(${first}::date, ${today}::date - 1, interval '1 day') AS d
      CROSS JOIN generate_series(0, ${SLOTS - 1}::int) AS k
      CROSS JOIN LATERAL (SELECT ((d::date + time '08:00' + k * interval '80 minutes') AT TIME ZONE ${ZONE}) AS s,
        random() + 0 * k AS x) AS t`);
    // The other spaces: a booking of each room every 30 days.
    await db.execute(sql`INSERT INTO reservations (room_id, space_id, user_id, starts_at, ends_at, blocked_until,
        attendees, status, price_excl_vat_cents, vat_cents, total_cents, vat_rate_basis_points, pricing_basis, created_at)
      SELECT r.id, r.space_id, 'bench-user-' || (1 + abs(hashtext(r.id::text)) % ${MEMBERS}::int),
        (d::date + time '10:00') AT TIME ZONE ${ZONE}, (d::date + time '12:00') AT TIME ZONE ${ZONE},
        (d::date + time '12:00') AT TIME ZONE ${ZONE}, 1, 'completed', 8000, 1600, 9600, 2000, 'hourly', d
      FROM rooms r JOIN spaces s ON s.id = r.space_id AND s.slug <> 'bench-1'
      CROSS JOIN generate_series(${first}::date, ${today}::date - 1, interval '30 days') AS d`);
    await db.execute(sql`ALTER TABLE reservations ENABLE TRIGGER reservations_room_day_use`);
    await db.execute(sql`ALTER TABLE reservations ENABLE TRIGGER reservations_member_active_days`);
  });
  await timed('rollup rebuilt from the reservations', () =>
    db.execute(sql`INSERT INTO room_day_use (room_id, space_id, day, booked_minutes,
        h00, h01, h02, h03, h04, h05, h06, h07, h08, h09, h10, h11, h12, h13, h14, h15, h16, h17, h18, h19, h20, h21,
        h22, h23, bookings, pending, confirmed, cancelled, late_cancelled, declined, no_shows)
      SELECT r.room_id, r.space_id, x.day, sum(x.booked_minutes),
        sum(x.h00), sum(x.h01), sum(x.h02), sum(x.h03), sum(x.h04), sum(x.h05), sum(x.h06), sum(x.h07), sum(x.h08),
        sum(x.h09), sum(x.h10), sum(x.h11), sum(x.h12), sum(x.h13), sum(x.h14), sum(x.h15), sum(x.h16), sum(x.h17),
        sum(x.h18), sum(x.h19), sum(x.h20), sum(x.h21), sum(x.h22), sum(x.h23), sum(x.bookings), sum(x.pending),
        sum(x.confirmed), sum(x.cancelled), sum(x.late_cancelled), sum(x.declined), sum(x.no_shows)
      FROM reservations r CROSS JOIN LATERAL room_day_use_rows(r) AS x
      GROUP BY r.room_id, r.space_id, x.day`),
  );
  await timed('active days rebuilt from the reservations', () =>
    db.execute(sql`INSERT INTO member_active_days (space_id, user_id, year, days)
      SELECT r.space_id, r.user_id, extract(year FROM x.day)::smallint,
        bit_or(set_bit(repeat('0', 366)::bit(366), extract(doy FROM x.day)::int - 1, 1))
      FROM reservations r JOIN spaces s ON s.id = r.space_id
      CROSS JOIN LATERAL (SELECT (r.starts_at AT TIME ZONE s.time_zone)::date AS day) AS x
      WHERE member_active_day_holds(r)
      GROUP BY 1, 2, 3`),
  );
  await timed('memberships, orders, credit', async () => {
    await db.execute(sql`INSERT INTO formulas (space_id, kind, name_fr, price_excl_vat_cents, vat_rate_basis_points,
        room_kinds, credit_unit, credit_amount, period)
      SELECT id, 'membership', 'Résident', 15000, 2000, ARRAY['desk'], 'minutes', 600, 'month' FROM spaces WHERE slug = 'bench-1'`);
    await db.execute(sql`INSERT INTO plans (space_id, user_id, formula_id, status, period_starts_at, period_ends_at,
        ended_at, created_at)
      SELECT f.space_id, 'bench-user-' || i, f.id, CASE WHEN i % 3 = 0 THEN 'ended' ELSE 'active' END,
        start, start + interval '1 month', CASE WHEN i % 3 = 0 THEN start + make_interval(months => 1 + i % 14) END, start
      FROM formulas f CROSS JOIN generate_series(1, ${PLANS}::int) AS i
      CROSS JOIN LATERAL (SELECT (${first}::date + (i * 7919) % ${DAYS}::int)::timestamp AT TIME ZONE ${ZONE} AS start) AS t`);
    await db.execute(sql`INSERT INTO credit_lots (plan_id, space_id, user_id, period_index, source, unit, room_kinds,
        valid_from, valid_until, created_at)
      SELECT id, space_id, user_id, 0, 'period', 'minutes', ARRAY['desk'], period_starts_at, period_ends_at, period_starts_at
      FROM plans`);
    await db.execute(sql`INSERT INTO credit_entries (lot_id, user_id, kind, amount, occurred_at)
      SELECT id, user_id, 'grant', 600, valid_from FROM credit_lots`);
    // An order per month each plan ran (15 at most): about 30,000.
    await db.execute(sql`INSERT INTO orders (space_id, user_id, plan_id, period_index, payment_method, status,
        excl_vat_cents, vat_cents, total_cents, due_at, created_at)
      SELECT p.space_id, p.user_id, p.id, k, 'bank_transfer', 'paid', 15000, 3000, 18000,
        p.created_at + make_interval(months => k), p.created_at + make_interval(months => k)
      FROM plans p CROSS JOIN generate_series(0, 14) AS k
      WHERE p.created_at + make_interval(months => k) < now()`);
  });
  await timed('invoices and credit notes (numbering guard off)', async () => {
    await db.execute(sql`ALTER TABLE invoices DISABLE TRIGGER invoices_insert_guard`);
    // Invoices of bookings, then of orders, then of nothing, each dated when sold; a credit note for one in twenty.
    await db.execute(sql`WITH sales AS (
        SELECT x.space_id, x.id AS reservation_id, NULL::uuid AS order_id, (x.starts_at AT TIME ZONE ${ZONE})::date AS day,
          x.price_excl_vat_cents AS cents
        FROM reservations x JOIN spaces s ON s.id = x.space_id AND s.slug = 'bench-1'
        WHERE x.status IN ('completed', 'no_show') AND x.event_id IS NULL
        LIMIT ${Math.round(INVOICES * 0.6)}::int),
      ordered AS (SELECT o.space_id, NULL::uuid, o.id, (o.created_at AT TIME ZONE ${ZONE})::date, o.excl_vat_cents
        FROM orders o LIMIT ${Math.round(INVOICES * 0.3)}::int),
      other AS (SELECT s.id, NULL::uuid, NULL::uuid, ${first}::date + n % ${DAYS}::int, 2500
        FROM spaces s CROSS JOIN generate_series(1, ${Math.round(INVOICES * 0.1)}::int) AS n WHERE s.slug = 'bench-1'),
      every AS (SELECT * FROM sales UNION ALL SELECT * FROM ordered UNION ALL SELECT * FROM other),
      numbered AS (SELECT e.*, row_number() OVER (PARTITION BY extract(year FROM e.day) ORDER BY e.day) AS seq,
          row_number() OVER (ORDER BY e.day) AS position FROM every e)
      INSERT INTO invoices (space_id, kind, year, sequence, number, order_id, reservation_id, buyer, seller, locale,
        issued_at, issue_date, service_start, service_end, due_date, excl_vat_cents, vat_cents, total_cents,
        vat_breakdown, payment_status, paid_cents, chain_position, previous_footprint, footprint)
      SELECT space_id, 'invoice', extract(year FROM day)::int, seq,
        'F-' || extract(year FROM day)::int || '-' || lpad(seq::text, 6, '0'), order_id, reservation_id,
        '{"name": "Client"}'::jsonb, '{"legalName": "Banc"}'::jsonb, 'fr', day, day, day, day, day + 30,
        cents, cents / 5, cents + cents / 5,
        jsonb_build_array(jsonb_build_object('rateBasisPoints', 2000, 'basisCents', cents, 'vatCents', cents / 5)),
        'paid', cents + cents / 5, position, 'x', 'x'
      FROM numbered`);
    await db.execute(sql`WITH chosen AS (
        SELECT i.*, row_number() OVER (PARTITION BY extract(year FROM i.issue_date + 5) ORDER BY i.issue_date, i.id) AS seq,
          row_number() OVER (ORDER BY i.issue_date, i.id) AS n
        FROM invoices i WHERE i.chain_position % 20 = 0)
      INSERT INTO invoices (space_id, kind, year, sequence, number, credited_invoice_id, buyer, seller, locale,
        issued_at, issue_date, service_start, service_end, due_date, excl_vat_cents, vat_cents, total_cents,
        vat_breakdown, payment_status, paid_cents, chain_position, previous_footprint, footprint)
      SELECT space_id, 'credit_note', extract(year FROM issue_date + 5)::int, seq,
        'A-' || extract(year FROM issue_date + 5)::int || '-' || lpad(seq::text, 6, '0'), id, buyer, seller, locale,
        issue_date + 5, issue_date + 5, service_start, service_end, issue_date + 5, excl_vat_cents, vat_cents,
        total_cents, vat_breakdown, 'paid', total_cents, 1000000 + n, 'x', 'x'
      FROM chosen`);
    await db.execute(sql`ALTER TABLE invoices ENABLE TRIGGER invoices_insert_guard`);
  });
  await timed('events and registrations', async () => {
    await db.execute(sql`INSERT INTO events (space_id, title_fr, starts_at, ends_at, capacity, registration_deadline, status)
      SELECT s.id, 'Atelier ' || n, t.at, t.at + interval '2 hours', 20, t.at, 'published'
      FROM spaces s CROSS JOIN generate_series(0, ${Math.floor(DAYS / 3.5)}::int - 1) AS n
      CROSS JOIN LATERAL (SELECT ((${first}::date + (n * 3.5)::int)::timestamp + time '18:00') AT TIME ZONE ${ZONE} AS at) AS t
      WHERE s.slug = 'bench-1'`);
    await db.execute(sql`INSERT INTO event_registrations (event_id, user_id, status, waitlist_position, created_at)
      SELECT e.id, 'bench-user-' || (1 + (k * 97 + extract(doy FROM e.starts_at)::int * 13) % ${MEMBERS}::int),
        CASE WHEN k >= 20 THEN 'waitlisted' WHEN e.starts_at > now() THEN 'registered' WHEN k % 7 = 0 THEN 'no_show'
          ELSE 'attended' END,
        CASE WHEN k >= 20 THEN k - 19 END, e.starts_at - interval '7 days'
      FROM events e CROSS JOIN generate_series(0, 21) AS k
      ON CONFLICT DO NOTHING`);
  });
  // The chaining trigger moves one head row per entry: a million in one statement would make a million
  // versions of that row in one transaction. The benchmark's entries carry positions of their own, no chain.
  await timed('activity entries (chaining trigger off)', async () => {
    await db.execute(sql`ALTER TABLE activity_entries DISABLE TRIGGER activity_entries_chain`);
    await db.execute(sql`INSERT INTO activity_entries (occurred_at, kind, actor_type, actor_id, subject_type, subject_id,
        space_id, chain_position, previous_footprint, values_digest, footprint)
      SELECT ${first}::date + make_interval(secs => (n::float8 / ${ACTIVITY}::int) * ${DAYS}::int * 86400),
        CASE WHEN n % 100 = 0 THEN 'registration.offer_accepted' WHEN n % 100 = 1 THEN 'registration.offer_expired'
          WHEN n % 3 = 0 THEN 'reservation.cancelled' ELSE 'reservation.created' END,
        'user', 'bench-user-' || (1 + n % ${MEMBERS}::int), 'reservation', 'r-' || n, s.id, n, 'x', 'x', 'x'
      FROM spaces s CROSS JOIN generate_series(1, ${ACTIVITY}::int) AS n WHERE s.slug = 'bench-1'`);
    await db.execute(sql`ALTER TABLE activity_entries ENABLE TRIGGER activity_entries_chain`);
  });
  await timed('demand counts', () =>
    db.execute(sql`INSERT INTO demand_counts (day, city_key, size, kind, space_id, count)
      SELECT d::date, 'benchville', size, kind, CASE WHEN kind NOT IN ('search', 'search-empty') THEN s.id END, 1 + size % 5
      FROM generate_series(${first}::date, ${today}::date, interval '1 day') AS d
      CROSS JOIN generate_series(1, 10) AS size
      CROSS JOIN unnest(ARRAY['search', 'search-empty', 'search-shown', 'slot-taken']) AS kind
      JOIN spaces s ON s.slug = 'bench-1'
      ON CONFLICT DO NOTHING`),
  );
  await timed('VACUUM ANALYZE', () => db.execute(sql`VACUUM ANALYZE`));
  // What a later run with BENCH_KEEP_DATABASE=1 checks before reusing the data.
  await db.execute(sql`CREATE TABLE bench_filled (day date NOT NULL)`);
  await db.execute(sql`INSERT INTO bench_filled VALUES (${today}::date)`);
  const [counts] = await rowsOf<Record<string, number>>(
    db,
    sql`SELECT (SELECT count(*)::int FROM reservations) AS reservations, (SELECT count(*)::int FROM invoices) AS invoices,
      (SELECT count(*)::int FROM activity_entries) AS activity, (SELECT count(*)::int FROM room_day_use) AS rollup,
      (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM event_registrations) AS registrations`,
  );
  console.log(
    `  loaded: ${Object.entries(counts!)
      .map(([name, count]) => `${count.toLocaleString('en')} ${name}`)
      .join(', ')}`,
  );
}

/** Whether a kept database was filled to the end, today (its periods are counted back from today). */
async function filledOn(database: Database, today: string): Promise<boolean> {
  const [marker] = await rowsOf<{ table: string | null }>(
    database.db,
    sql`SELECT to_regclass('bench_filled')::text AS table`,
  );
  const [row] = marker?.table
    ? await rowsOf<{ day: string }>(database.db, sql`SELECT day::text AS day FROM bench_filled`)
    : [];
  if (row?.day === today) return true;
  throw new Error(`${DATABASE_NAME} was not filled to the end today: run once without BENCH_KEEP_DATABASE=1`);
}

/** What one page view spent, part by part (ms), and what it sent to PostgreSQL. */
interface ViewProfile {
  page: number;
  loader: number;
  /** Each callable the loader asked, by name: its service's time and its statements. */
  calls: Map<string, { ms: number; statements: number }>;
  statements: number;
}

/**
 * The server build with `routeId`'s loader timed (its durations pushed to `times`): the page's time less
 * its loader's is React's render, the data's serialisation and the app's middleware.
 */
function withTimedLoader(build: ServerBuild, routeId: string, times: number[]): ServerBuild {
  const route = build.routes[routeId];
  const loader = route?.module.loader;
  if (!route || !loader) throw new Error(`no loader for ${routeId}`);
  const timed: typeof loader = async (args) => {
    const started = performance.now();
    try {
      return await loader(args);
    } finally {
      times.push(performance.now() - started);
    }
  };
  return {
    ...build,
    routes: { ...build.routes, [routeId]: { ...route, module: { ...route.module, loader: timed } } },
  };
}

/** The callables with each call's service time and statements recorded in `calls` (by callable name). */
function timedCallables(
  implementations: Implementation[],
  calls: Map<string, { ms: number; statements: number }>,
): Implementation[] {
  return implementations.map(({ def, handle }) =>
    implement(def, async (input, ctx) => {
      const started = performance.now();
      const statements = sent.count;
      try {
        return await handle(input, ctx);
      } finally {
        const entry = calls.get(def.name) ?? { ms: 0, statements: 0 };
        entry.ms += performance.now() - started;
        entry.statements += sent.count - statements;
        calls.set(def.name, entry);
      }
    }),
  );
}

/**
 * Where a page view's time goes: PROFILE_ROUNDS views of `url` (after a few unmeasured), each timed whole,
 * its loader and the loader's callables timed inside it; the statements sent per view; and the CPU per view,
 * this process's (the app, its render; PGlite's too) and the PostgreSQL backends' (not the load's: what the
 * view costs, whoever else runs).
 */
async function profilePage(
  label: string,
  database: Database,
  engine: 'pglite' | 'postgres',
  build: ServerBuild,
  session: { id: string; user: SessionUser },
  url: string,
) {
  const loaderTimes: number[] = [];
  const calls = new Map<string, { ms: number; statements: number }>();
  const app = benchApp(
    database,
    withTimedLoader(build, 'routes/statistics', loaderTimes),
    timedCallables(statisticsCallables, calls),
    session,
  );
  for (let i = 0; i < 3; i++) await getPage(app, url);
  const views: ViewProfile[] = [];
  const backends = () => (engine === 'postgres' ? backendCpu(database.db, DATABASE_NAME) : null);
  const backendsBefore = await backends();
  const cpuBefore = cpuSeconds();
  for (let i = 0; i < PROFILE_ROUNDS; i++) {
    loaderTimes.length = 0;
    calls.clear();
    const statements = sent.count;
    const started = performance.now();
    await getPage(app, url);
    views.push({
      page: performance.now() - started,
      loader: loaderTimes[0] ?? Number.NaN,
      calls: new Map(calls),
      statements: sent.count - statements,
    });
  }
  const nodeCpu = (cpuSeconds() - cpuBefore) * 1000;
  const databaseCpu = backendCpuBetween(backendsBefore, await backends());
  const p50 = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const names = [...new Set(views.flatMap((view) => [...view.calls.keys()]))];
  const parts = names.map((name) => {
    const of = (view: ViewProfile) => view.calls.get(name) ?? { ms: 0, statements: 0 };
    return `${name} ${ms(p50(views.map((view) => of(view).ms)))} (${p50(views.map((view) => of(view).statements))} statements)`;
  });
  console.log(`  profile, ${label} (p50 of ${PROFILE_ROUNDS} views):`);
  console.log(
    `    page ${ms(p50(views.map((view) => view.page)))} = loader ${ms(p50(views.map((view) => view.loader)))} + render, data and middleware ${ms(p50(views.map((view) => view.page - view.loader)))}`,
  );
  console.log(
    `    loader's callables: ${parts.join('; ')}; statements per view ${p50(views.map((view) => view.statements))}`,
  );
  console.log(
    `    CPU per view: this process ${ms(nodeCpu / PROFILE_ROUNDS)}${databaseCpu === null ? '' : `, PostgreSQL backends ${ms((databaseCpu * 1000) / PROFILE_ROUNDS)}`}`,
  );
}

function contextOf(database: Database, user: SessionUser): ServiceContext {
  return {
    db: database.db,
    actor: user,
    now: new Date(),
    locale: 'fr',
    log,
    requestId: null,
    clientAddress: null,
  };
}

const person = (id: string, isAdmin: boolean): SessionUser => ({
  id,
  email: `${id}@bench.test`,
  name: id,
  emailVerified: true,
  isAdmin,
  locale: 'fr',
  image: null,
});

async function benchOn(
  database: Database,
  engine: 'pglite' | 'postgres',
  reused: boolean,
  build: ServerBuild,
) {
  await database.migrate();
  const today = todayIn(ZONE, new Date());
  if (!reused || !(await filledOn(database, today))) await fill(database, today);
  const [space] = await rowsOf<{ id: string }>(
    database.db,
    sql`SELECT id FROM spaces WHERE slug = 'bench-1'`,
  );
  const managerUser = person('bench-manager', false);
  const manager = contextOf(database, managerUser);
  const admin = contextOf(database, person('bench-admin', true));
  const year: TStatisticsInput = { from: addDays(today, -365), to: addDays(today, -1) };
  const lastMonthEnd = addDays(`${today.slice(0, 7)}-01`, -1);
  const month: TStatisticsInput = { from: `${lastMonthEnd.slice(0, 7)}-01`, to: lastMonthEnd };
  const sample = await getStatistics(manager, { spaceId: space!.id, ...year });
  console.log(
    `  year sample: occupancy ${sample.current.occupancy.total.occupancyBasisPoints} bp, ${sample.current.bookings.total} bookings, revenue ${sample.current.revenue.totalExclVatCents} cents, ${sample.current.memberships.activeAtEnd} memberships, ${sample.current.events.events} events`,
  );
  console.log(`  load average before measuring: ${loadAverage()}`);
  const rounds = engine === 'postgres' ? { warmup: 5, rounds: 60 } : { warmup: 2, rounds: 20 };
  const [room] = await rowsOf<{ id: string }>(
    database.db,
    sql`SELECT id FROM rooms WHERE space_id = ${space!.id} ORDER BY id LIMIT 1`,
  );
  // The page: the app's router, the manager's session, the production build's server render of
  // /statistics (its loader asks statistics.scope, then statistics.space), read whole.
  const session = { id: 'bench-session', user: managerUser };
  const app = benchApp(database, build, statisticsCallables, session);
  const pageUrl = (range: TStatisticsInput, roomId?: string) =>
    `/statistics?${new URLSearchParams({ space: space!.id, period: 'custom', from: range.from, to: range.to, ...(roomId ? { room: roomId } : {}) })}`;
  const page = (range: TStatisticsInput, roomId?: string) => () => getPage(app, pageUrl(range, roomId));
  const yearP95 = await measure(`page, year (${year.from} → ${year.to})`, page(year), rounds);
  const monthP95 = await measure(`page, month (${month.from} → ${month.to})`, page(month), rounds);
  await measure('page, month, one room', page(month, room!.id), rounds);
  await measure('service, year', () => getStatistics(manager, { spaceId: space!.id, ...year }), rounds);
  await measure('service, month', () => getStatistics(manager, { spaceId: space!.id, ...month }), rounds);
  await measure(`admin, all ${SPACES} spaces, month (service)`, () => getStatistics(admin, month), {
    warmup: 1,
    rounds: 5,
  });
  await measure(`admin, all ${SPACES} spaces, year (service)`, () => getStatistics(admin, year), {
    warmup: 1,
    rounds: 5,
  });
  console.log(`  load average after: ${loadAverage()}`);
  await profilePage('page, year', database, engine, build, session, pageUrl(year));
  await profilePage('page, month', database, engine, build, session, pageUrl(month));
  console.log(`  load average after the profiles: ${loadAverage()}`);
  return { yearP95, monthP95 };
}

export async function run() {
  const build = await loadServerBuild();
  await onEachDatabase(
    DATABASE_NAME,
    (database, engine, reused) => benchOn(database, engine, reused, build),
    ({ yearP95, monthP95 }) => [
      `target p95 < ${YEAR_TARGET_MS} ms for the year: ${yearP95 < YEAR_TARGET_MS ? 'met' : 'NOT met'} (${yearP95.toFixed(1)} ms)`,
      `target p95 < ${MONTH_TARGET_MS} ms for the month: ${monthP95 < MONTH_TARGET_MS ? 'met' : 'NOT met'} (${monthP95.toFixed(1)} ms)`,
    ],
  );
}

/**
 * Reservations under load, on PGlite and, when DATABASE_URL is set, on PostgreSQL (a throw-away database):
 *
 * - 500 rooms (seven spaces of 50, one of 150) and 200,000 reservations (two a day per room, 100 days
 *   back and ahead);
 * - availability of one room over 7 days (target p95 < 10 ms on PostgreSQL);
 * - availability of a 50-room space over one day (target p95 < 30 ms);
 * - booking non-conflicting slots through the HTTP API (`POST /api/fn/reservations.create`, signed in,
 *   50 concurrent clients with autocannon on loopback), and the same inserts (reservation and e-mail job)
 *   straight in SQL with 50 concurrent workers, side by side as a ratio (target: the API reaches at least
 *   half the raw rate).
 *
 * Where a booking's time goes: the statements one booking sends (counted over the run and listed for one
 * booking, on PostgreSQL, BEGIN and COMMIT included) and the CPU time per booking, of this process (the server
 * and the load generator) and, on PostgreSQL, of its backends (read from /proc, same machine only).
 *
 * `BENCH_QUICK=1` shrinks everything for a smoke run; `BENCH_SKIP_PGLITE=1` runs PostgreSQL only;
 * `BENCH_BOOKINGS=N` books N through the API (and N in raw SQL) instead of the default;
 * `BENCH_CPU_PROFILE=file.cpuprofile` writes a CPU profile of this process while the API books.
 * Figures are printed; nothing is asserted.
 */
import { getRequestListener } from '@hono/node-server';
import autocannon from 'autocannon';
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '../server/app';
import { createRouter } from '../server/callables';
import { openPglite, openPostgres, type Database, type Db } from '../server/db/client';
import {
  getRoomAvailability,
  getSpaceAvailability,
} from '../server/features/reservations/availability.service';
import { queueMailSql } from '../server/features/reservations/notifications';
import { getSpaceCalendar } from '../server/features/reservations/queries.service';
import { createAuth } from '../server/platform/auth';
import { parseEnvironment, readConfig } from '../server/platform/config';
import { log } from '../server/platform/log';
import { systemContext } from '../server/platform/service-context';
import { createSessionReader } from '../server/platform/session';
import { createLocalFileStore } from '../server/platform/storage';
import { databaseUrlWithName, dropDatabase, withAdminClient } from '../server/db/postgres-admin';
import { backendCpu, backendCpuBetween, cpuSeconds, sent } from './profile';
import { rebuildRoomDayUse, withoutRollupTrigger } from './room-day-use';

// Knobs of this benchmark, not settings of the server: read here rather than in server/platform/config.ts.
const QUICK = process.env.BENCH_QUICK === '1';
/** Rooms per space: seven spaces of 50 and one of 150 (the manager's planning with 100+ rooms): 500. */
const SPACE_SIZES = QUICK ? [50, 50] : [150, 50, 50, 50, 50, 50, 50, 50];
const ROOMS = SPACE_SIZES.reduce((a, b) => a + b, 0);
const DAYS_BACK = QUICK ? 5 : 100;
const DAYS_AHEAD = QUICK ? 5 : 100;
const BOOKINGS_PER_DAY = 2;
const CLIENTS = 50;
/** Bookings made through the API before measuring, to warm the server up. */
const WARM_UP = 200;
const ZONE = 'Europe/Paris';
/** Free hours of a bench room's day (the seed books 09:00–10:00 and 14:00–15:30): where new bookings go. */
const FREE_HOURS = [10, 11, 12, 16, 17, 18];

interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

function statsOf(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    n: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
  };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

/** One statement on one line, shortened. */
function statementLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 110 ? `${line.slice(0, 107)}…` : line;
}

/**
 * With `BENCH_CPU_PROFILE=file.cpuprofile`, a V8 CPU profile of this process while the API books (open it in
 * Chrome's DevTools): where the Node side of a booking goes. Without it, nothing.
 */
async function startProfile(): Promise<{ stop(): Promise<void> }> {
  const file = process.env.BENCH_CPU_PROFILE;
  if (!file) return { stop: async () => {} };
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return {
    stop: async () => {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`  CPU profile of the API bookings written to ${file}`);
    },
  };
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The spaces of `SPACE_SIZES` (500 rooms), open 08:00–20:00 every day, 100 users, 200,000 reservations. */
async function seed(db: Db) {
  const started = performance.now();
  await db.execute(sql`
    INSERT INTO spaces (slug, name, city, status, time_zone, published_at)
    SELECT 'bench-' || i, 'Bench space ' || i, 'Paris', 'published', ${ZONE}, now()
    FROM generate_series(1, ${SPACE_SIZES.length}::int) AS i`);
  await db.execute(sql`
    INSERT INTO space_opening_hours (space_id, weekday, opens, closes)
    SELECT spaces.id, weekday, '08:00', '20:00' FROM spaces CROSS JOIN generate_series(1, 7) AS weekday
    WHERE spaces.slug LIKE 'bench-%'`);
  await db.execute(sql`
    INSERT INTO rooms (space_id, kind, name, capacity, hourly_price_cents, half_day_price_cents, day_price_cents,
                       min_duration_minutes, max_duration_minutes, booking_step_minutes, buffer_minutes,
                       lead_time_minutes, horizon_days, position)
    SELECT spaces.id, 'meeting_room', 'Room ' || n, 8, 4000, 14000, 25000, 60, 240, 30, 0, 0, 365, n
    FROM spaces CROSS JOIN generate_series(1, 150) AS n
    WHERE spaces.slug LIKE 'bench-%'
      AND n <= (${`{${SPACE_SIZES.join(',')}}`}::int[])[substr(spaces.slug, 7)::int]`);
  await db.execute(sql`
    INSERT INTO users (id, name, email, email_verified)
    SELECT 'bench-user-' || i, 'Bench ' || i, 'bench' || i || '@bench.test', true FROM generate_series(1, 100) AS i`);
  await withoutRollupTrigger(db, () =>
    db.execute(sql`
    INSERT INTO reservations (room_id, space_id, user_id, starts_at, ends_at, blocked_until, attendees, status,
                              price_excl_vat_cents, vat_cents, total_cents, vat_rate_basis_points, pricing_basis)
    SELECT rooms.id, rooms.space_id, 'bench-user-' || (1 + (rooms.position * 7 + day + 100) % 100),
           slot.starts_at, slot.starts_at + make_interval(mins => booking.minutes),
           slot.starts_at + make_interval(mins => booking.minutes), 2,
           CASE WHEN slot.starts_at < now() THEN 'completed' ELSE 'confirmed' END,
           booking.price, booking.price / 5, booking.price + booking.price / 5, 2000, 'hourly'
    FROM rooms
    CROSS JOIN generate_series(${-DAYS_BACK}::int, ${DAYS_AHEAD - 1}::int) AS day
    CROSS JOIN (VALUES ('09:00'::time, 60, 4000), ('14:00'::time, 90, 8000)) AS booking(at, minutes, price)
    CROSS JOIN LATERAL (
      SELECT (((now() AT TIME ZONE ${ZONE})::date + day) + booking.at) AT TIME ZONE ${ZONE} AS starts_at
    ) AS slot
    WHERE rooms.name LIKE 'Room %'`),
  );
  await rebuildRoomDayUse(db);
  await db.execute(sql`ANALYZE`);
  const [count] = await rows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM reservations`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `  data: ${ROOMS} rooms in ${SPACE_SIZES.length} spaces, ${count!.count} reservations (seeded in ${seconds} s)`,
  );
}

const DATE_IN_ZONE = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE });

/** The date in Paris `offsetDays` from today (`YYYY-MM-DD`). */
function localDate(offsetDays: number): string {
  return DATE_IN_ZONE.format(new Date(Date.now() + offsetDays * 86_400_000));
}

async function time(work: () => Promise<unknown>, iterations: number): Promise<Stats> {
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return statsOf(samples);
}

async function benchAvailability(db: Db) {
  const roomIds = (await rows<{ id: string }>(db, sql`SELECT id FROM rooms WHERE name LIKE 'Room %'`)).map(
    (row) => row.id,
  );
  const spaces = await rows<{ id: string; rooms: number }>(
    db,
    sql`SELECT spaces.id, count(rooms.id)::int AS rooms FROM spaces JOIN rooms ON rooms.space_id = spaces.id
        WHERE spaces.slug LIKE 'bench-%' GROUP BY spaces.id`,
  );
  const spaceIds = spaces.filter((space) => space.rooms === 50).map((space) => space.id);
  const largest = spaces.reduce((a, b) => (b.rooms > a.rooms ? b : a));
  const pick = <T>(items: T[], i: number) => items[(i * 7919) % items.length]!;
  const ctx = systemContext({ db, log, now: new Date() });
  let i = 0;
  // Warm up plans and caches, then measure.
  for (let w = 0; w < 20; w++) {
    await getRoomAvailability(ctx, {
      roomId: pick(roomIds, w),
      from: localDate(1),
      to: localDate(7),
      anyDesk: false,
    });
  }
  const room = await time(
    () =>
      getRoomAvailability(ctx, {
        roomId: pick(roomIds, i++),
        from: localDate(1 + (i % 20)),
        to: localDate(7 + (i % 20)),
        anyDesk: false,
      }),
    QUICK ? 50 : 300,
  );
  for (let w = 0; w < 5; w++) {
    await getSpaceAvailability(ctx, { spaceId: pick(spaceIds, w), from: localDate(1), to: localDate(1) });
  }
  const space = await time(
    () =>
      getSpaceAvailability(ctx, {
        spaceId: pick(spaceIds, i++),
        from: localDate(1 + (i % 20)),
        to: localDate(1 + (i % 20)),
      }),
    QUICK ? 20 : 100,
  );
  // The manager's planning of the largest space, one day: every room and its bookings.
  const asAdmin = {
    ...ctx,
    actor: {
      id: 'bench-user-1',
      email: '',
      name: 'Bench',
      emailVerified: true,
      isAdmin: true,
      locale: null,
      image: null,
    },
  };
  for (let w = 0; w < 5; w++)
    await getSpaceCalendar(asAdmin, { spaceId: largest.id, date: localDate(1 + w) });
  const planning = await time(
    () => getSpaceCalendar(asAdmin, { spaceId: largest.id, date: localDate(1 + (i++ % 30)) }),
    QUICK ? 20 : 100,
  );
  return { room, space, planning, planningRooms: largest.rooms };
}

/** The n-th free slot of the bench: a distinct (room, day, hour) for every n, never overlapping another. */
function slotOf(roomIds: string[], n: number): { roomId: string; startsAt: string; endsAt: string } {
  const roomId = roomIds[n % roomIds.length]!;
  const rest = Math.floor(n / roomIds.length);
  const day = 1 + (rest % (DAYS_AHEAD - 2));
  const hour = FREE_HOURS[Math.floor(rest / (DAYS_AHEAD - 2)) % FREE_HOURS.length]!;
  const date = localDate(day);
  // The hour on the wall clock of Paris, as an instant (the offset of that date).
  const guess = new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  const offsetMinutes =
    (new Date(guess.toLocaleString('en-US', { timeZone: ZONE })).getTime() -
      new Date(guess.toLocaleString('en-US', { timeZone: 'UTC' })).getTime()) /
    60_000;
  const start = new Date(guess.getTime() - offsetMinutes * 60_000);
  return {
    roomId,
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 3_600_000).toISOString(),
  };
}

async function benchBooking(database: Database, requests: number, databaseName: string | null) {
  const db = database.db;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'escale-bench-'));
  const roomIds = (
    await rows<{ id: string }>(
      db,
      sql`SELECT id FROM rooms WHERE name LIKE 'Room %' ORDER BY space_id, position`,
    )
  ).map((row) => row.id);
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = readConfig({
    DATA_DIR: dataDir,
    BASE_URL: baseUrl,
    AUTH_SECRET: randomBytes(24).toString('hex'),
    LOG_LEVEL: 'warn',
  });
  const auth = createAuth({ db, config, log });
  const fileStore = createLocalFileStore(path.join(dataDir, 'files'));
  const app = createApp({
    database,
    config,
    router: createRouter({ auth, fileStore }),
    readSession: createSessionReader(auth, log, db),
    auth,
    fileStore,
    getServerBuild: () => Promise.reject(new Error('no pages in the benchmark')),
    mode: 'production',
  });
  server.on('request', getRequestListener(app.fetch));

  // One signed-in member: a real session cookie, read by better-auth on every request.
  const password = 'bench password 2026';
  await db.execute(sql`
    INSERT INTO accounts (id, account_id, provider_id, user_id, password)
    VALUES ('bench-account-1', 'bench-user-1', 'credential', 'bench-user-1', ${await hashPassword(password)})`);
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({ email: 'bench1@bench.test', password }),
  });
  if (signIn.status !== 200) throw new Error(`bench sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

  // Every request's slot is computed before the clock starts: the load generator stays cheap. The first
  // `WARM_UP` slots warm the server up (compiled code paths, pool connections) and are not counted.
  const slots = Array.from({ length: 2 * requests + WARM_UP }, (_, n) => slotOf(roomIds, n));
  let next = 0;
  const shoot = (amount: number) =>
    autocannon({
      url: `${baseUrl}/api/fn/reservations.create`,
      connections: CLIENTS,
      amount,
      timeout: 30,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: baseUrl },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              data: { ...slots[next++], attendees: 2, idempotencyKey: randomUUID() },
            }),
          }),
        },
      ],
    });
  await shoot(WARM_UP);
  const profile = await startProfile();
  const pgCpuBefore = databaseName ? await backendCpu(db, databaseName) : null;
  const cpuBefore = cpuSeconds();
  const sentBefore = sent.count;
  // autocannon's own duration ends at its next whole-second tick after the last answer (lib/run.js): the
  // time to the last answer is kept too, for the exact rate.
  const apiStarted = performance.now();
  let lastAnswer = apiStarted;
  const running = shoot(requests);
  // Without a callback autocannon answers a promise that is also its event emitter (lib/init.js).
  (running as unknown as NodeJS.EventEmitter).on('response', () => {
    lastAnswer = performance.now();
  });
  const api = await running;
  const apiSeconds = (lastAnswer - apiStarted) / 1000;
  const apiCpu = cpuSeconds() - cpuBefore;
  await profile.stop();
  const apiStatements = sent.count - sentBefore;
  const apiPgCpu = databaseName ? backendCpuBetween(pgCpuBefore, await backendCpu(db, databaseName)) : null;
  // One more booking alone, its statements kept.
  sent.capture = [];
  const one = await fetch(`${baseUrl}/api/fn/reservations.create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: baseUrl },
    body: JSON.stringify({ data: { ...slots[next++], attendees: 2, idempotencyKey: randomUUID() } }),
  });
  if (one.status !== 200) throw new Error(`the listed booking failed: ${one.status} ${await one.text()}`);
  const oneBooking = sent.capture;
  sent.capture = null;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });

  // The same inserts straight in SQL (the reservation and its e-mail job, in one statement as the service
  // does): 50 workers, each taking the next slot, through the same pool.
  let rawNext = requests + WARM_UP;
  const rawEnd = 2 * requests + WARM_UP;
  let rawFailed = 0;
  const rawPgCpuBefore = databaseName ? await backendCpu(db, databaseName) : null;
  const rawCpuBefore = cpuSeconds();
  const rawStarted = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let n = rawNext++; n < rawEnd; n = rawNext++) {
        const slot = slots[n]!;
        try {
          await db.execute(sql`
            WITH created AS (
              INSERT INTO reservations (room_id, space_id, user_id, starts_at, ends_at, blocked_until, attendees,
                                        status, price_excl_vat_cents, vat_cents, total_cents, vat_rate_basis_points,
                                        pricing_basis, idempotency_key)
              SELECT id, space_id, 'bench-user-1', ${slot.startsAt}::timestamptz, ${slot.endsAt}::timestamptz,
                     ${slot.endsAt}::timestamptz, 2, 'confirmed', 4000, 800, 4800, 2000, 'hourly', ${randomUUID()}
              FROM rooms WHERE id = ${slot.roomId}
              ON CONFLICT DO NOTHING
              RETURNING id
            ), mail AS (${queueMailSql(sql`(SELECT id FROM created)`, 'confirmed')})
            SELECT id FROM created`);
        } catch {
          rawFailed++;
        }
      }
    }),
  );
  const rawSeconds = (performance.now() - rawStarted) / 1000;
  const rawCpu = cpuSeconds() - rawCpuBefore;
  const rawPgCpu = databaseName
    ? backendCpuBetween(rawPgCpuBefore, await backendCpu(db, databaseName))
    : null;
  const apiRate = api.requests.total / api.duration;
  return {
    api: {
      total: api.requests.total,
      ok: api['2xx'],
      non2xx: api.non2xx,
      errors: api.errors,
      rate: apiRate,
      exactRate: api.requests.total / apiSeconds,
      seconds: apiSeconds,
      p50: api.latency.p50,
      p97_5: api.latency.p97_5,
      statements: apiStatements / api.requests.total,
      cpuMs: (apiCpu * 1000) / api.requests.total,
      pgCpuMs: apiPgCpu === null ? null : (apiPgCpu * 1000) / api.requests.total,
      oneBooking,
    },
    raw: {
      total: requests,
      failed: rawFailed,
      rate: requests / rawSeconds,
      cpuMs: (rawCpu * 1000) / requests,
      pgCpuMs: rawPgCpu === null ? null : (rawPgCpu * 1000) / requests,
    },
  };
}

async function runOn(kind: 'pglite' | 'postgres', database: Database, databaseName: string | null) {
  console.log(`\n${kind === 'pglite' ? 'PGlite (in-process)' : 'PostgreSQL'}`);
  await database.migrate();
  await seed(database.db);
  const { room, space, planning, planningRooms } = await benchAvailability(database.db);
  const line = (label: string, stats: Stats, target: string) =>
    console.log(
      `  ${label.padEnd(38)} n=${String(stats.n).padEnd(4)} p50 ${ms(stats.p50).padStart(9)}  p95 ${ms(stats.p95).padStart(9)}  p99 ${ms(stats.p99).padStart(9)}  (${target})`,
    );
  line('availability, 1 room × 7 days', room, 'target p95 < 10 ms on PostgreSQL');
  line('availability, 50-room space × 1 day', space, 'target p95 < 30 ms');
  line(`manager planning, ${planningRooms} rooms × 1 day`, planning, 'every room and booking');
  const requests = Number(process.env.BENCH_BOOKINGS) || (QUICK ? 200 : kind === 'pglite' ? 1000 : 3000);
  const booking = await benchBooking(database, requests, databaseName);
  console.log(
    `  ${'booking via HTTP API, 50 clients'.padEnd(38)} ${booking.api.total} requests, ${booking.api.ok} created, ${booking.api.non2xx} refused, ${booking.api.errors} errors: ${booking.api.rate.toFixed(0)} req/s (latency p50 ${booking.api.p50} ms, p97.5 ${booking.api.p97_5} ms)`,
  );
  console.log(
    `  ${'  the same, to the last answer'.padEnd(38)} ${booking.api.exactRate.toFixed(0)} req/s (${booking.api.total} in ${booking.api.seconds.toFixed(2)} s; the rate above divides by autocannon's whole seconds)`,
  );
  console.log(
    `  ${'same inserts in raw SQL, 50 workers'.padEnd(38)} ${booking.raw.total} inserts, ${booking.raw.failed} failed: ${booking.raw.rate.toFixed(0)} inserts/s`,
  );
  console.log(
    `  ${'API / raw SQL'.padEnd(38)} ${(booking.api.rate / booking.raw.rate).toFixed(2)}  (target ≥ 0.50)`,
  );
  const cpu = (side: { cpuMs: number; pgCpuMs: number | null }) =>
    `${side.cpuMs.toFixed(2)} ms in this process (server and load generator)` +
    (side.pgCpuMs === null ? '' : `, ${side.pgCpuMs.toFixed(2)} ms in PostgreSQL`);
  console.log(`  ${'CPU per booking, API'.padEnd(38)} ${cpu(booking.api)}`);
  console.log(`  ${'CPU per insert, raw SQL'.padEnd(38)} ${cpu(booking.raw)}`);
  if (kind === 'postgres') {
    console.log(
      `  ${'statements per booking, API'.padEnd(38)} ${booking.api.statements.toFixed(2)} (round trips: BEGIN and COMMIT included, alone or with a statement); one booking's:`,
    );
    for (const text of booking.api.oneBooking) console.log(`    ${statementLine(text)}`);
  }
}

/** The benchmark, for `npm run bench` (bench/run.ts). */
export async function run() {
  console.log(
    `Reservations benchmark: ${ROOMS} rooms, ${ROOMS * (DAYS_BACK + DAYS_AHEAD) * BOOKINGS_PER_DAY} reservations${QUICK ? ' (quick)' : ''}`,
  );
  // BENCH_SKIP_PGLITE=1 measures PostgreSQL only (profiling it, say).
  if (process.env.BENCH_SKIP_PGLITE !== '1') {
    const pglite = await openPglite('memory://');
    try {
      await runOn('pglite', pglite, null);
    } finally {
      await pglite.close();
    }
  }
  const url = parseEnvironment().DATABASE_URL;
  if (!url) {
    console.log('\nPostgreSQL: skipped (set DATABASE_URL to run it on a throw-away database)');
    return;
  }
  const name = `escale_bench_${randomBytes(4).toString('hex')}`;
  await withAdminClient(url, (client) => client.query(`CREATE DATABASE ${name}`));
  const postgres = openPostgres(databaseUrlWithName(url, name), { max: 20 });
  try {
    await runOn('postgres', postgres, name);
  } finally {
    await postgres.close();
    await dropDatabase(url, name);
  }
}

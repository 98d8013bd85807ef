/**
 * Plans and credits under load, on PGlite and, with DATABASE_URL, on PostgreSQL (a database of its own,
 * `bench_plans`, dropped after):
 *
 * - /plans for a member whose ledger holds 10,000 entries (a membership of 100 monthly periods, each with its
 *   paid order and its lot: its grant, 50 bookings paid by credit and 49 adjustments), as the services alone (plans + first ledger page)
 *   and as the whole server-rendered page (`GET /plans`). Target: p95 < 20 ms on PostgreSQL.
 * - Booking with a credit debit vs booking at price, through the booking service (each booking its own
 *   transaction, its activity entry and e-mail job), 10 members booking at once on 20 rooms: bookings per
 *   second side by side.
 *
 * `BENCH_SKIP_PGLITE=1` runs PostgreSQL only. Figures are printed; nothing is asserted.
 */
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { ServerBuild } from 'react-router';
import { type Database } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { formulasCallables } from '../server/features/formulas/formulas.callables';
import { listMyLedger, listMyPlans } from '../server/features/formulas/plan-reads.service';
import { createReservation } from '../server/features/reservations/booking.service';
import { contextFor } from '../server/features/reservations/reservations.fixtures';
import {
  ALWAYS_OPEN,
  insertPerson,
  insertRoom,
  insertSpace,
  type TestPerson,
} from '../server/db/factories.fixtures';
import { tenancyCallables } from '../server/features/tenancy/tenancy.callables';
import { benchApp, getPage, onEachDatabase } from './in-process';
import { loadServerBuild, measure } from './timing';

const LOTS = 100;
const DEBITS_PER_LOT = 50;
const ADJUSTMENTS_PER_LOT = 49;
const TARGET_P95_MS = 20;
const MEMBERS = 10;
const ROOMS = 20;
const BOOKINGS = 300;
const DATABASE_NAME = 'bench_plans';

/**
 * The member with a long history: a membership started LOTS months ago, one lot a month (30 days), each
 * granted 6,000 minutes, then 50 one-hour bookings paid from it and 49 one-minute adjustments. Entries go
 * in through the ledger's trigger like any other (it checks each debit against its booking).
 */
async function fillHistory(database: Database, spaceId: string, roomId: string, member: TestPerson) {
  const { db } = database;
  const started = performance.now();
  const [formula] = await rowsOf<{ id: string }>(
    db,
    sql`INSERT INTO formulas (space_id, kind, name_fr, price_excl_vat_cents, vat_rate_basis_points, room_kinds,
                              credit_unit, credit_amount, period, rollover)
        VALUES (${spaceId}, 'membership', 'Abonnement du banc', 19000, 2000, ARRAY['meeting_room'], 'minutes', 6000, 'month', 'none')
        RETURNING id`,
  );
  const origin = Date.now() - LOTS * 30 * 86_400_000;
  const at = (ms: number) => new Date(ms).toISOString();
  const [plan] = await rowsOf<{ id: string }>(
    db,
    sql`INSERT INTO plans (space_id, user_id, formula_id, status, period_index, period_starts_at, period_ends_at, created_at, updated_at)
        VALUES (${spaceId}, ${member.id}, ${formula!.id}, 'active', ${LOTS - 1},
                ${at(origin + (LOTS - 1) * 30 * 86_400_000)}::timestamptz, ${at(origin + LOTS * 30 * 86_400_000)}::timestamptz,
                ${at(origin)}::timestamptz, now())
        RETURNING id`,
  );
  // One paid order a period.
  await db.execute(sql`
    INSERT INTO orders (space_id, user_id, plan_id, period_index, payment_method, status, excl_vat_cents, vat_cents,
                        total_cents, due_at, paid_at, created_at)
    SELECT ${spaceId}, ${member.id}, ${plan!.id}, k, 'bank_transfer', 'paid', 19000, 3800, 22800,
           ${at(origin)}::timestamptz + make_interval(days => k * 30 + 7),
           ${at(origin)}::timestamptz + make_interval(days => k * 30 + 2),
           ${at(origin)}::timestamptz + make_interval(days => k * 30)
    FROM generate_series(0, ${LOTS - 1}::int) AS k`);
  // The bookings: 50 a lot, one hour each, every 12 hours from the lot's start.
  await db.execute(sql`
    INSERT INTO reservations (room_id, space_id, user_id, starts_at, ends_at, blocked_until, attendees, status,
                              price_excl_vat_cents, vat_cents, total_cents, vat_rate_basis_points, pricing_basis, created_at)
    SELECT ${roomId}, ${spaceId}, ${member.id}, s, s + interval '1 hour', s + interval '1 hour', 1, 'completed',
           4000, 800, 4800, 2000, 'hourly', s - interval '1 day'
    FROM generate_series(0, ${LOTS - 1}::int) AS lot, generate_series(0, ${DEBITS_PER_LOT - 1}::int) AS j,
         LATERAL (SELECT ${at(origin)}::timestamptz + make_interval(days => lot * 30, hours => j * 12) AS s) AS slot`);
  await db.execute(sql`
    INSERT INTO credit_lots (plan_id, space_id, user_id, period_index, source, unit, room_kinds, valid_from, valid_until, created_at)
    SELECT ${plan!.id}, ${spaceId}, ${member.id}, lot, 'period', 'minutes', ARRAY['meeting_room'],
           ${at(origin)}::timestamptz + make_interval(days => lot * 30),
           ${at(origin)}::timestamptz + make_interval(days => (lot + 1) * 30),
           ${at(origin)}::timestamptz + make_interval(days => lot * 30)
    FROM generate_series(0, ${LOTS - 1}::int) AS lot`);
  await db.execute(sql`
    INSERT INTO credit_entries (lot_id, user_id, kind, amount, occurred_at)
    SELECT id, user_id, 'grant', 6000, valid_from FROM credit_lots WHERE plan_id = ${plan!.id} ORDER BY valid_from`);
  await db.execute(sql`
    INSERT INTO credit_entries (lot_id, user_id, kind, amount, reservation_id, occurred_at)
    SELECT l.id, r.user_id, 'debit', -60, r.id, r.created_at
    FROM reservations r JOIN credit_lots l ON l.plan_id = ${plan!.id}
      AND r.starts_at >= l.valid_from AND r.ends_at <= l.valid_until
    WHERE r.user_id = ${member.id} ORDER BY r.starts_at`);
  await db.execute(sql`
    INSERT INTO credit_entries (lot_id, user_id, kind, amount, reason, occurred_at)
    SELECT l.id, l.user_id, 'adjustment', -1, 'Ajustement du banc', l.valid_from + make_interval(hours => j * 12 + 6)
    FROM credit_lots l, generate_series(0, ${ADJUSTMENTS_PER_LOT - 1}::int) AS j
    WHERE l.plan_id = ${plan!.id} ORDER BY l.valid_from, j`);
  await db.execute(sql`VACUUM ANALYZE`);
  const [count] = await rowsOf<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM credit_entries WHERE user_id = ${member.id}`,
  );
  console.log(
    `  ${count!.count.toLocaleString('en')} ledger entries in ${LOTS} lots loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** Members each holding a big pack valid for the coming 100 days, for the booking runs. */
async function fillBookers(database: Database, spaceId: string): Promise<TestPerson[]> {
  const { db } = database;
  const [formula] = await rowsOf<{ id: string }>(
    db,
    sql`INSERT INTO formulas (space_id, kind, name_fr, price_excl_vat_cents, vat_rate_basis_points, room_kinds,
                              credit_unit, credit_amount, validity_days)
        VALUES (${spaceId}, 'pack', 'Carnet du banc', 0, 2000, ARRAY['meeting_room'], 'minutes', 1000000, 100)
        RETURNING id`,
  );
  const members: TestPerson[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const member = await insertPerson(db);
    const [plan] = await rowsOf<{ id: string }>(
      db,
      sql`INSERT INTO plans (space_id, user_id, formula_id, status, period_starts_at, period_ends_at)
          VALUES (${spaceId}, ${member.id}, ${formula!.id}, 'active', now() - interval '1 day', now() + interval '100 days')
          RETURNING id`,
    );
    const [lot] = await rowsOf<{ id: string }>(
      db,
      sql`INSERT INTO credit_lots (plan_id, space_id, user_id, period_index, source, unit, room_kinds, valid_from, valid_until, created_at)
          VALUES (${plan!.id}, ${spaceId}, ${member.id}, 0, 'period', 'minutes', ARRAY['meeting_room'],
                  now() - interval '1 day', now() + interval '100 days', now())
          RETURNING id`,
    );
    await db.execute(sql`
      INSERT INTO credit_entries (lot_id, user_id, kind, amount, occurred_at)
      VALUES (${lot!.id}, ${member.id}, 'grant', 1000000, now())`);
    members.push(member);
  }
  return members;
}

/**
 * BOOKINGS one-hour bookings on ROOMS rooms, MEMBERS at once (each its own member), starting `dayOffset`
 * days ahead on whole hours; answers bookings per second.
 */
async function bookingRate(
  database: Database,
  rooms: string[],
  members: TestPerson[],
  payWith: 'price' | 'credits',
  dayOffset: number,
) {
  const base = new Date();
  base.setUTCHours(0, 0, 0, 0);
  const start = base.getTime() + dayOffset * 86_400_000;
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    members.map(async (member) => {
      for (;;) {
        const n = next++;
        if (n >= BOOKINGS) return;
        const room = rooms[n % rooms.length]!;
        const startsAt = new Date(start + Math.floor(n / rooms.length) * 3_600_000);
        try {
          await createReservation(contextFor(database.db, member.session), {
            roomId: room,
            startsAt: startsAt.toISOString(),
            endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
            attendees: 1,
            anyDesk: false,
            title: '',
            idempotencyKey: randomUUID(),
            payWith,
          });
        } catch {
          failures++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const rate = (BOOKINGS - failures) / seconds;
  console.log(
    `  booking ${payWith === 'credits' ? 'with a credit debit' : 'at price'}`.padEnd(48) +
      `${rate.toFixed(0).padStart(5)} bookings/s   (${BOOKINGS - failures} made, ${failures} refused, ${MEMBERS} at once)`,
  );
  return rate;
}

async function benchOn(database: Database, build: ServerBuild): Promise<number> {
  await database.migrate();
  const spaceId = await insertSpace(database.db, { hours: ALWAYS_OPEN });
  const historyRoom = await insertRoom(database.db, spaceId, { horizonDays: 365 });
  const member = await insertPerson(database.db, { name: 'Membre du banc' });
  await fillHistory(database, spaceId, historyRoom, member);

  const empty = await insertPerson(database.db, { name: 'Membre sans formule' });
  const callables = [...tenancyCallables, ...formulasCallables];
  const app = benchApp(database, build, callables, member.session);
  const ctx = contextFor(database.db, member.session);
  const sample = await listMyPlans(ctx);
  console.log(
    `  sample: ${sample.plans.length} plan, ${sample.plans[0]!.lots.length} lots, balance ${sample.balance.minutes} min`,
  );
  await measure('service: plans.listMine', () => listMyPlans(ctx));
  await measure('service: plans.ledger (first page)', () => listMyLedger(ctx, {}));
  const page = () => getPage(app, '/plans');
  const p95 = await measure('GET /plans (10,000 entries)', page);
  // The same page for a member holding nothing: what rendering any page costs on this machine now.
  const emptyApp = benchApp(database, build, callables, empty.session);
  await measure('GET /plans (nothing held), for comparison', () => getPage(emptyApp, '/plans'));

  const rooms: string[] = [];
  for (let i = 0; i < ROOMS; i++)
    rooms.push(await insertRoom(database.db, spaceId, { maxDurationMinutes: 240 }));
  const bookers = await fillBookers(database, spaceId);
  const atPrice = await bookingRate(database, rooms, bookers, 'price', 2);
  const withCredit = await bookingRate(database, rooms, bookers, 'credits', 4);
  console.log(`  credit debit / at price: ${(withCredit / atPrice).toFixed(2)}`);
  return p95;
}

export async function run() {
  const build = await loadServerBuild();
  await onEachDatabase(
    DATABASE_NAME,
    (database) => benchOn(database, build),
    (p95) => [
      `target p95 < ${TARGET_P95_MS} ms for GET /plans: ${p95 < TARGET_P95_MS ? 'met' : 'NOT met'} (${p95.toFixed(1)} ms)`,
    ],
  );
}

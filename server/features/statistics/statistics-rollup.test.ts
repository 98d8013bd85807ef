// @databases pglite postgres
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  HELD_RESERVATION_STATUSES,
  RESERVATION_STATUSES,
  type ReservationStatus,
} from '#contract/reservations';
import { testDatabaseForFile, testDatabaseKind } from '../../../tests/support/test-database';
import { ALWAYS_OPEN, addRole, insertPerson, insertRoom, insertSpace } from '../../db/factories.fixtures';
import { rowsOf } from '../../db/rows';
import { ROOM_DAY_USE_COUNTERS } from '../../db/schema/statistics';
import { uuidList } from '../../db/sql-lists';
import { contextFor } from '../reservations/reservations.fixtures';
import { getStatistics } from './statistics.service';

/**
 * The rollups' triggers (migrations 0041 and 0073) write the reservation statuses by hand, in SQL: this
 * holds them to the contract's lists, so a status added or moved there fails here until the triggers
 * follow. Each status of RESERVATION_STATUSES must land in the one booking counter the map below names (a
 * status missing from the map does not compile), and hold the room's time and mark its member active that
 * day exactly when it is one of HELD_RESERVATION_STATUSES; every change of status, from each to each, must
 * leave the rollups as a reservation made with the new status would (the triggers skip the changes they
 * deem not to count, completed for confirmed).
 */

const COUNTER_OF: Record<ReservationStatus, string> = {
  pending: 'pending',
  confirmed: 'confirmed',
  completed: 'confirmed',
  cancelled: 'cancelled',
  declined: 'declined',
  no_show: 'no_shows',
};
const COUNTERS = ['pending', 'confirmed', 'cancelled', 'declined', 'no_shows'] as const;

const database = testDatabaseForFile();
let spaceId: string;
let roomId: string;
let userId: string;

beforeAll(async () => {
  spaceId = await insertSpace(database.db, { hours: ALWAYS_OPEN });
  roomId = await insertRoom(database.db, spaceId);
  userId = (await insertPerson(database.db)).id;
});

/** A one-hour booking (10:00–11:00 UTC) on `day`, with `status`; its id. */
async function reservationOn(day: string, status: ReservationStatus): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    database.db,
    sql`INSERT INTO reservations (room_id, space_id, user_id, starts_at, ends_at, blocked_until, attendees, status,
        price_excl_vat_cents, vat_cents, total_cents, vat_rate_basis_points, pricing_basis)
      VALUES (${roomId}, ${spaceId}, ${userId}, ${`${day}T10:00:00Z`}, ${`${day}T11:00:00Z`},
        ${`${day}T11:00:00Z`}, 1, ${status}, 0, 0, 0, 2000, 'hourly')
      RETURNING id`,
  );
  return row!.id;
}

async function rollupOn(day: string) {
  const [row] = await rowsOf<Record<string, number>>(
    database.db,
    sql`SELECT booked_minutes, h11, bookings, ${sql.raw(COUNTERS.join(', '))},
        coalesce((SELECT get_bit(a.days, extract(doy FROM ${day}::date)::int - 1) FROM member_active_days a
          WHERE a.space_id = ${spaceId} AND a.user_id = ${userId}
            AND a.year = extract(year FROM ${day}::date)), 0) AS active
      FROM room_day_use WHERE room_id = ${roomId} AND day = ${day}::date`,
  );
  return row;
}

/** What a reservation of `status` alone on its day adds to the rollup. */
function expectedFor(status: ReservationStatus) {
  const held = (HELD_RESERVATION_STATUSES as readonly string[]).includes(status) ? 60 : 0;
  return {
    booked_minutes: held,
    h11: held, // 10:00 UTC is 11:00 in Paris in winter
    bookings: 1,
    active: held ? 1 : 0,
    ...Object.fromEntries(COUNTERS.map((counter) => [counter, counter === COUNTER_OF[status] ? 1 : 0])),
  };
}

/** The n-th day of January 2030, as a date. */
const dayOf = (n: number) => `2030-01-${String(n).padStart(2, '0')}`;

describe("the rollup's trigger and the contract's statuses", () => {
  it('counts each status in its own counter, and its time only when it holds the room', async () => {
    for (const [index, status] of RESERVATION_STATUSES.entries()) {
      await reservationOn(dayOf(index + 1), status);
      expect(await rollupOn(dayOf(index + 1)), status).toEqual(expectedFor(status));
    }
  });

  it('recounts every change of status as a new reservation of the new status', async () => {
    let day = 0;
    for (const from of RESERVATION_STATUSES) {
      for (const to of RESERVATION_STATUSES) {
        // Days of February and March 2030 onward, one per change.
        const date = new Date(Date.UTC(2030, 1, 1 + day++)).toISOString().slice(0, 10);
        const id = await reservationOn(date, from);
        await database.db.execute(sql`UPDATE reservations SET status = ${to} WHERE id = ${id}`);
        expect(await rollupOn(date), `${from} → ${to}`).toEqual(expectedFor(to));
      }
    }
  });
});

describe('active members, from the days their bookings held', () => {
  it('counts each person once over a period across two years, and follows a cancellation', async () => {
    const space = await insertSpace(database.db, { hours: ALWAYS_OPEN });
    const room = await insertRoom(database.db, space);
    const manager = await insertPerson(database.db);
    await addRole(database.db, space, manager.id, 'manager');
    const [ann, bob, cat] = [
      await insertPerson(database.db),
      await insertPerson(database.db),
      await insertPerson(database.db),
    ];
    const book = async (who: string, startsAt: string, status: ReservationStatus) => {
      const [row] = await rowsOf<{ id: string }>(
        database.db,
        sql`INSERT INTO reservations (room_id, space_id, user_id, starts_at, ends_at, blocked_until, attendees,
            status, price_excl_vat_cents, vat_cents, total_cents, vat_rate_basis_points, pricing_basis)
          VALUES (${room}, ${space}, ${who}, ${startsAt}, ${startsAt}::timestamptz + interval '1 hour',
            ${startsAt}::timestamptz + interval '1 hour', 1, ${status}, 0, 0, 0, 2000, 'hourly')
          RETURNING id`,
      );
      return row!.id;
    };
    // Paris: 23:30 UTC on 31 December is 00:30 on 1 January.
    const annOnNewYear = await book(ann.id, '2030-12-31T23:30:00Z', 'confirmed');
    await book(ann.id, '2030-12-31T10:00:00Z', 'confirmed');
    await book(bob.id, '2031-01-01T10:00:00Z', 'cancelled');
    await book(cat.id, '2030-12-30T10:00:00Z', 'completed');
    await book(cat.id, '2031-01-02T10:00:00Z', 'no_show');
    const active = async (from: string, to: string) =>
      (await getStatistics(contextFor(database.db, manager.session), { spaceId: space, from, to })).current
        .members.active;
    expect(await active('2030-12-30', '2031-01-02')).toBe(2);
    expect(await active('2031-01-01', '2031-01-01')).toBe(1);
    expect(await active('2030-12-31', '2030-12-31')).toBe(1);
    await database.db.execute(sql`UPDATE reservations SET status = 'cancelled' WHERE id = ${annOnNewYear}`);
    expect(await active('2031-01-01', '2031-01-01')).toBe(0);
    expect(await active('2030-12-30', '2031-01-02')).toBe(2);
    expect(await active('2031-01-02', '2031-12-31')).toBe(1);
  });
});

// Two transactions at once need two connections: PostgreSQL's pool (PGlite has one connection).
describe.skipIf(testDatabaseKind() !== 'postgres')('active days under concurrent changes', () => {
  it('keeps a day active when its last booking is cancelled while another one is being made', async () => {
    const space = await insertSpace(database.db, { hours: ALWAYS_OPEN });
    const [first, second] = [await insertRoom(database.db, space), await insertRoom(database.db, space)];
    const member = (await insertPerson(database.db)).id;
    const insert = (room: string, startsAt: string) =>
      sql`INSERT INTO reservations (room_id, space_id, user_id, starts_at, ends_at, blocked_until, attendees,
          status, price_excl_vat_cents, vat_cents, total_cents, vat_rate_basis_points, pricing_basis)
        VALUES (${room}, ${space}, ${member}, ${startsAt}, ${startsAt}::timestamptz + interval '1 hour',
          ${startsAt}::timestamptz + interval '1 hour', 1, 'confirmed', 0, 0, 0, 2000, 'hourly')
        RETURNING id`;
    const [held] = await rowsOf<{ id: string }>(database.db, insert(first, '2030-06-03T08:00:00Z'));
    const activeOnThatDay = async () => {
      const [row] = await rowsOf<{ bit: number }>(
        database.db,
        sql`SELECT get_bit(days, extract(doy FROM date '2030-06-03')::int - 1) AS bit FROM member_active_days
          WHERE space_id = ${space} AND user_id = ${member} AND year = 2030`,
      );
      return row?.bit;
    };
    expect(await activeOnThatDay()).toBe(1);
    // A booking of the same day is being made (its transaction open, the member's row locked) when the
    // other one is cancelled: the cancellation waits for it, then recounts the day with it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const making = database.db.transaction(async (tx) => {
      await tx.execute(insert(second, '2030-06-03T14:00:00Z'));
      inserted();
      await released;
    });
    await insertedYet;
    // A drizzle query starts when awaited: started here, it runs while the booking's transaction is open.
    const cancelling = (async () =>
      database.db.execute(
        sql`UPDATE reservations SET status = 'cancelled', cancelled_at = now(), cancelled_by_role = 'member'
          WHERE id = ${held!.id}`,
      ))();
    try {
      // Once the cancellation waits on the member's row, the booking commits.
      await expect
        .poll(async () => {
          const [row] = await rowsOf<{ waiting: number }>(
            database.db,
            sql`SELECT count(*)::int AS waiting FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return row!.waiting;
        })
        .toBe(1);
    } finally {
      release();
    }
    await Promise.all([making, cancelling]);
    expect(await activeOnThatDay()).toBe(1);
  });
});

/**
 * The rollup's trigger computes a reservation's rows by hand (migration 0077); `room_day_use_rows` (migration
 * 0041) stays their definition, and the benchmarks rebuild the rollup from it. Both must give the same rows
 * for every kind of reservation: the daylight-saving days of Paris, a booking across local midnight, minutes
 * off the hour, a zone a half hour off UTC (each UTC hour then lands on the wall clock's half hour), an
 * event's hold, late and early cancellations with and without a policy, and after changes and a deletion.
 */
describe("the rollup's trigger and room_day_use_rows", () => {
  const COLUMNS = ROOM_DAY_USE_COUNTERS;

  /** The rooms' rollup rows, keyed `room day`, each with its non-zero counters (days all zero left out). */
  function byDay(rows: Array<Record<string, unknown>>): Record<string, Record<string, number>> {
    const days: Record<string, Record<string, number>> = {};
    for (const row of rows) {
      const counters = Object.fromEntries(
        COLUMNS.map((column) => [column, Number(row[column])]).filter(([, value]) => value !== 0),
      );
      if (Object.keys(counters).length) days[`${String(row.room_id)} ${String(row.day)}`] = counters;
    }
    return days;
  }

  async function kept(rooms: string[]) {
    return byDay(
      await rowsOf(
        database.db,
        sql`SELECT room_id, day::text AS day, ${sql.raw(COLUMNS.join(', '))} FROM room_day_use
          WHERE room_id IN (${uuidList(rooms)})`,
      ),
    );
  }

  async function recomputed(rooms: string[]) {
    const sums = sql.raw(COLUMNS.map((column) => `sum(x.${column})::int AS ${column}`).join(', '));
    return byDay(
      await rowsOf(
        database.db,
        sql`SELECT r.room_id, x.day::text AS day, ${sums}
          FROM reservations r CROSS JOIN LATERAL room_day_use_rows(r) AS x
          WHERE r.room_id IN (${uuidList(rooms)}) GROUP BY r.room_id, x.day`,
      ),
    );
  }

  it('gives the rows room_day_use_rows gives, through inserts, changes and a deletion', async () => {
    const member = (await insertPerson(database.db)).id;
    const paris = await insertSpace(database.db, { hours: ALWAYS_OPEN });
    const kolkata = await insertSpace(database.db, { hours: ALWAYS_OPEN, timeZone: 'Asia/Kolkata' });
    await database.db.execute(
      sql`INSERT INTO space_booking_policies (space_id, free_cancellation_hours) VALUES (${kolkata}, 6)`,
    );
    const parisRoom = await insertRoom(database.db, paris);
    const kolkataRoom = await insertRoom(database.db, kolkata);
    const [event] = await rowsOf<{ id: string }>(
      database.db,
      sql`INSERT INTO events (space_id, room_id, title_fr, starts_at, ends_at, capacity, registration_deadline)
        VALUES (${paris}, ${parisRoom}, 'Atelier', '2030-05-02T16:00:00Z', '2030-05-02T18:30:00Z', 10,
          '2030-05-01T00:00:00Z')
        RETURNING id`,
    );
    const ids: string[] = [];
    const book = async (
      room: string,
      space: string,
      startsAt: string,
      endsAt: string,
      status: ReservationStatus,
      more: { cancelledAt?: string; by?: 'member' | 'manager' | 'system'; eventId?: string } = {},
    ) => {
      const [row] = await rowsOf<{ id: string }>(
        database.db,
        sql`INSERT INTO reservations (room_id, space_id, user_id, starts_at, ends_at, blocked_until, attendees,
            status, price_excl_vat_cents, vat_cents, total_cents, vat_rate_basis_points, pricing_basis,
            cancelled_at, cancelled_by_role, event_id)
          VALUES (${room}, ${space}, ${member}, ${startsAt}, ${endsAt}, ${endsAt}, 1, ${status}, 0, 0, 0, 2000,
            'hourly', ${more.cancelledAt ?? null}::timestamptz, ${more.by ?? null}, ${more.eventId ?? null}::uuid)
          RETURNING id`,
      );
      ids.push(row!.id);
    };
    // Paris: the night the clocks go forward (31 March 2030, 02:00 → 03:00) and back (27 October, 03:00 →
    // 02:00), across midnight, minutes off the hour, a day and a half.
    await book(parisRoom, paris, '2030-03-30T23:15:00Z', '2030-03-31T02:45:00Z', 'confirmed');
    await book(parisRoom, paris, '2030-10-26T22:30:00Z', '2030-10-27T03:10:00Z', 'completed');
    await book(parisRoom, paris, '2030-04-10T21:40:00Z', '2030-04-11T00:20:00Z', 'no_show');
    await book(parisRoom, paris, '2030-04-12T08:00:00Z', '2030-04-13T20:00:00Z', 'confirmed');
    await book(parisRoom, paris, '2030-04-14T09:00:00Z', '2030-04-14T10:00:00Z', 'pending');
    await book(parisRoom, paris, '2030-04-15T09:00:00Z', '2030-04-15T10:00:00Z', 'declined');
    await book(parisRoom, paris, '2030-04-16T09:00:00Z', '2030-04-16T10:00:00Z', 'cancelled', {
      cancelledAt: '2030-04-15T20:00:00Z', // 13 h before: late with the default 24
      by: 'member',
    });
    await book(parisRoom, paris, '2030-04-17T09:00:00Z', '2030-04-17T10:00:00Z', 'cancelled', {
      cancelledAt: '2030-04-17T08:00:00Z', // late, but by the system: not counted late
      by: 'system',
    });
    await book(parisRoom, paris, '2030-05-02T16:00:00Z', '2030-05-02T18:30:00Z', 'confirmed', {
      eventId: event!.id,
    });
    // Kolkata (UTC+05:30, 6 free hours): across its midnight, a late and an early cancellation.
    await book(kolkataRoom, kolkata, '2030-04-10T17:45:00Z', '2030-04-10T20:05:00Z', 'confirmed');
    await book(kolkataRoom, kolkata, '2030-04-11T05:00:00Z', '2030-04-11T06:00:00Z', 'cancelled', {
      cancelledAt: '2030-04-11T01:00:00Z',
      by: 'manager',
    });
    await book(kolkataRoom, kolkata, '2030-04-12T05:00:00Z', '2030-04-12T06:00:00Z', 'cancelled', {
      cancelledAt: '2030-04-11T20:00:00Z',
      by: 'member',
    });
    const rooms = [parisRoom, kolkataRoom];
    expect(Object.keys(await kept(rooms)).length).toBeGreaterThan(10);
    expect(await kept(rooms)).toEqual(await recomputed(rooms));

    // Changes: a booking moved over the other night of the clocks, one cancelled late, one confirmed, one
    // moved to the other room's space and zone, and one deleted.
    await database.db.execute(
      sql`UPDATE reservations SET starts_at = '2030-10-26T23:50:00Z', ends_at = '2030-10-27T01:30:00Z',
        blocked_until = '2030-10-27T01:30:00Z' WHERE id = ${ids[0]}`,
    );
    await database.db.execute(
      sql`UPDATE reservations SET status = 'cancelled', cancelled_at = '2030-04-12T07:00:00Z',
        cancelled_by_role = 'member' WHERE id = ${ids[3]}`,
    );
    await database.db.execute(sql`UPDATE reservations SET status = 'confirmed' WHERE id = ${ids[4]}`);
    await database.db.execute(
      sql`UPDATE reservations SET room_id = ${kolkataRoom}, space_id = ${kolkata} WHERE id = ${ids[2]}`,
    );
    await database.db.execute(sql`DELETE FROM reservations WHERE id = ${ids[9]}`);
    expect(await kept(rooms)).toEqual(await recomputed(rooms));
  });
});

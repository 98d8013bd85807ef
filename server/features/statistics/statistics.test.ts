// @databases pglite postgres
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TStatistics } from '#contract/statistics';
import { codeOf, featureTestFile } from '../../../tests/support/feature-test-file';
import { accountingCsv } from '../../billing/accounting-export';
import { issueInvoice } from '../../billing/invoicing';
import { rowsOf } from '../../db/rows';
import { unitOfWork } from '../../platform/service-context';
import {
  ALWAYS_OPEN,
  addRole,
  insertPerson,
  insertRoom,
  insertSpace,
  type TestPerson,
} from '../../db/factories.fixtures';
import { formulasCallables } from '../formulas/formulas.callables';
import { insertFormula } from '../formulas/formulas.fixtures';
import { invoicesCallables } from '../invoices/invoices.callables';
import { giveBillingDetails, setLegalIdentity } from '../invoices/invoices.fixtures';
import { contextFor, localInstant, routerAtClock } from '../reservations/reservations.fixtures';
import { reservationsCallables } from '../reservations/reservations.callables';
import { searchCallables } from '../search/search.callables';
import { statisticsCallables } from './statistics.callables';
import { getStatistics, getStatisticsScope } from './statistics.service';

/**
 * /statistics against small fixtures computed by hand (docs/decisions/030-statistics.md), on a fixed clock in
 * Paris. Bookings of the past are written as rows (the rollup's trigger counts them as it counts a service's);
 * money goes through the services that issue invoices, and demand through real searches and booking attempts.
 */
const { database, clock, call, system } = featureTestFile(
  (now) =>
    routerAtClock(
      [
        ...statisticsCallables,
        ...reservationsCallables,
        ...searchCallables,
        ...invoicesCallables,
        ...formulasCallables,
      ],
      now,
    ),
  '2026-11-10T10:00',
);

let manager: TestPerson;
let member: TestPerson;
let admin: TestPerson;

beforeAll(async () => {
  manager = await insertPerson(database.db);
  member = await insertPerson(database.db);
  admin = await insertPerson(database.db, { isAdmin: true });
});

async function managedSpace(options: Parameters<typeof insertSpace>[1] = {}) {
  const spaceId = await insertSpace(database.db, options);
  await addRole(database.db, spaceId, manager.id, 'manager');
  return spaceId;
}

const statistics = (
  spaceId: string | undefined,
  from: string,
  to: string,
  extra: object = {},
  who = manager,
) => call<TStatistics>(who, 'statistics.space', { spaceId, from, to, ...extra });

/** A member's booking of the past, as a row: Paris wall-clock start and end. */
async function booked(
  roomId: string,
  spaceId: string,
  from: string,
  to: string,
  status = 'confirmed',
  cancelledAt?: string,
) {
  await database.db.execute(sql`INSERT INTO reservations (room_id, space_id, user_id, starts_at, ends_at,
      blocked_until, attendees, status, price_excl_vat_cents, vat_cents, total_cents, vat_rate_basis_points,
      pricing_basis, cancelled_at, cancelled_by_role)
    VALUES (${roomId}, ${spaceId}, ${member.id}, ${localInstant(from)}, ${localInstant(to)}, ${localInstant(to)}, 1,
      ${status}, 0, 0, 0, 2000, 'hourly', ${cancelledAt ? localInstant(cancelledAt) : null},
      ${cancelledAt ? 'member' : null})`);
}

describe('occupancy and bookings', () => {
  let spaceId: string;
  let roomId: string;
  let otherRoomId: string;

  beforeAll(async () => {
    // Open day and night, closed on Wednesday 21 October 2026; Sunday 25 October lasts 25 hours.
    spaceId = await managedSpace({
      hours: ALWAYS_OPEN,
      closures: [{ startsOn: '2026-10-21', endsOn: '2026-10-21' }],
    });
    roomId = await insertRoom(database.db, spaceId, {
      name: 'A',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    otherRoomId = await insertRoom(database.db, spaceId, {
      name: 'B',
      kind: 'desk',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    // 01:00–04:00 across the October change: four real hours, 02:00 twice.
    await booked(roomId, spaceId, '2026-10-25T01:00', '2026-10-25T04:00');
    await booked(roomId, spaceId, '2026-10-20T09:00', '2026-10-20T11:30', 'completed');
    await booked(roomId, spaceId, '2026-10-22T14:00', '2026-10-22T16:00', 'no_show');
    // Cancelled two hours before its start (late: the default free cancellation is 24 h), and three days before.
    await booked(roomId, spaceId, '2026-10-23T10:00', '2026-10-23T12:00', 'cancelled', '2026-10-23T08:00');
    await booked(roomId, spaceId, '2026-10-24T10:00', '2026-10-24T11:00', 'cancelled', '2026-10-20T08:00');
    // Across midnight from Monday to Tuesday: an hour on each day.
    await booked(otherRoomId, spaceId, '2026-10-19T23:00', '2026-10-20T01:00');
    // Before the period, and a request never decided.
    await booked(roomId, spaceId, '2026-10-18T10:00', '2026-10-18T13:00');
    await booked(roomId, spaceId, '2026-10-24T15:00', '2026-10-24T16:00', 'pending');
  });

  it('divides booked hours by open hours, closure and daylight-saving day counted as they are', async () => {
    const result = await statistics(spaceId, '2026-10-19', '2026-10-25');
    // Per room: 5 days of 24 h and one of 25 h (the Wednesday closed) = 8,700 minutes.
    const open = 5 * 1440 + 1500;
    expect(result.current.occupancy.rooms).toEqual([
      {
        roomId,
        name: 'A',
        kind: 'meeting_room',
        openMinutes: open,
        bookedMinutes: 240 + 150 + 120,
        occupancyBasisPoints: 586,
      },
      {
        roomId: otherRoomId,
        name: 'B',
        kind: 'desk',
        openMinutes: open,
        bookedMinutes: 120,
        occupancyBasisPoints: 138,
      },
    ]);
    expect(result.current.occupancy.total).toEqual({
      openMinutes: 2 * open,
      bookedMinutes: 630,
      occupancyBasisPoints: 362,
    });
    expect(result.current.occupancy.byKind).toEqual(
      expect.arrayContaining([
        { kind: 'desk', openMinutes: open, bookedMinutes: 120, occupancyBasisPoints: 138 },
      ]),
    );
    // The week before: seven days of 24 h, the Sunday's three hours.
    expect(result.previousPeriod).toEqual({ from: '2026-10-12', to: '2026-10-18' });
    expect(result.previous.occupancy.total).toEqual({
      openMinutes: 2 * 7 * 1440,
      bookedMinutes: 180,
      occupancyBasisPoints: 89,
    });
  });

  it('counts the spring change day as 23 hours', async () => {
    const result = await statistics(spaceId, '2026-03-29', '2026-03-29');
    expect(result.current.occupancy.total.openMinutes).toBe(2 * 1380);
  });

  it('counts bookings by status and the no-show rate', async () => {
    const result = await statistics(spaceId, '2026-10-19', '2026-10-25');
    expect(result.current.bookings).toEqual({
      total: 7,
      pending: 1,
      confirmed: 3,
      cancelled: 2,
      lateCancelled: 1,
      declined: 0,
      noShows: 1,
      noShowRateBasisPoints: 2500,
    });
    expect(result.previous.bookings.total).toBe(1);
  });

  it('narrows to one room', async () => {
    const result = await statistics(spaceId, '2026-10-19', '2026-10-25', { roomId: otherRoomId });
    expect(result.current.occupancy.total.bookedMinutes).toBe(120);
    expect(result.current.bookings.total).toBe(1);
    expect(result.heatmap.bookedMinutes[0]![23]).toBe(60);
    expect(result.heatmap.bookedMinutes[1]![0]).toBe(60);
  });

  it('draws the weekday × hour grid in local hours, 02:00 twice on the October Sunday', async () => {
    const { heatmap } = await statistics(spaceId, '2026-10-19', '2026-10-25');
    expect(heatmap.bookedMinutes[6]!.slice(0, 5)).toEqual([0, 60, 120, 60, 0]);
    expect(heatmap.bookedMinutes[1]!.slice(9, 12)).toEqual([60, 60, 30]);
    // Open: two rooms, one Tuesday in the week; the closed Wednesday gives nothing.
    expect(heatmap.openMinutes[1]![9]).toBe(2 * 60);
    expect(heatmap.openMinutes[2]![9]).toBe(0);
  });

  it('follows a change a second after it is made', async () => {
    await database.db.execute(
      sql`UPDATE reservations SET status = 'cancelled', cancelled_at = ${localInstant('2026-10-20T08:00')},
        cancelled_by_role = 'manager' WHERE room_id = ${otherRoomId}`,
    );
    const result = await statistics(spaceId, '2026-10-19', '2026-10-25');
    expect(result.current.occupancy.total.bookedMinutes).toBe(510);
    expect(result.current.bookings.cancelled).toBe(3);
    expect(result.current.bookings.lateCancelled).toBe(2);
  });
});

describe('revenue', () => {
  it('equals the accountant export of the same period, to the cent, by month and by source', async () => {
    clock.set('2026-11-02T09:00');
    const spaceId = await managedSpace({ hours: ALWAYS_OPEN });
    await setLegalIdentity(database.db, spaceId);
    const buyer = await insertPerson(database.db);
    await giveBillingDetails(database.db, buyer.id);
    const roomId = await insertRoom(database.db, spaceId);
    const book = (from: string, to: string) =>
      call<{ id: string }>(buyer, 'reservations.create', {
        roomId,
        startsAt: localInstant(from),
        endsAt: localInstant(to),
        attendees: 2,
        title: '',
        idempotencyKey: randomUUID(),
      });
    // Two bookings at 40 € an hour: 80 € and 120 €; the second is credited.
    await book('2026-11-03T10:00', '2026-11-03T12:00');
    const second = await book('2026-11-04T10:00', '2026-11-04T13:00');
    const formulaId = await insertFormula(database.db, spaceId, { priceExclVatCents: 30_000 });
    await call(buyer, 'formulas.buy', {
      formulaId,
      paymentMethod: 'bank_transfer',
      idempotencyKey: randomUUID(),
    });
    // A sale invoiced by hand (no booking, no order), in December.
    clock.set('2026-12-01T09:00');
    await unitOfWork(system(), (work) =>
      issueInvoice(
        work,
        {
          spaceId,
          buyerUserId: buyer.id,
          lines: [{ label: 'Café', quantity: 3, unitExclVatCents: 333, vatRateBasisPoints: 550 }],
          serviceStart: '2026-12-01',
          serviceEnd: '2026-12-01',
        },
        'explicit',
      ),
    );
    const [invoice] = await rowsOf<{ id: string }>(
      database.db,
      sql`SELECT id FROM invoices WHERE reservation_id = ${second.id}`,
    );
    await call(manager, 'invoices.credit', { invoiceId: invoice!.id, reason: 'Salle indisponible' });

    const result = await statistics(spaceId, '2026-11-01', '2026-12-31');
    expect(result.current.revenue).toEqual({
      currency: 'EUR',
      totalExclVatCents: 8000 + 30_000 + 999,
      byMonth: [
        { month: '2026-11', exclVatCents: 8000 + 12_000 + 30_000 },
        { month: '2026-12', exclVatCents: 999 - 12_000 },
      ],
      bySource: { bookings: 8000, formulas: 30_000, eventPlaces: 0, other: 999 },
    });
    for (const [from, to] of [
      ['2026-11-01', '2026-12-31'],
      ['2026-11-01', '2026-11-30'],
      ['2026-12-01', '2026-12-31'],
    ] as const) {
      const figures = await statistics(spaceId, from, to);
      expect(figures.current.revenue.totalExclVatCents).toBe(
        revenueOfExport(await accountingCsv(database.db, spaceId, from, to)),
      );
    }
    clock.set('2026-11-10T10:00');
  });
});

/** The export's revenue: the revenue account's credits less its debits (amounts with a decimal comma). */
function revenueOfExport(csv: string): number {
  const cents = (cell: string) => Math.round(Number(cell.replace(',', '.') || '0') * 100);
  let total = 0;
  for (const line of csv.trim().split(/\r?\n/).slice(1)) {
    const cells = line.split(';');
    if (cells[4] !== '706000') continue;
    total += cents(cells[12]!) - cents(cells[11]!);
  }
  return total;
}

describe('memberships', () => {
  it('counts active, new, cancelled and paused memberships, MRR and churn over October', async () => {
    const spaceId = await managedSpace();
    await database.db
      .execute(sql`INSERT INTO space_sales_settings (space_id, activation, grace_days, pause_allowed)
      VALUES (${spaceId}, 'purchase', 7, true)`);
    const monthly = await insertFormula(database.db, spaceId, {
      kind: 'membership',
      period: 'month',
      validityDays: null,
      priceExclVatCents: 5000,
    });
    const yearly = await insertFormula(database.db, spaceId, {
      kind: 'membership',
      period: 'year',
      validityDays: null,
      priceExclVatCents: 60_000,
    });
    const plan = async (formulaId: string, startsOn: string, endedOn?: string, orderCents?: number) => {
      const person = await insertPerson(database.db);
      const startsAt = localInstant(`${startsOn}T00:00`);
      const [row] = await rowsOf<{ id: string }>(
        database.db,
        sql`INSERT INTO plans (space_id, user_id, formula_id, status, period_starts_at, period_ends_at, ended_at, created_at)
          VALUES (${spaceId}, ${person.id}, ${formulaId}, ${endedOn ? 'ended' : 'active'}, ${startsAt},
            ${localInstant('2026-12-01T00:00')}, ${endedOn ? localInstant(`${endedOn}T00:00`) : null}, ${startsAt})
          RETURNING id`,
      );
      await database.db
        .execute(sql`INSERT INTO credit_lots (plan_id, space_id, user_id, period_index, source, unit,
          room_kinds, valid_from, valid_until, created_at)
        VALUES (${row!.id}, ${spaceId}, ${person.id}, 0, 'period', 'minutes', ARRAY['meeting_room'], ${startsAt},
          ${localInstant('2027-06-01T00:00')}, ${startsAt})`);
      if (orderCents !== undefined) {
        await database.db
          .execute(sql`INSERT INTO orders (space_id, user_id, plan_id, period_index, payment_method,
            status, excl_vat_cents, vat_cents, total_cents, due_at, created_at)
          VALUES (${spaceId}, ${person.id}, ${row!.id}, 0, 'on_site', 'paid', ${orderCents}, 0, ${orderCents},
            ${startsAt}, ${startsAt})`);
      }
      return row!.id;
    };
    await plan(monthly, '2026-09-01'); // runs throughout: 50 €
    await plan(monthly, '2026-09-15', '2026-10-20'); // cancelled in October
    await plan(monthly, '2026-10-10', undefined, 4500); // new in October, ordered at 45 €
    const paused = await plan(yearly, '2026-08-01'); // 600 € a year, paused from 25 October to 5 November
    await plan(monthly, '2026-11-05'); // after October
    await database.db
      .execute(sql`INSERT INTO plan_pauses (plan_id, starts_on, ends_on, starts_at, ends_at, created_at)
      VALUES (${paused}, '2026-10-25', '2026-11-05', ${localInstant('2026-10-25T00:00')},
        ${localInstant('2026-11-05T00:00')}, ${localInstant('2026-10-01T00:00')})`);

    const result = await statistics(spaceId, '2026-10-01', '2026-10-31');
    expect(result.current.memberships).toEqual({
      activeAtStart: 3,
      activeAtEnd: 3,
      new: 1,
      cancelled: 1,
      paused: 1,
      mrrCents: 5000 + 4500,
      churnBasisPoints: 3333,
    });
    // The 31 days before (31 August – 30 September): the yearly one running, two started, none ended; at
    // the end the yearly one counts 50 € a month.
    expect(result.previous.memberships).toMatchObject({
      activeAtStart: 1,
      new: 2,
      mrrCents: 5000 + 5000 + 5000,
    });
  });
});

describe('events', () => {
  it('gives the fill rate, the people left in line, the offers and the door', async () => {
    const spaceId = await managedSpace();
    const event = async (startsAt: string, capacity: number, statuses: string[]) => {
      const [row] = await rowsOf<{ id: string }>(
        database.db,
        sql`INSERT INTO events (space_id, title_fr, starts_at, ends_at, capacity, registration_deadline, status)
          VALUES (${spaceId}, 'Atelier', ${localInstant(startsAt)}, ${localInstant(startsAt)}::timestamptz + interval '2 hours',
            ${capacity}, ${localInstant(startsAt)}, 'published') RETURNING id`,
      );
      let position = 0;
      for (const status of statuses) {
        const person = await insertPerson(database.db);
        const waiting = status === 'waitlisted';
        await database.db
          .execute(sql`INSERT INTO event_registrations (event_id, user_id, status, waitlist_position, created_at)
          VALUES (${row!.id}, ${person.id}, ${status}, ${waiting ? ++position : null}, ${localInstant(startsAt)})`);
      }
      return row!.id;
    };
    const full = ['attended', 'attended', 'attended', 'attended', 'no_show'];
    await event('2026-10-05T18:00', 10, [
      'attended',
      'attended',
      'attended',
      'attended',
      'no_show',
      'registered',
      'waitlisted',
      'waitlisted',
      'cancelled',
    ]);
    await event('2026-10-12T18:00', 5, [...full, 'waitlisted']);
    await event('2026-09-12T18:00', 5, ['attended']);
    for (const kind of [
      'registration.offer_accepted',
      'registration.offer_accepted',
      'registration.offer_expired',
    ]) {
      await database.db
        .execute(sql`INSERT INTO activity_entries (occurred_at, kind, actor_type, subject_type, subject_id, space_id)
        VALUES (${localInstant('2026-10-03T12:00')}, ${kind}, 'system', 'registration', ${randomUUID()}, ${spaceId})`);
    }

    const result = await statistics(spaceId, '2026-10-01', '2026-10-31');
    expect(result.current.events).toEqual({
      events: 2,
      capacity: 15,
      placesTaken: 11,
      fillRateBasisPoints: 7333,
      waitlistedAtStart: 3,
      offersAccepted: 2,
      offersExpired: 1,
      attended: 8,
      noShows: 2,
    });
    expect(result.current.demand.waitlistedAtStart).toBe(3);
    expect(result.previous.events).toMatchObject({ events: 1, fillRateBasisPoints: 2000 });
    // Active members: the eight people who came to an event in October.
    expect(result.current.members.active).toBe(8);
  });
});

describe('turned-away demand', () => {
  let small: string;
  let smallRoom: string;
  const city = `Testville ${randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    small = await managedSpace();
    const large = await insertSpace(database.db);
    const empty = await insertSpace(database.db);
    const cityKey = city.toLowerCase();
    await database.db.execute(
      sql`UPDATE spaces SET city = ${city}, city_key = ${cityKey} WHERE id IN (${small}, ${large})`,
    );
    await database.db.execute(
      sql`UPDATE spaces SET city = 'Ailleurs', city_key = 'ailleurs' WHERE id = ${empty}`,
    );
    smallRoom = await insertRoom(database.db, small, { capacity: 8, leadTimeMinutes: 120 });
    await insertRoom(database.db, large, { capacity: 20 });
  });

  it('counts the searches of its city that did not show it, and those that found nothing, by size', async () => {
    const search = (people: number, extra: object = {}) =>
      call(null, 'search.spaces', { city, date: '2026-11-12', people, ...extra });
    await search(10); // the large space only
    await search(50); // nothing
    await search(4); // both
    await search(4, { page: 2 }); // a further page: not another search
    await call(null, 'search.spaces', { city, people: 10 }); // no date: not demand for a day
    const result = await statistics(small, '2026-11-01', '2026-11-30');
    expect(result.current.demand).toMatchObject({ searches: 3, searchesMissed: 2, searchesEmpty: 1 });
    expect(result.current.demand.bySize).toEqual([
      { size: 4, searches: 1, missed: 0, empty: 0 },
      { size: 10, searches: 1, missed: 1, empty: 0 },
      { size: 50, searches: 1, missed: 1, empty: 1 },
    ]);
  });

  it('counts booking attempts refused as taken, closed, too soon or too far ahead', async () => {
    const attempt = (who: TestPerson, from: string, to: string) =>
      codeOf(
        call(who, 'reservations.create', {
          roomId: smallRoom,
          startsAt: localInstant(from),
          endsAt: localInstant(to),
          attendees: 3,
          title: '',
          idempotencyKey: randomUUID(),
        }),
      );
    const other = await insertPerson(database.db);
    expect(await attempt(member, '2026-11-12T10:00', '2026-11-12T11:00')).toBe('ok');
    expect(await attempt(other, '2026-11-12T10:30', '2026-11-12T11:30')).toBe('already-exists:slot-taken');
    expect(await attempt(other, '2026-11-12T21:00', '2026-11-12T22:00')).toBe('invalid-argument:closed');
    expect(await attempt(other, '2026-11-10T11:00', '2026-11-10T12:00')).toBe('invalid-argument:lead-time');
    expect(await attempt(other, '2027-06-01T10:00', '2027-06-01T11:00')).toBe('invalid-argument:horizon');
    const november = await statistics(small, '2026-11-01', '2026-11-30');
    expect(november.current.demand.refused).toEqual({
      'slot-taken': 1,
      closed: 1,
      'lead-time': 1,
      horizon: 0,
    });
    const ahead = await statistics(small, '2026-11-01', '2027-06-30');
    expect(ahead.current.demand.refused.horizon).toBe(1);
    // No person in what was counted.
    const columns = await rowsOf<{ column_name: string }>(
      database.db,
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'demand_counts' ORDER BY 1`,
    );
    expect(columns.map((row) => row.column_name)).toEqual([
      'city_key',
      'count',
      'day',
      'kind',
      'size',
      'space_id',
    ]);
  });
});

describe('who may look', () => {
  it('lets the managers of the space in, refuses its members and others', async () => {
    const spaceId = await managedSpace();
    const owner = await insertPerson(database.db);
    await addRole(database.db, spaceId, owner.id, 'owner');
    await addRole(database.db, spaceId, member.id, 'member');
    const stranger = await insertPerson(database.db);
    const ask = (who: TestPerson | null) =>
      codeOf(call(who, 'statistics.space', { spaceId, from: '2026-10-01', to: '2026-10-31' }));
    expect(await ask(manager)).toBe('ok');
    expect(await ask(owner)).toBe('ok');
    expect(await ask(admin)).toBe('ok');
    expect(await ask(member)).toBe('permission-denied');
    expect(await ask(stranger)).toBe('permission-denied');
    expect(await ask(null)).toBe('unauthenticated');
    // Without a space: their own spaces, or all for an admin; a member who manages none is refused.
    const mine = await statistics(undefined, '2026-10-01', '2026-10-31');
    expect(mine.scope).toMatchObject({ spaceId: null });
    expect(mine.scope.spaces).toBeGreaterThan(1);
    expect(await codeOf(statistics(undefined, '2026-10-01', '2026-10-31', {}, member))).toBe(
      'permission-denied',
    );
    const all = await statistics(undefined, '2026-10-01', '2026-10-31', {}, admin);
    expect(all.scope.spaces).toBeGreaterThanOrEqual(mine.scope.spaces);
    expect(await codeOf(call(member, 'statistics.scope', {}))).toBe('permission-denied');
    const scope = await call<{ spaces: unknown[]; rooms: unknown[] }>(manager, 'statistics.scope', {
      spaceId,
    });
    expect(scope.spaces.length).toBe(mine.scope.spaces);
  });

  it('checks a space once per request (the page asks the scope, then the figures), and keeps nothing after it', async () => {
    const spaceId = await managedSpace();
    const roomId = await insertRoom(database.db, spaceId);
    const elsewhere = await insertRoom(database.db, await insertSpace(database.db));
    const boss = await insertPerson(database.db);
    await addRole(database.db, spaceId, boss.id, 'manager');
    const october = { from: '2026-10-01', to: '2026-10-31' };
    // One request: its service context, shared by its calls.
    const request = contextFor(database.db, boss.session, clock.now);
    expect((await getStatisticsScope(request, { spaceId })).rooms.map((room) => room.id)).toContain(roomId);
    expect((await getStatistics(request, { spaceId, roomId, ...october })).scope).toMatchObject({
      spaceId,
      roomId,
    });
    expect(await codeOf(getStatistics(request, { spaceId, roomId: elsewhere, ...october }))).toBe(
      'not-found',
    );
    // A member's request is refused at both calls: nothing was kept from the first.
    const memberRequest = contextFor(database.db, member.session, clock.now);
    expect(await codeOf(getStatisticsScope(memberRequest, { spaceId }))).toBe('permission-denied');
    expect(await codeOf(getStatistics(memberRequest, { spaceId, ...october }))).toBe('permission-denied');
    // A role taken away counts at the next request.
    await database.db.execute(
      sql`DELETE FROM space_members WHERE space_id = ${spaceId} AND user_id = ${boss.id}`,
    );
    const next = contextFor(database.db, boss.session, clock.now);
    expect(await codeOf(getStatistics(next, { spaceId, ...october }))).toBe('permission-denied');
  });

  it('refuses a room of another space and a period longer than three years', async () => {
    const spaceId = await managedSpace();
    const elsewhere = await insertRoom(database.db, await insertSpace(database.db));
    expect(await codeOf(statistics(spaceId, '2026-10-01', '2026-10-31', { roomId: elsewhere }))).toBe(
      'not-found',
    );
    expect(await codeOf(statistics(spaceId, '2020-01-01', '2026-10-31'))).toMatch(/^invalid-argument/);
  });
});

// @databases pglite
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TReservation, TRoomAvailability } from '#contract/reservations';
import { testDatabaseForFile } from '../../../tests/support/test-database';
import { openHoursSql } from '../../db/calendar-sql';
import { rowsOf } from '../../db/rows';
import { reservationsCalendar } from './ics';
import { findReservationRecord } from './reservation-view';
import { contextFor, localInstant, reservationsRouter } from './reservations.fixtures';
import {
  ALWAYS_OPEN,
  insertPerson,
  insertRoom,
  insertSpace,
  type TestPerson,
} from '../../db/factories.fixtures';

/**
 * The daylight-saving Sundays of 2026 in Europe/Paris: on 29 March clocks go from 02:00 to 03:00
 * (a 23-hour day), on 25 October from 03:00 back to 02:00 (a 25-hour day).
 */
const BEFORE_MARCH = new Date('2026-03-20T10:00:00Z');
const BEFORE_OCTOBER = new Date('2026-10-16T10:00:00Z');

const database = testDatabaseForFile();
let member: TestPerson;
let daytimeSpace: string;
let nightAndDaySpace: string;

beforeAll(async () => {
  member = await insertPerson(database.db);
  daytimeSpace = await insertSpace(database.db); // every day 08:00–20:00
  nightAndDaySpace = await insertSpace(database.db, { hours: ALWAYS_OPEN });
});

async function availability(now: Date, roomId: string, from: string, to: string) {
  return (await reservationsRouter(() => now).invoke(
    'reservations.getAvailability',
    { roomId, from, to },
    contextFor(database.db, null),
  )) as TRoomAvailability;
}

function book(now: Date, roomId: string, startsAt: string, endsAt: string) {
  return reservationsRouter(() => now).invoke(
    'reservations.create',
    { roomId, startsAt, endsAt, attendees: 1, title: '', idempotencyKey: randomUUID() },
    contextFor(database.db, member.session),
  ) as Promise<TReservation>;
}

/** `book` with its start and end as Paris wall-clock times. */
const bookInParis = (now: Date, roomId: string, from: string, to: string) =>
  book(now, roomId, localInstant(from), localInstant(to));

describe('the March change (Sunday 29 March 2026)', () => {
  it('opens at 08:00 Paris time each day: 07:00 UTC the day before, 06:00 UTC from the Sunday on', async () => {
    const roomId = await insertRoom(database.db, daytimeSpace);
    const result = await availability(BEFORE_MARCH, roomId, '2026-03-28', '2026-03-30');
    expect(result.days.map((day) => [day.date, day.open])).toEqual([
      ['2026-03-28', [{ start: '2026-03-28T07:00:00.000Z', end: '2026-03-28T19:00:00.000Z' }]],
      ['2026-03-29', [{ start: '2026-03-29T06:00:00.000Z', end: '2026-03-29T18:00:00.000Z' }]],
      ['2026-03-30', [{ start: '2026-03-30T06:00:00.000Z', end: '2026-03-30T18:00:00.000Z' }]],
    ]);
    const firstSlots = result.days.map((day) =>
      result.slots.find((slot) => slot.date === day.date && slot.state === 'free')!,
    );
    expect(firstSlots.map((slot) => [slot.time, slot.startsAt])).toEqual([
      ['08:00', '2026-03-28T07:00:00.000Z'],
      ['08:00', '2026-03-29T06:00:00.000Z'],
      ['08:00', '2026-03-30T06:00:00.000Z'],
    ]);
  });

  it('has a 23-hour day: no 02:00 or 02:30 start, 46 half-hour starts', async () => {
    const roomId = await insertRoom(database.db, nightAndDaySpace);
    const result = await availability(BEFORE_MARCH, roomId, '2026-03-28', '2026-03-30');
    const times = (date: string) =>
      result.slots.filter((slot) => slot.date === date).map((slot) => slot.time);
    expect(times('2026-03-28')).toHaveLength(48);
    expect(times('2026-03-29')).toHaveLength(46);
    expect(times('2026-03-29')).not.toContain('02:00');
    expect(times('2026-03-29')).not.toContain('02:30');
    expect(times('2026-03-29').slice(3, 6)).toEqual(['01:30', '03:00', '03:30']);
    expect(result.days[1]!.open).toEqual([
      { start: '2026-03-28T23:00:00.000Z', end: '2026-03-29T22:00:00.000Z' },
    ]);
  });

  it('books 09:00–10:00 in Paris as 07:00–08:00 UTC, and writes 09:00 Europe/Paris in the ICS', async () => {
    const roomId = await insertRoom(database.db, daytimeSpace);
    const reservation = await bookInParis(BEFORE_MARCH, roomId, '2026-03-29T09:00', '2026-03-29T10:00');
    expect([reservation.startsAt, reservation.endsAt]).toEqual([
      '2026-03-29T07:00:00.000Z',
      '2026-03-29T08:00:00.000Z',
    ]);
    const record = await findReservationRecord(database.db, reservation.id);
    const ics = reservationsCalendar([record!], { locale: 'fr', baseUrl: 'https://escale.test' });
    expect(ics).toContain('DTSTART;TZID=Europe/Paris:20260329T090000');
    expect(ics).toContain('DTEND;TZID=Europe/Paris:20260329T100000');
    expect(ics).toContain('TZID:Europe/Paris');
  });

  it('prices a booking across the change by the time lived: 01:00–04:00 is two hours', async () => {
    const roomId = await insertRoom(database.db, nightAndDaySpace);
    const reservation = await bookInParis(BEFORE_MARCH, roomId, '2026-03-29T01:00', '2026-03-29T04:00');
    expect(reservation.price.minutes).toBe(120);
    expect(reservation.price.exclVatCents).toBe(8000);
  });
});

describe('the October change (Sunday 25 October 2026)', () => {
  it('has a 25-hour day: 02:00 and 02:30 come twice, 50 half-hour starts', async () => {
    const roomId = await insertRoom(database.db, nightAndDaySpace);
    const result = await availability(BEFORE_OCTOBER, roomId, '2026-10-24', '2026-10-26');
    const sunday = result.slots.filter((slot) => slot.date === '2026-10-25');
    expect(result.slots.filter((slot) => slot.date === '2026-10-24')).toHaveLength(48);
    expect(sunday).toHaveLength(50);
    expect(sunday.slice(3, 8).map((slot) => [slot.time, slot.startsAt])).toEqual([
      ['01:30', '2026-10-24T23:30:00.000Z'],
      ['02:00', '2026-10-25T00:00:00.000Z'],
      ['02:30', '2026-10-25T00:30:00.000Z'],
      ['02:00', '2026-10-25T01:00:00.000Z'],
      ['02:30', '2026-10-25T01:30:00.000Z'],
    ]);
    expect(result.days[1]!.open).toEqual([
      { start: '2026-10-24T22:00:00.000Z', end: '2026-10-25T23:00:00.000Z' },
    ]);
  });

  it('opens at 08:00 Paris time: 06:00 UTC on Saturday, 07:00 UTC from the Sunday on', async () => {
    const roomId = await insertRoom(database.db, daytimeSpace);
    const result = await availability(BEFORE_OCTOBER, roomId, '2026-10-24', '2026-10-26');
    expect(result.days.map((day) => day.open[0]!.start)).toEqual([
      '2026-10-24T06:00:00.000Z',
      '2026-10-25T07:00:00.000Z',
      '2026-10-26T07:00:00.000Z',
    ]);
  });

  it('books either 02:30 (summer time, then winter time) and prices 01:00–03:00 as three hours', async () => {
    const roomId = await insertRoom(database.db, nightAndDaySpace);
    const summer = await book(BEFORE_OCTOBER, roomId, '2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z');
    const winter = await book(BEFORE_OCTOBER, roomId, '2026-10-25T01:30:00.000Z', '2026-10-25T02:30:00.000Z');
    expect([summer.status, winter.status]).toEqual(['confirmed', 'confirmed']);
    const other = await insertRoom(database.db, nightAndDaySpace);
    const long = await bookInParis(BEFORE_OCTOBER, other, '2026-10-25T01:00', '2026-10-25T03:00');
    expect(long.price.minutes).toBe(180);
    // iCalendar reads a repeated local time as its first pass: an event touching the second pass is
    // written in UTC, the others with the zone.
    const early = await book(BEFORE_OCTOBER, other, '2026-10-25T03:00:00.000Z', '2026-10-25T04:00:00.000Z');
    const records = await Promise.all(
      [summer.id, winter.id, early.id].map((id) => findReservationRecord(database.db, id)),
    );
    const ics = reservationsCalendar(
      records.map((record) => record!),
      { locale: 'en', baseUrl: 'https://e.test' },
    );
    expect(ics).toContain('DTSTART:20261025T003000Z'); // 02:30 summer time…
    expect(ics).toContain('DTEND:20261025T013000Z'); // …to 02:30 winter time
    expect(ics).toContain('DTSTART:20261025T013000Z');
    expect(ics).toContain('DTEND:20261025T023000Z');
    expect(ics).toContain('DTSTART;TZID=Europe/Paris:20261025T040000');
    expect(ics).toContain('DTEND;TZID=Europe/Paris:20261025T050000');
  });
});

describe('opening hours in SQL', () => {
  it('merge touching hours into one stretch across a clock change, and leave closure days out', async () => {
    const spaceId = await insertSpace(database.db, {
      hours: [
        { weekday: 1, opens: '08:00', closes: '12:00' },
        { weekday: 1, opens: '14:00', closes: '19:00' },
        { weekday: 6, opens: '10:00', closes: '24:00' },
        { weekday: 7, opens: '00:00', closes: '24:00' },
      ],
      closures: [{ startsOn: '2026-03-30', endsOn: '2026-03-30' }],
    });
    const rows = await rowsOf<{ part: string }>(
      database.db,
      sql`SELECT to_char(lower(part) AT TIME ZONE 'UTC', 'MM-DD HH24:MI') || '/' ||
                 to_char(upper(part) AT TIME ZONE 'UTC', 'MM-DD HH24:MI') AS part
          FROM unnest(${openHoursSql(sql`${spaceId}::uuid`, sql`'Europe/Paris'`, sql`'2026-03-28'::date`, sql`'2026-04-06'::date`)}) AS part
          ORDER BY lower(part)`,
    );
    // Saturday 28 10:00 (UTC+1) to Sunday 29 24:00 (UTC+2) in one stretch; Monday 30 closed; Saturday 4 and
    // Sunday 5 April in summer time; Monday 6 April's two intervals apart.
    expect(rows.map((row) => row.part)).toEqual([
      '03-28 09:00/03-29 22:00',
      '04-04 08:00/04-05 22:00',
      '04-06 06:00/04-06 10:00',
      '04-06 12:00/04-06 17:00',
    ]);
  });
});

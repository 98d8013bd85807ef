// @databases pglite
import { TZDate } from '@date-fns/tz';
import { addDays, format, getISODay } from 'date-fns';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZSearchFilters, type TSearchFiltersInput } from '#contract/search';
import { testDatabaseForFile } from '../../../tests/support/test-database';
import { rowsOf } from '../../db/rows';
import { spaces } from '../../db/schema/spaces';
import { log } from '../../platform/log';
import { systemContext } from '../../platform/service-context';
import { searchSpaces } from './search.service';

const database = testDatabaseForFile({ seeded: true });

beforeAll(async () => {
  // The demo bookings move with today's date: these tests make their own where they need some. The past
  // booking the demo credit ledger refers to stays (the ledger is append-only); it is before any date here.
  await database.db.execute(
    sql`DELETE FROM reservations WHERE id NOT IN (SELECT reservation_id FROM credit_entries WHERE reservation_id IS NOT NULL)`,
  );
});

async function search(input: TSearchFiltersInput, locale: 'fr' | 'en' = 'fr') {
  return searchSpaces(
    systemContext({ db: database.db, log, now: new Date(), locale }),
    ZSearchFilters.parse(input),
  );
}

async function slugsOf(input: TSearchFiltersInput): Promise<string[]> {
  const answer = await search({ ...input, sort: 'name_asc' });
  return answer.items.map((item) => item.slug);
}

/**
 * Lille's answer to a search, asked with the city (per-space lookups, busy rooms probed one by one) and
 * without it (one pass over the rooms, busy rooms found in one scan): the two must agree.
 */
async function inLille(input: TSearchFiltersInput) {
  const withCity = await search({ ...input, city: 'Lille' });
  const nationwide = await search(input);
  expect(nationwide.total).toBeLessThanOrEqual(nationwide.pageSize);
  const shown = (items: typeof withCity.items) =>
    items.filter((item) => item.city === 'Lille').map((item) => [item.slug, item.matchingRoomCount]);
  expect(shown(nationwide.items)).toEqual(shown(withCity.items));
  return { slugs: withCity.items.map((item) => item.slug), rooms: withCity.items[0]?.matchingRoomCount ?? 0 };
}

/** The rooms of Le Beffroi, the Lille space. */
function lilleRooms() {
  return rowsOf<{ id: string; space_id: string }>(
    database.db,
    sql`
    SELECT r.id, r.space_id FROM rooms r JOIN spaces s ON s.id = r.space_id
    WHERE s.slug = 'beffroi-lille' AND r.archived_at IS NULL`,
  );
}

/** Sets the rooms' booking step; what it returns puts back the steps they had before. */
async function setBookingStep(ids: string[], minutes: number): Promise<() => Promise<void>> {
  const saved = await rowsOf<{ id: string; booking_step_minutes: number }>(
    database.db,
    sql`SELECT id, booking_step_minutes FROM rooms WHERE id IN ${ids}`,
  );
  await database.db.execute(sql`UPDATE rooms SET booking_step_minutes = ${minutes} WHERE id IN ${ids}`);
  return async () => {
    for (const { id, booking_step_minutes } of saved) {
      await database.db.execute(
        sql`UPDATE rooms SET booking_step_minutes = ${booking_step_minutes} WHERE id = ${id}`,
      );
    }
  };
}

/** The date, in Paris, of the first `isoWeekday` at least a week from now (clear of lead times). */
function nextWeekday(isoWeekday: number): string {
  let day = addDays(new TZDate(Date.now(), 'Europe/Paris'), 7);
  while (getISODay(day) !== isoWeekday) day = addDays(day, 1);
  return format(day, 'yyyy-MM-dd');
}

describe('search', () => {
  it('finds every published space when nothing is asked, never the draft', async () => {
    const answer = await search({});
    expect(answer.total).toBe(10);
    expect(await slugsOf({ city: 'Nantes' })).toEqual(['ile-de-nantes-coworking']);
  });

  it('matches a city whatever its case, accents and spacing', async () => {
    for (const city of ['Paris', 'paris', '  PARIS ']) {
      expect(await slugsOf({ city })).toEqual([
        'acme-coworking-paris',
        'atelier-montmartre-paris',
        'bureaux-du-canal-paris',
      ]);
    }
    await database.db
      .update(spaces)
      .set({ city: 'Saint-Étienne', cityKey: 'saint etienne' })
      .where(eq(spaces.slug, 'beffroi-lille'));
    expect(await slugsOf({ city: 'saint etienne' })).toEqual(['beffroi-lille']);
    expect(await slugsOf({ city: 'Saint-Etienne' })).toEqual(['beffroi-lille']);
    await database.db
      .update(spaces)
      .set({ city: 'Lille', cityKey: 'lille' })
      .where(eq(spaces.slug, 'beffroi-lille'));
  });

  it('combines room kind and size', async () => {
    expect(await slugsOf({ kind: 'event_hall' })).toEqual([
      'ile-de-nantes-coworking',
      'la-ruche-lyon',
      'bureaux-du-canal-paris',
    ]);
    const large = await search({ kind: 'meeting_room', people: 10, sort: 'name_asc' });
    expect(large.items.map((item) => [item.slug, item.matchingRoomCount])).toEqual([
      ['ile-de-nantes-coworking', 1],
      ['la-ruche-lyon', 1],
      ['bureaux-du-canal-paris', 1],
      ['les-docks-bordeaux', 1],
      ['vieux-port-workspace-marseille', 1],
    ]);
    expect(await slugsOf({ city: 'Paris', kind: 'meeting_room', people: 10 })).toEqual([
      'bureaux-du-canal-paris',
    ]);
  });

  it('filters on amenities of the space and of the room together', async () => {
    expect(await slugsOf({ amenities: ['terrace', 'videoconference'] })).toEqual([
      'la-ruche-lyon',
      'vieux-port-workspace-marseille',
    ]);
    expect(await slugsOf({ amenities: ['open_24_7'] })).toEqual(['vieux-port-workspace-marseille']);
  });

  it('keeps spaces whose cheapest matching price with VAT is within the budget', async () => {
    // Half-day desks at 12 € or less excluding VAT: 14.40 € with VAT.
    expect(await slugsOf({ maxPrice: 15 })).toEqual([
      'chartrons-studio-bordeaux',
      'ile-de-nantes-coworking',
      'la-ruche-lyon',
      'vieux-port-workspace-marseille',
    ]);
    // Two hours of a meeting room: hourly price × 2, with VAT.
    const twoHours = await search({ city: 'Paris', kind: 'meeting_room', duration: 120, sort: 'price_asc' });
    expect(twoHours.items.map((item) => [item.slug, item.priceCents, item.priceIsForDuration])).toEqual([
      ['acme-coworking-paris', 6000, true],
      ['atelier-montmartre-paris', 7680, true],
      ['bureaux-du-canal-paris', 9120, true],
    ]);
    expect(await slugsOf({ city: 'Paris', kind: 'meeting_room', duration: 120, maxPrice: 70 })).toEqual([
      'acme-coworking-paris',
    ]);
  });

  it('keeps spaces open on the day, at the time, for the whole duration', async () => {
    const sunday = nextWeekday(7);
    expect(await slugsOf({ date: sunday })).toEqual(['vieux-port-workspace-marseille']);
    const monday = nextWeekday(1);
    expect(await slugsOf({ date: monday, time: '20:00', duration: 60 })).toEqual([
      'confluence-hub-lyon',
      'bureaux-du-canal-paris',
      'vieux-port-workspace-marseille',
    ]);
    // Canal closes at 21:00: an hour from 20:30 does not fit.
    expect(await slugsOf({ date: monday, time: '20:30', duration: 60, city: 'Paris' })).toEqual([]);
    // Lunch break in Lille and Bordeaux: 12:30-13:30 is closed, 11:00-12:00 is open.
    // Asked with the city and without it (the opening hours grouped over every space at once).
    expect((await inLille({ date: monday, time: '12:45' })).slugs).toEqual([]);
    expect((await inLille({ date: monday, time: '11:00' })).slugs).toEqual(['beffroi-lille']);
    expect((await inLille({ date: monday, time: '11:30', duration: 90 })).slugs).toEqual([]);
    // A date without a time needs one stretch of the length: Lille's longest is 09:00-12:30 and 13:30-18:30.
    expect((await inLille({ date: monday, duration: 300 })).slugs).toEqual(['beffroi-lille']);
    expect((await inLille({ date: monday, duration: 360 })).slugs).toEqual([]);
  });

  it('finds a slot across two opening intervals that touch, as a booking accepts it', async () => {
    // Lille opens 09:00-12:30 and 13:30-18:30 on Mondays; made to touch at 12:30 for this test.
    const [space] = await rowsOf<{ id: string }>(
      database.db,
      sql`SELECT id FROM spaces WHERE slug = 'beffroi-lille'`,
    );
    const saved = await rowsOf<{ opens: string }>(
      database.db,
      sql`SELECT opens::text FROM space_opening_hours WHERE space_id = ${space!.id} AND weekday = 1 AND opens > '12:00'`,
    );
    await database.db.execute(
      sql`UPDATE space_opening_hours SET opens = '12:30' WHERE space_id = ${space!.id} AND weekday = 1 AND opens > '12:00'`,
    );
    try {
      const monday = nextWeekday(1);
      // 11:30-13:30 lies in 09:00-12:30 + 12:30-18:30: one stretch, as the booking rule reads the hours.
      expect((await inLille({ date: monday, time: '11:30', duration: 120 })).slugs).toEqual([
        'beffroi-lille',
      ]);
    } finally {
      await database.db.execute(
        sql`UPDATE space_opening_hours SET opens = ${saved[0]!.opens}::time WHERE space_id = ${space!.id} AND weekday = 1 AND opens = '12:30'`,
      );
    }
  });

  it('leaves out rooms booked at the time, buffer included, and counts the free ones', async () => {
    const monday = nextWeekday(1);
    const [year, month, day] = monday.split('-').map(Number) as [number, number, number];
    const at = (hour: number, minute = 0) =>
      new TZDate(year, month - 1, day, hour, minute, 0, 'Europe/Paris').toISOString();
    const before = await inLille({ date: monday, time: '11:00' });
    expect(before.slugs).toEqual(['beffroi-lille']);
    const rooms = await lilleRooms();
    const ids = rooms.map((room) => room.id);
    // On a quarter-hour step, so that the end of a buffer (11:15) is a possible start.
    const restoreSteps = await setBookingStep(ids, 15);
    const [member] = await rowsOf<{ id: string }>(database.db, sql`SELECT id FROM users LIMIT 1`);
    // 10:00-11:00, held until 11:15 by a 15-minute buffer.
    const bookTenToEleven = (room: { id: string; space_id: string }, status: 'confirmed' | 'pending') =>
      database.db.execute(sql`
        INSERT INTO reservations (room_id, space_id, user_id, starts_at, ends_at, blocked_until, attendees,
                                  status, price_excl_vat_cents, vat_cents, total_cents, vat_rate_basis_points,
                                  pricing_basis, title)
        VALUES (${room.id}, ${room.space_id}, ${member!.id}, ${at(10)}, ${at(11)}, ${at(11, 15)}, 1,
                ${status}, 0, 0, 0, 2000, 'hourly', 'search test')`);
    // Every room but one booked: the space still matches, with one room.
    const [first, ...others] = rooms;
    for (const room of others) await bookTenToEleven(room, 'confirmed');
    expect((await inLille({ date: monday, time: '11:00' })).rooms).toBe(1);
    // A pending request holds its room too.
    await bookTenToEleven(first!, 'pending');
    expect((await inLille({ date: monday, time: '11:00' })).slugs).toEqual([]);
    expect((await inLille({ date: monday, time: '09:00', duration: 90 })).slugs).toEqual([]);
    expect((await inLille({ date: monday, time: '11:15' })).slugs).toEqual(['beffroi-lille']);
    // The searched slot needs the room's own buffer after it: 09:00-10:00 plus 15 minutes runs into 10:00.
    expect((await inLille({ date: monday, time: '09:00' })).slugs).toEqual(['beffroi-lille']);
    await database.db.execute(sql`UPDATE rooms SET buffer_minutes = buffer_minutes + 15 WHERE id IN ${ids}`);
    expect((await inLille({ date: monday, time: '09:00' })).slugs).toEqual([]);
    await database.db.execute(sql`UPDATE rooms SET buffer_minutes = buffer_minutes - 15 WHERE id IN ${ids}`);
    // A cancelled booking holds nothing.
    await database.db.execute(
      sql`UPDATE reservations SET status = 'cancelled' WHERE title = 'search test' AND room_id = ${first!.id}`,
    );
    expect((await inLille({ date: monday, time: '11:00' })).slugs).toEqual(['beffroi-lille']);
    await database.db.execute(sql`DELETE FROM reservations WHERE title = 'search test'`);
    expect((await inLille({ date: monday, time: '11:00' })).rooms).toBe(before.rooms);
    await restoreSteps();
  });

  it('shows a room free at 10:00 for two hours but not at 11:00, booked from noon', async () => {
    const monday = nextWeekday(1);
    const [year, month, day] = monday.split('-').map(Number) as [number, number, number];
    const at = (hour: number) => new TZDate(year, month - 1, day, hour, 0, 0, 'Europe/Paris').toISOString();
    const rooms = await lilleRooms();
    const before = await inLille({ date: monday, time: '10:00', duration: 120 });
    expect(before.slugs).toEqual(['beffroi-lille']);
    const [member] = await rowsOf<{ id: string }>(database.db, sql`SELECT id FROM users LIMIT 1`);
    for (const room of rooms) {
      await database.db.execute(sql`
        INSERT INTO reservations (room_id, space_id, user_id, starts_at, ends_at, blocked_until, attendees,
                                  status, price_excl_vat_cents, vat_cents, total_cents, vat_rate_basis_points,
                                  pricing_basis, title)
        VALUES (${room.id}, ${room.space_id}, ${member!.id}, ${at(12)}, ${at(13)}, ${at(13)}, 1,
                'confirmed', 0, 0, 0, 2000, 'hourly', 'search test')`);
    }
    try {
      // 10:00-12:00 ends as the booking starts: free. 11:00-13:00 runs into it.
      expect(await inLille({ date: monday, time: '10:00', duration: 120 })).toEqual(before);
      expect((await inLille({ date: monday, time: '11:00', duration: 120 })).slugs).toEqual([]);
      expect((await inLille({ date: monday, time: '11:00', duration: 60 })).slugs).toEqual(['beffroi-lille']);
      // A room whose buffer runs past noon is not free at 10:00 any more; the others still are.
      const [first] = rooms;
      await database.db.execute(
        sql`UPDATE rooms SET buffer_minutes = buffer_minutes + 15 WHERE id = ${first!.id}`,
      );
      try {
        expect((await inLille({ date: monday, time: '10:00', duration: 120 })).rooms).toBe(before.rooms - 1);
      } finally {
        await database.db.execute(
          sql`UPDATE rooms SET buffer_minutes = buffer_minutes - 15 WHERE id = ${first!.id}`,
        );
      }
    } finally {
      await database.db.execute(sql`DELETE FROM reservations WHERE title = 'search test'`);
    }
  });

  it('leaves out rooms whose step the searched start or length is not on', async () => {
    const monday = nextWeekday(1);
    const lille = (ask: TSearchFiltersInput) => slugsOf({ date: monday, city: 'Lille', ...ask });
    const ids = (await lilleRooms()).map((room) => room.id);
    const restoreSteps = await setBookingStep(ids, 30);
    expect(await lille({ time: '09:30', duration: 60 })).toEqual(['beffroi-lille']);
    expect(await lille({ time: '09:15', duration: 60 })).toEqual([]);
    expect(await lille({ duration: 90 })).toEqual(['beffroi-lille']);
    await database.db.execute(sql`UPDATE rooms SET booking_step_minutes = 60 WHERE id IN ${ids}`);
    // Hourly rooms: no start at half past, no 90-minute booking.
    expect(await lille({ time: '09:30', duration: 60 })).toEqual([]);
    expect(await lille({ duration: 90 })).toEqual([]);
    expect(await lille({ duration: 120 })).toEqual(['beffroi-lille']);
    await restoreSteps();
  });

  it('leaves out a space closed that day', async () => {
    const tuesday = nextWeekday(2);
    const [acme] = await database.db.select().from(spaces).where(eq(spaces.slug, 'acme-coworking-paris'));
    await database.db.execute(
      sql`insert into space_closures (space_id, starts_on, ends_on, label) values (${acme!.id}, ${tuesday}, ${tuesday}, 'Inventaire')`,
    );
    expect(await slugsOf({ city: 'Paris', date: tuesday })).toEqual([
      'atelier-montmartre-paris',
      'bureaux-du-canal-paris',
    ]);
    expect(await slugsOf({ date: tuesday })).not.toContain('acme-coworking-paris');
    expect(await slugsOf({ date: tuesday, time: '10:00' })).not.toContain('acme-coworking-paris');
  });

  it('respects lead time, horizon and duration limits of rooms', async () => {
    // The Nantes hall needs 48 hours' notice and half a day at least; its open space does not.
    const tooSoon = format(addDays(new TZDate(Date.now(), 'Europe/Paris'), 400), 'yyyy-MM-dd');
    expect(await slugsOf({ date: tooSoon })).toEqual([]);
    expect(await slugsOf({ city: 'Nantes', kind: 'event_hall', duration: 60 })).toEqual([]);
    expect(await slugsOf({ city: 'Nantes', kind: 'event_hall', duration: 240 })).toEqual([
      'ile-de-nantes-coworking',
    ]);
  });

  it('sorts and pages, with the total of all pages', async () => {
    const byPrice = await search({ sort: 'price_asc' });
    const prices = byPrice.items.map((item) => item.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const byCapacity = await search({ sort: 'capacity_desc' });
    expect(byCapacity.items[0]?.slug).toBe('bureaux-du-canal-paris');
    const page2 = await search({ page: 2 });
    expect(page2).toMatchObject({ total: 10, page: 2, items: [] });
    const small = await search({ people: 1, sort: 'name_asc', page: 1 });
    expect(small.items.length).toBe(10);
  });

  it('answers the same with a city (per-space lookups) as without one (one pass over the rooms)', async () => {
    const tuesday = nextWeekday(2);
    const asks: TSearchFiltersInput[] = [
      { kind: 'meeting_room', people: 4 },
      { date: tuesday, time: '10:00', duration: 120, amenities: ['wifi'] },
      { maxPrice: 80, sort: 'capacity_desc' },
    ];
    for (const ask of asks) {
      const nationwide = await search(ask);
      expect(nationwide.items.length).toBeGreaterThan(0);
      for (const city of ['Paris', 'Lyon', 'Bordeaux']) {
        const inCity = await search({ ...ask, city });
        const strip = ({ slug, priceCents, matchingRoomCount }: (typeof inCity.items)[number]) => ({
          slug,
          priceCents,
          matchingRoomCount,
        });
        expect(inCity.items.map(strip)).toEqual(
          nationwide.items.filter((item) => item.city === city).map(strip),
        );
      }
    }
  });

  it('hides archived spaces', async () => {
    await database.db
      .update(spaces)
      .set({ status: 'archived' })
      .where(eq(spaces.slug, 'chartrons-studio-bordeaux'));
    expect(await slugsOf({ city: 'Bordeaux' })).toEqual(['les-docks-bordeaux']);
    await database.db
      .update(spaces)
      .set({ status: 'published' })
      .where(eq(spaces.slug, 'chartrons-studio-bordeaux'));
  });
});

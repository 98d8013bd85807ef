// @databases pglite
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseForFile } from '../../../tests/support/test-database';
import { openHoursSql } from '../../db/calendar-sql';
import { rowsOf } from '../../db/rows';
import { DEMO_SPACES } from '../../demo/demo-spaces';
import { seedDemoData } from '../../demo/seed';
import { rooms } from '../../db/schema/rooms';
import { spaces } from '../../db/schema/spaces';
import { log } from '../../platform/log';
import { systemContext } from '../../platform/service-context';
import { getRoomDetail } from './rooms.service';
import {
  findFeaturedSpaces,
  getSpaceDetail,
  listCitiesWithSpaces,
  listPublishedSpaces,
  listSitemapEntries,
} from './spaces.service';

const database = testDatabaseForFile();
/** A signed-out visitor's context, in a language. */
const visitor = (locale: 'fr' | 'en') => systemContext({ db: database.db, log, now: new Date(), locale });
const savedFiles = new Map<string, { bytes: Uint8Array; contentType: string }>();
let nextKey = 0;
const PUBLISHED = DEMO_SPACES.filter((space) => space.status === 'published');

beforeAll(async () => {
  await seedDemoData(database.db, {
    savePhotoFile: async (bytes, contentType) => {
      const key = `demo-file-${String(nextKey++).padStart(12, '0')}`;
      savedFiles.set(key, { bytes, contentType });
      return key;
    },
  });
});

async function roomIdOf(spaceSlug: string, roomName: string): Promise<string> {
  const [row] = await database.db
    .select({ id: rooms.id })
    .from(rooms)
    .innerJoin(spaces, eq(spaces.id, rooms.spaceId))
    .where(sql`${spaces.slug} = ${spaceSlug} and ${rooms.name} = ${roomName}`);
  return row!.id;
}

describe('demo data', () => {
  it('has at least eight published spaces in six cities, two on subdomains, and keeps the known slugs', async () => {
    expect(PUBLISHED.length).toBeGreaterThanOrEqual(8);
    const cities = await listCitiesWithSpaces(visitor('fr'));
    expect(cities.map((c) => c.city).sort()).toEqual(
      ['Bordeaux', 'Lille', 'Lyon', 'Marseille', 'Nantes', 'Paris'].sort(),
    );
    const acme = await getSpaceDetail(visitor('fr'), { ref: 'acme-coworking-paris' });
    expect(acme).toMatchObject({ subdomain: 'acme', color: '#0f766e', city: 'Paris' });
    const ruche = await getSpaceDetail(visitor('fr'), { ref: 'la-ruche-lyon' });
    expect(ruche).toMatchObject({ subdomain: 'laruche', color: '#b45309', city: 'Lyon' });
    await expect(getSpaceDetail(visitor('fr'), { ref: 'les-docks-bordeaux' })).resolves.toMatchObject({
      city: 'Bordeaux',
    });
  });

  it('stores a drawn SVG for every photo it names', async () => {
    const acme = await getSpaceDetail(visitor('fr'), { ref: 'acme-coworking-paris' });
    expect(acme.photos.length).toBe(3);
    for (const photo of [...acme.photos, ...acme.rooms.flatMap((room) => (room.cover ? [room.cover] : []))]) {
      const key = decodeURIComponent(photo.url.replace(/^\/media\//, ''));
      const file = savedFiles.get(key);
      expect(file?.contentType).toBe('image/svg+xml');
      expect(new TextDecoder().decode(file!.bytes)).toMatch(/^<svg [^>]*viewBox="0 0 1200 800"/);
    }
  });

  it('does nothing on a database that already has spaces', async () => {
    expect(await seedDemoData(database.db)).toBe(false);
  });
});

describe('a space page', () => {
  it('is found by slug and by id, with hours, rooms and the cheapest price with VAT', async () => {
    const bySlug = await getSpaceDetail(visitor('fr'), { ref: 'acme-coworking-paris' });
    const byId = await getSpaceDetail(visitor('fr'), { ref: bySlug.id });
    expect(byId).toEqual(bySlug);
    expect(bySlug.openingHours).toContainEqual({ weekday: 1, opens: '08:30', closes: '20:00' });
    expect(bySlug.openingHours).toContainEqual({ weekday: 6, opens: '10:00', closes: '18:00' });
    expect(bySlug.rooms.map((room) => room.kind)).toContain('desk');
    // Desks: 15 € excl. VAT per half-day, 20 % VAT → 18 €.
    expect(bySlug.fromPriceCents).toBe(1800);
    expect(bySlug.timeZone).toBe('Europe/Paris');
  });

  it('speaks the visitor’s language', async () => {
    const fr = await getSpaceDetail(visitor('fr'), { ref: 'la-ruche-lyon' });
    const en = await getSpaceDetail(visitor('en'), { ref: 'la-ruche-lyon' });
    expect(fr.description).toMatch(/Sur les quais de Saône/);
    expect(en.description).toMatch(/On the banks of the Saône/);
    expect(en.photos[0]?.alt).toBe('La Ruche’s lounge');
  });

  it('falls back to the other language when a description is missing', async () => {
    await database.db.update(spaces).set({ descriptionEn: '' }).where(eq(spaces.slug, 'beffroi-lille'));
    const en = await getSpaceDetail(visitor('en'), { ref: 'beffroi-lille' });
    expect(en.description).toMatch(/Dans le Vieux-Lille/);
  });

  it('hides drafts and archived spaces from the public but not from a preview', async () => {
    await expect(getSpaceDetail(visitor('fr'), { ref: 'le-comptoir-nantes' })).rejects.toMatchObject({
      code: 'not-found',
    });
    await expect(
      getSpaceDetail(visitor('fr'), { ref: 'le-comptoir-nantes' }, { includeUnpublished: true }),
    ).resolves.toMatchObject({ status: 'draft' });
    await expect(getSpaceDetail(visitor('fr'), { ref: 'nowhere' })).rejects.toMatchObject({
      code: 'not-found',
    });
    await expect(
      getSpaceDetail(visitor('fr'), { ref: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toMatchObject({ code: 'not-found' });
  });

  it('lists closures that have not ended yet, in the space’s zone', async () => {
    const [space] = await database.db
      .select({ id: spaces.id })
      .from(spaces)
      .where(eq(spaces.slug, 'chartrons-studio-bordeaux'));
    await database.db.execute(
      sql`insert into space_closures (space_id, starts_on, ends_on, label) values
        (${space!.id}, '2000-01-01', '2000-01-02', 'long ago'),
        (${space!.id}, (now() at time zone 'Europe/Paris')::date, (now() at time zone 'Europe/Paris')::date, 'today')`,
    );
    const detail = await getSpaceDetail(visitor('fr'), { ref: 'chartrons-studio-bordeaux' });
    const labels = detail.closures.map((closure) => closure.label);
    expect(labels).toContain('today');
    expect(labels).not.toContain('long ago');
  });
});

describe('a room page', () => {
  it('shows a room with its space, prices with VAT and booking rules', async () => {
    const roomId = await roomIdOf('acme-coworking-paris', 'Salle Voltaire');
    const room = await getRoomDetail(visitor('en'), { roomId });
    expect(room).toMatchObject({
      name: 'Salle Voltaire',
      kind: 'meeting_room',
      capacity: 8,
      prices: {
        hourlyCents: 5400,
        halfDayCents: 18000,
        dayCents: 33600,
        fromCents: 5400,
        vatRateBasisPoints: 2000,
      },
      rules: { minDurationMinutes: 60, bufferMinutes: 15, requiresApproval: false },
      space: { slug: 'acme-coworking-paris', timeZone: 'Europe/Paris' },
    });
    expect(room.description).toMatch(/65-inch/);
  });

  it('is found under its own space, by slug or id, and not under another', async () => {
    const roomId = await roomIdOf('acme-coworking-paris', 'Salle Voltaire');
    const acme = await getSpaceDetail(visitor('fr'), { ref: 'acme-coworking-paris' });
    await expect(
      getRoomDetail(visitor('fr'), { roomId, spaceRef: 'acme-coworking-paris' }),
    ).resolves.toMatchObject({ name: 'Salle Voltaire' });
    await expect(getRoomDetail(visitor('fr'), { roomId, spaceRef: acme.id })).resolves.toMatchObject({
      name: 'Salle Voltaire',
    });
    await expect(getRoomDetail(visitor('fr'), { roomId, spaceRef: 'la-ruche-lyon' })).rejects.toMatchObject({
      code: 'not-found',
    });
    await expect(getRoomDetail(visitor('fr'), { roomId: 'not-a-uuid' })).rejects.toMatchObject({
      code: 'not-found',
    });
  });

  it('is not found when archived or when its space is a draft', async () => {
    const draftRoom = await roomIdOf('le-comptoir-nantes', 'Salle Feydeau');
    await expect(getRoomDetail(visitor('fr'), { roomId: draftRoom })).rejects.toMatchObject({
      code: 'not-found',
    });
    const roomId = await roomIdOf('beffroi-lille', 'Bureau Vauban');
    await database.db.update(rooms).set({ archivedAt: new Date() }).where(eq(rooms.id, roomId));
    await expect(getRoomDetail(visitor('fr'), { roomId })).rejects.toMatchObject({ code: 'not-found' });
    const lille = await getSpaceDetail(visitor('fr'), { ref: 'beffroi-lille' });
    expect(lille.rooms.map((room) => room.name)).toEqual(['Salle de la Monnaie']);
    await database.db.update(rooms).set({ archivedAt: null }).where(eq(rooms.id, roomId));
  });
});

describe('the list of all spaces', () => {
  it('pages through every published space and no draft', async () => {
    const first = await listPublishedSpaces(visitor('fr'), { sort: 'name', page: 1 });
    const second = await listPublishedSpaces(visitor('fr'), { sort: 'name', page: 2 });
    expect(first.total).toBe(PUBLISHED.length);
    const slugs = [...first.items, ...second.items].map((space) => space.slug);
    expect(slugs.sort()).toEqual(PUBLISHED.map((space) => space.slug).sort());
    expect(slugs).not.toContain('le-comptoir-nantes');
    const beyond = await listPublishedSpaces(visitor('fr'), { sort: 'name', page: 9 });
    expect(beyond).toMatchObject({ items: [], total: PUBLISHED.length });
  });

  it('sorts by price, city and name', async () => {
    const byPrice = await listPublishedSpaces(visitor('fr'), { sort: 'price', page: 1 });
    const prices = byPrice.items.map((space) => space.fromPriceCents ?? Infinity);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const byCity = await listPublishedSpaces(visitor('fr'), { sort: 'city', page: 1 });
    expect(byCity.items[0]?.city).toBe('Bordeaux');
    const byName = await listPublishedSpaces(visitor('fr'), { sort: 'name', page: 1 });
    expect(byName.items[0]?.name).toBe('Acme Coworking');
  });

  it('features one space per city before a second one', async () => {
    const featured = await findFeaturedSpaces(visitor('fr'), { limit: 6 });
    expect(new Set(featured.map((space) => space.city)).size).toBe(6);
  });

  it('gives the sitemap every published space and its rooms', async () => {
    const entries = await listSitemapEntries(visitor('fr'));
    expect(entries.map((entry) => entry.slug).sort()).toEqual(PUBLISHED.map((space) => space.slug).sort());
    const acme = entries.find((entry) => entry.slug === 'acme-coworking-paris');
    expect(acme?.rooms.length).toBe(7);
  });
});

/** The open ranges of a space between two days, as `YYYY-MM-DD HH:MM/…` in UTC whatever the session zone. */
async function openRangesUtc(spaceId: string, from: string, to: string): Promise<string[]> {
  const rows = await rowsOf<{ slot: string }>(
    database.db,
    sql`select to_char(lower(r) at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || '/' ||
        to_char(upper(r) at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as slot
      from unnest(${openHoursSql(
        sql`${spaceId}::uuid`,
        sql`(select time_zone from spaces where id = ${spaceId})`,
        sql`${from}::date`,
        sql`${to}::date`,
      )}) as r order by lower(r)`,
  );
  return rows.map((row) => row.slot);
}

describe('opening hours as instants (openHoursSql: availability, bookings, search, planning)', () => {
  it('turns weekly hours into UTC instants with the right offset on both sides of the March change', async () => {
    const acme = await getSpaceDetail(visitor('fr'), { ref: 'acme-coworking-paris' });
    // Friday 27 and Saturday 28 in winter time (UTC+1); Sunday 29 closed; Monday 30 in summer time (UTC+2).
    expect(await openRangesUtc(acme.id, '2026-03-27', '2026-03-30')).toEqual([
      '2026-03-27 07:30/2026-03-27 19:00',
      '2026-03-28 09:00/2026-03-28 17:00',
      '2026-03-30 06:30/2026-03-30 18:00',
    ]);
  });

  it('keeps wall-clock hours across the October change (24-hour days of 25 hours)', async () => {
    const marseille = await getSpaceDetail(visitor('fr'), { ref: 'vieux-port-workspace-marseille' });
    // Sunday 25 October 2026 lasts 25 hours in Paris: 00:00 local is 22:00 UTC the day before (UTC+2),
    // 24:00 local is 23:00 UTC (UTC+1). Adjacent days merge into one range.
    expect(await openRangesUtc(marseille.id, '2026-10-25', '2026-10-25')).toEqual([
      '2026-10-24 22:00/2026-10-25 23:00',
    ]);
  });

  it('leaves out closure days', async () => {
    const acme = await getSpaceDetail(visitor('fr'), { ref: 'acme-coworking-paris' });
    expect(await openRangesUtc(acme.id, '2026-12-24', '2026-12-28')).toEqual([
      '2026-12-28 07:30/2026-12-28 19:00',
    ]);
  });
});

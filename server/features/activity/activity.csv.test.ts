// @databases pglite
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseForFile } from '../../../tests/support/test-database';
import { recordActivity } from '../../platform/activity';
import { createRequestContexts } from '../../platform/request-context';
import type { Session } from '../../platform/session';
import { addRole, insertPerson, insertSpace, type TestPerson } from '../../db/factories.fixtures';
import { sql } from 'drizzle-orm';
import { activityCsv } from './activity.csv';
import { createActivityRoutes } from './activity.routes';

/** The CSV export of the feed: format for French spreadsheets, the same rights as the feed. */

const database = testDatabaseForFile();
let manager: TestPerson;
let member: TestPerson;
let stranger: TestPerson;
let space: string;
let signedIn: Session | null = null;
let routes: ReturnType<typeof createActivityRoutes>;
const NOW = new Date('2026-05-04T10:00:00Z');

beforeAll(async () => {
  const db = database.db;
  space = await insertSpace(db);
  manager = await insertPerson(db, { name: 'Julien Moreau' });
  member = await insertPerson(db, { name: '=HYPERLINK("http://evil.test")' });
  stranger = await insertPerson(db, { name: 'Léa Petit', locale: 'en' });
  await addRole(db, space, manager.id, 'manager');
  await addRole(db, space, member.id, 'member');
  await recordActivity(db, {
    kind: 'reservation.created',
    actor: { type: 'user', id: member.id },
    subject: { type: 'reservation', id: 'r1' },
    spaceId: space,
    details: {
      roomName: 'Salle "Atlas"; étage 2',
      startsAt: '2026-05-11T07:00:00.000Z',
      endsAt: '2026-05-11T08:30:00.000Z',
    },
    occurredAt: new Date('2026-05-03T22:30:00Z'),
  });
  await recordActivity(db, {
    kind: 'reservation.cancelled',
    actor: { type: 'user', id: manager.id },
    aboutUserId: member.id,
    subject: { type: 'reservation', id: 'r1' },
    spaceId: space,
    details: {
      roomName: 'Salle Atlas',
      reason: 'Dégât des eaux\nsalle fermée',
      startsAt: '2026-05-11T07:00:00.000Z',
    },
    occurredAt: new Date('2026-05-04T09:00:00Z'),
  });
  routes = createActivityRoutes({
    contextOf: createRequestContexts({ db, readSession: async () => signedIn, clock: () => NOW }),
  });
});

const get = (query: string, headers: Record<string, string> = {}) =>
  routes.request(`/export.csv${query}`, { headers });

describe('GET /activity/export.csv', () => {
  it('gives a manager their space’s entries, UTF-8 with a BOM, `;`, Paris dates, French words', async () => {
    signedIn = manager.session;
    const response = await get(`?scope=spaces&space=${space}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="activite-2026-05-04.csv"; filename*=UTF-8''activite-2026-05-04.csv`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Date;Heure;Fuseau horaire;Espace;Auteur;Personne concernée;Type;Description;Motif;Modifications;Objet;Identifiant de l’objet;N° d’entrée',
    );
    // Newest first; the cancellation's reason keeps its line break inside quotes.
    const cancelled = text.slice(text.indexOf('\r\n') + 2);
    expect(cancelled).toMatch(
      /^04\/05\/2026;11:00:00;Europe\/Paris;Espace [^;]+;Julien Moreau;"'=HYPERLINK\(""http:\/\/evil\.test""\)";Annulation;/,
    );
    expect(cancelled).toContain(';"Dégât des eaux\nsalle fermée";');
    // 22:30 UTC on 3 May is 00:30 on 4 May in Paris; the room's name is quoted, its quotes doubled.
    expect(text).toContain('04/05/2026;00:30:00;Europe/Paris;');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"") a réservé Salle ""Atlas""; étage 2 (`);
    expect(text).toContain('lundi 11 mai 2026, 09:00 – 10:30');
    expect(text.endsWith('\r\n')).toBe(true);
    // The header and two entries: a line break inside a quoted cell is a bare LF, never the CRLF that ends a line.
    expect(lines.filter(Boolean)).toHaveLength(3);
  });

  it('writes English for a reader who reads English', async () => {
    signedIn = { ...manager.session, user: { ...manager.session.user, locale: 'en' } };
    const response = await get(`?scope=spaces&kind=reservation.cancelled`);
    const text = await response.text();
    expect(response.headers.get('content-disposition')).toContain('filename="activity-2026-05-04.csv"');
    expect(text).toContain('Date;Time;Time zone;Space;By;Person concerned;Type;Description;');
    expect(text).toContain(';Cancellation;');
    expect(text).not.toContain(';Booking;');
    expect(text).toContain('04/05/2026;11:00:00');
  });

  it('is refused as the feed is: a member of another space, a space not managed, bad filters', async () => {
    signedIn = stranger.session;
    expect((await get(`?scope=spaces&space=${space}`)).status).toBe(403);
    expect((await get('?scope=spaces')).status).toBe(403);
    const own = await get('');
    expect(own.status).toBe(200);
    expect((await own.text()).split('\r\n').filter(Boolean)).toHaveLength(1); // the header alone
    signedIn = manager.session;
    const invalid = await get(`?scope=spaces&from=2026-05-10&to=2026-05-01`);
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      error: { status: 'INVALID_ARGUMENT', details: { fields: [{ path: 'to', message: 'range-order' }] } },
    });
  });

  it('sends a signed-out visitor to sign in and back to the feed', async () => {
    signedIn = null;
    const response = await get(`?scope=spaces&kind=reservation.created`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      `/auth/Login?redirect=${encodeURIComponent('/activity?scope=spaces&kind=reservation.created')}`,
    );
  });

  it('streams a long history batch after batch, and stops at the bound', async () => {
    const db = database.db;
    const busy = await insertSpace(db);
    await addRole(db, busy, manager.id, 'owner');
    await db.execute(sql`
      INSERT INTO activity_entries (occurred_at, kind, actor_type, actor_id, subject_type, subject_id, space_id)
      SELECT ${NOW.toISOString()}::timestamptz - make_interval(mins => n % 300), 'room.updated', 'user',
             ${manager.id}, 'room', 'room-' || n, ${busy}::uuid
      FROM generate_series(1, 1234) AS n`);
    signedIn = manager.session;
    const response = await get(`?scope=spaces&space=${busy}`);
    const lines = (await response.text()).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + 1234);
    expect(new Set(lines.map((line) => line.split(';').at(-1))).size).toBe(1 + 1234);

    const pieces: string[] = [];
    const ctx = { db, actor: manager.session.user, viewerId: manager.id };
    for await (const piece of activityCsv(ctx, { scope: 'spaces', spaceId: busy }, 'fr', 700))
      pieces.push(piece);
    expect(pieces.join('').split('\r\n').filter(Boolean)).toHaveLength(1 + 700);
  });

  it('writes what changed, its subject and its reason in words people read, in their language', async () => {
    const db = database.db;
    const office = await insertSpace(db);
    await addRole(db, office, manager.id, 'owner');
    await recordActivity(db, {
      kind: 'reservation.cancelled',
      actor: { type: 'user', id: manager.id },
      aboutUserId: member.id,
      subject: { type: 'reservation', id: 'r2' },
      spaceId: office,
      details: { roomName: 'Salle Atlas', startsAt: '2026-05-11T07:00:00.000Z', reason: 'expired' },
      changes: { status: { before: 'confirmed', after: 'cancelled' } },
      occurredAt: NOW,
    });
    await recordActivity(db, {
      kind: 'room.price_changed',
      actor: { type: 'user', id: manager.id },
      subject: { type: 'room', id: 'room-9' },
      spaceId: office,
      details: { roomName: 'Salle Atlas' },
      changes: {
        hourlyPriceCents: { before: 3000, after: 3550 },
        vatRateBasisPoints: { before: 2000, after: 550 },
        membersOnly: { before: false, after: true },
      },
      occurredAt: NOW,
    });
    const ctx = { db, actor: manager.session.user, viewerId: manager.id };
    const csv = async (locale: 'fr' | 'en') => {
      const pieces: string[] = [];
      for await (const piece of activityCsv(ctx, { scope: 'spaces', spaceId: office }, locale))
        pieces.push(piece);
      // Intl writes narrow no-break spaces in amounts and percentages: read as plain spaces here.
      return pieces.join('').replace(/[\u202f\u00a0]/g, ' ');
    };
    const fr = await csv('fr');
    expect(fr).toContain(';Statut : confirmée → annulée;réservation;r2;');
    expect(fr).toContain(';demande restée sans réponse dans le délai;');
    expect(fr).toContain(
      ';Réservé aux membres : non → oui, Prix à l’heure : 30,00 € → 35,50 €, Taux de TVA : 20 % → 5,5 %;salle;',
    );
    expect(fr).not.toMatch(/status:|confirmed|hourlyPriceCents|;reservation;|;expired;/);
    // The member's name still reaches the sheet as text, never as a formula.
    expect(fr).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    const en = await csv('en');
    expect(en).toContain(';Status: confirmed → cancelled;reservation;r2;');
    expect(en).toContain(
      ';Members only: no → yes, Price per hour: €30.00 → €35.50, VAT rate: 20% → 5.5%;room;',
    );
    expect(en).toContain(';request not answered in time;');
  });
});

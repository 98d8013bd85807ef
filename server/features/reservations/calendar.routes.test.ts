// @databases pglite
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TReservation } from '#contract/reservations';
import { testDatabaseForFile } from '../../../tests/support/test-database';
import { createRequestContexts } from '../../platform/request-context';
import type { Session } from '../../platform/session';
import { createCalendarRoutes } from './calendar.routes';
import { contextFor, localInstant, reservationsRouter } from './reservations.fixtures';
import { insertPerson, insertRoom, insertSpace, type TestPerson } from '../../db/factories.fixtures';

const NOW = new Date(localInstant('2027-05-03T08:00'));
const router = reservationsRouter(() => NOW);

const database = testDatabaseForFile();
let member: TestPerson;
let stranger: TestPerson;
let booking: TReservation;
let signedIn: Session | null = null;
let routes: ReturnType<typeof createCalendarRoutes>;

beforeAll(async () => {
  member = await insertPerson(database.db);
  stranger = await insertPerson(database.db);
  const spaceId = await insertSpace(database.db);
  const roomId = await insertRoom(database.db, spaceId, { name: 'Salle Atlas' });
  booking = (await router.invoke(
    'reservations.create',
    {
      roomId,
      startsAt: localInstant('2027-05-04T14:00'),
      endsAt: localInstant('2027-05-04T15:30'),
      attendees: 3,
      title: 'Revue',
      idempotencyKey: randomUUID(),
    },
    contextFor(database.db, member.session),
  )) as TReservation;
  routes = createCalendarRoutes({
    contextOf: createRequestContexts({
      db: database.db,
      readSession: async () => signedIn,
      clock: () => NOW,
    }),
    baseUrl: 'https://escale.test',
  });
});

const get = (path: string) => routes.request(path);
const call = (name: string, person: TestPerson) =>
  router.invoke(`reservations.${name}`, {}, contextFor(database.db, person.session));

describe('the personal calendar feed', () => {
  it('serves the member’s bookings at a secret URL until the link is replaced or revoked', async () => {
    expect(await call('getFeed', member)).toMatchObject({ active: false });
    const { url } = (await call('createFeedToken', member)) as { url: string };
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const path = new URL(url).pathname.replace(/^\/api/, '');

    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = await response.text();
    expect(body).toContain(`UID:${booking.id}@escale`);
    expect(body).toContain('SUMMARY:Revue · Salle Atlas');
    expect(body).toContain('DTSTART;TZID=Europe/Paris:20270504T140000');
    expect(await call('getFeed', member)).toMatchObject({ active: true });

    const { url: replacement } = (await call('createFeedToken', member)) as { url: string };
    expect((await get(path)).status).toBe(404);
    const newPath = new URL(replacement).pathname.replace(/^\/api/, '');
    expect((await get(newPath)).status).toBe(200);

    expect(await call('revokeFeedToken', member)).toMatchObject({ active: false });
    expect((await get(newPath)).status).toBe(404);
  });

  it('answers 404 to a made-up or malformed token', async () => {
    expect((await get(`/calendar/${'a'.repeat(43)}.ics`)).status).toBe(404);
    expect((await get('/calendar/nope.ics')).status).toBe(404);
    expect((await get('/calendar/..%2F..%2Fetc.ics')).status).toBe(404);
  });
});

describe('one reservation as a download', () => {
  it('is for its member only', async () => {
    signedIn = null;
    expect((await get(`/reservations/${booking.id}.ics`)).status).toBe(401);
    signedIn = stranger.session;
    expect((await get(`/reservations/${booking.id}.ics`)).status).toBe(404);
    signedIn = member.session;
    const response = await get(`/reservations/${booking.id}.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="escale-/);
    expect(await response.text()).toContain('DTEND;TZID=Europe/Paris:20270504T153000');
  });
});

// @databases pglite
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TDisplayState, TDisplayView, TSpaceDisplays } from '#contract/door-displays';
import type { TReservation } from '#contract/reservations';
import { codeOf, featureTestFile } from '../../../tests/support/feature-test-file';
import { testConfig } from '../../../tests/support/test-config';
import { insertCallerCast, insertRoom, insertSpace, type TestPerson } from '../../db/factories.fixtures';
import { reservations } from '../../db/schema/reservations';
import { doorDisplayDeps } from '../../door-display-deps';
import { eventsCallables } from '../events/events.callables';
import { publishedEvent } from '../events/events.fixtures';
import { reservationsCallables } from '../reservations/reservations.callables';
import { localInstant, routerAtClock } from '../reservations/reservations.fixtures';
import { createDoorDisplayCallables } from './door-displays.callables';
import { createDoorDisplayRoutes } from './door-displays.routes';
import { CHECK_IN_ATTEMPTS } from './display-state.service';

const file = featureTestFile(
  (now) =>
    routerAtClock(
      [...createDoorDisplayCallables(doorDisplayDeps), ...eventsCallables, ...reservationsCallables],
      now,
    ),
  '2027-02-10T08:00',
);
const { call, clock } = file;
const baseUrl = testConfig().baseUrl;

let people: Awaited<ReturnType<typeof insertCallerCast>>['people'];
let spaceId: string;
let roomId: string;
let booking: TReservation;

/** A new link for the room, made by the manager: its secret. */
async function newDisplay(name = 'Tablette porte nord'): Promise<string> {
  const { url } = await call<{ url: string }>(people.manager, 'doorDisplays.create', {
    spaceId,
    roomId,
    name,
  });
  return url.split('/display/')[1]!;
}

const stateOf = async (token: string) => call<TDisplayView>(null, 'doorDisplays.getState', { token });
const active = (view: TDisplayView) => view as TDisplayState;

async function book(person: TestPerson, from: string, to: string, title: string) {
  return call<TReservation>(person, 'reservations.create', {
    roomId,
    startsAt: localInstant(from),
    endsAt: localInstant(to),
    attendees: 2,
    title,
    idempotencyKey: randomUUID(),
  });
}

beforeAll(async () => {
  ({ people, spaceId } = await insertCallerCast(file.database.db));
  roomId = await insertRoom(file.database.db, spaceId, { name: 'Salle Atlas', leadTimeMinutes: 60 });
  booking = await book(people.member, '2027-02-10T10:00', '2027-02-10T11:00', 'Comité secret');
  await publishedEvent(file.router, file.database.db, people.manager, spaceId, { roomId });
});

describe('door display links', () => {
  it('are made, listed and revoked by the space’s managers only', async () => {
    const input = { spaceId, roomId, name: 'Porte' };
    expect(await codeOf(call(null, 'doorDisplays.create', input))).toBe('unauthenticated');
    expect(await codeOf(call(people.member, 'doorDisplays.create', input))).toBe('permission-denied');
    expect(await codeOf(call(people.otherManager, 'doorDisplays.list', { spaceId }))).toBe(
      'permission-denied',
    );
    const elsewhere = await insertRoom(file.database.db, await insertSpace(file.database.db));
    expect(await codeOf(call(people.manager, 'doorDisplays.create', { ...input, roomId: elsewhere }))).toBe(
      'not-found',
    );

    const { url, display } = await call<{ url: string; display: { id: string } }>(
      people.manager,
      'doorDisplays.create',
      input,
    );
    expect(url).toMatch(new RegExp(`^${baseUrl}/display/[A-Za-z0-9_-]{43}$`));
    const listed = await call<TSpaceDisplays>(people.admin, 'doorDisplays.list', { spaceId });
    expect(listed.displays).toContainEqual(
      expect.objectContaining({ id: display.id, name: 'Porte', roomName: 'Salle Atlas', revokedAt: null }),
    );
    // The list shows its moments in the space's zone, which it names (not the server's nor the browser's).
    expect(listed.timeZone).toBe('Europe/Paris');
    const overseas = await insertSpace(file.database.db, { timeZone: 'America/Martinique' });
    expect(
      (await call<TSpaceDisplays>(people.admin, 'doorDisplays.list', { spaceId: overseas })).timeZone,
    ).toBe('America/Martinique');
    const revoke = { spaceId, displayId: display.id };
    expect(await codeOf(call(people.member, 'doorDisplays.revoke', revoke))).toBe('permission-denied');
    const revoked = await call<{ revokedAt: string }>(people.manager, 'doorDisplays.revoke', revoke);
    expect(revoked.revokedAt).toBe(clock.now.toISOString());
    const token = url.split('/display/')[1]!;
    expect(await stateOf(token)).toEqual({ display: 'revoked', locale: 'fr', roomName: 'Salle Atlas' });
    expect(await codeOf(stateOf('x'.repeat(43)))).toBe('not-found');
  });
});

describe('a door display', () => {
  it('shows the day’s agenda as the space allows, and a QR code of the next free start', async () => {
    const token = await newDisplay();
    const view = active(await stateOf(token));
    expect(view).toMatchObject({ display: 'active', locale: 'fr', roomName: 'Salle Atlas', roomId });
    expect(view.agenda.map(({ kind, title }) => ({ kind, title }))).toEqual([
      { kind: 'booking', title: null },
      { kind: 'event', title: 'Atelier fresque du climat' },
    ]);
    // The room (an hour's lead time) can next be booked at 09:00, the first start after now + lead time.
    expect(view.nextFree?.url).toBe(
      `${baseUrl}/spaces/${await slugOf()}/rooms/${roomId}?date=2027-02-10&time=09%3A00`,
    );
    expect(view.qr.size).toBeGreaterThan(20);

    await call(people.manager, 'doorDisplays.updateSettings', { spaceId, showTitles: true, locale: 'en' });
    const shown = active(await stateOf(token));
    expect(shown.locale).toBe('en');
    expect(shown.agenda.map(({ title }) => title)).toEqual(['Comité secret', 'Climate fresk workshop']);
    await call(people.manager, 'doorDisplays.updateSettings', { spaceId, showTitles: false, locale: 'fr' });
  });

  it('is answered 304 by its poll until something it shows changes', async () => {
    const token = await newDisplay();
    const routes = createDoorDisplayRoutes({
      db: file.database.db,
      clock: () => clock.now,
      baseUrl,
      deps: doorDisplayDeps,
      versionTtlMs: 0,
    });
    const poll = (etag?: string) =>
      routes.request(`/${token}/state`, { headers: etag ? { 'If-None-Match': etag } : {} });
    const first = await poll();
    expect(first.status).toBe(200);
    expect(first.headers.get('X-Server-Time')).toBe(clock.now.toISOString());
    const etag = first.headers.get('ETag')!;
    expect(((await first.json()) as TDisplayState).agenda).toHaveLength(2);
    expect((await poll(etag)).status).toBe(304);
    // As the browser sends it back once compression made it weak.
    expect((await poll(`W/${etag}`)).status).toBe(304);

    await book(people.otherMember, '2027-02-10T13:00', '2027-02-10T14:00', 'Point');
    const changed = await poll(etag);
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as TDisplayState).agenda).toHaveLength(3);

    expect((await poll('"nope"')).status).toBe(200);
    // Another display's ETag is sealed with its own secret: it is no use for this one.
    const other = await newDisplay('Tablette porte sud');
    const theirs = (await routes.request(`/${other}/state`)).headers.get('ETag')!;
    expect((await poll(theirs)).status).toBe(200);
    expect((await routes.request(`/${'y'.repeat(43)}/state`)).status).toBe(404);
    expect((await routes.request('/short/state')).status).toBe(404);
  });

  it('shares its room’s view with the room’s other displays, both following a change and the turn of the day', async () => {
    const [north, south] = [await newDisplay('Tablette nord'), await newDisplay('Tablette sud')];
    const routes = createDoorDisplayRoutes({
      db: file.database.db,
      clock: () => clock.now,
      baseUrl,
      deps: doorDisplayDeps,
      versionTtlMs: 0,
    });
    const viewOf = async (token: string) =>
      (await (await routes.request(`/${token}/state`)).json()) as TDisplayState;
    const first = await viewOf(north);
    expect(await viewOf(south)).toMatchObject({
      agenda: first.agenda,
      qr: first.qr,
      nextFree: first.nextFree,
    });

    const added = await book(people.otherMember, '2027-02-10T16:00', '2027-02-10T17:00', 'Rétro');
    const [northAfter, southAfter] = [await viewOf(north), await viewOf(south)];
    expect(northAfter.agenda.map((item) => item.id)).toContain(added.id);
    expect(southAfter.agenda).toEqual(northAfter.agenda);

    clock.set('2027-02-11T08:00');
    const nextDay = await viewOf(south);
    expect(nextDay.now).toBe(clock.now.toISOString());
    expect(nextDay.agenda.map((item) => item.id)).not.toContain(added.id);
    clock.set('2027-02-10T08:00');
  });

  it('checks the current booking in with its code, from when its check-in opens', async () => {
    const token = await newDisplay();
    const [row] = await file.database.db
      .select({ code: reservations.checkInCode })
      .from(reservations)
      .where(eq(reservations.id, booking.id));
    const code = row!.code;
    const wrong = code === '000000' ? '111111' : '000000';
    clock.set('2027-02-10T09:00');
    expect(await codeOf(call(null, 'doorDisplays.checkIn', { token, code }))).toBe(
      'failed-precondition:check-in-not-open',
    );
    clock.set('2027-02-10T10:05');
    expect(active(await stateOf(token)).agenda[0]).toMatchObject({ checkedIn: false });
    expect(await codeOf(call(null, 'doorDisplays.checkIn', { token, code: wrong }))).toBe(
      'invalid-argument:check-in-code',
    );
    const after = active(await call(null, 'doorDisplays.checkIn', { token, code }));
    expect(after.agenda[0]).toMatchObject({ id: booking.id, checkedIn: true });
    clock.set('2027-02-10T08:00');
  });

  it('takes ten codes every ten minutes at most', async () => {
    const token = await newDisplay();
    clock.set('2027-02-10T10:05');
    const tries: string[] = [];
    for (let attempt = 0; attempt < CHECK_IN_ATTEMPTS.max + 1; attempt++) {
      tries.push(await codeOf(call(null, 'doorDisplays.checkIn', { token, code: '999999' })));
    }
    expect(tries.at(-2)).not.toBe('resource-exhausted');
    expect(tries.at(-1)).toBe('resource-exhausted');
    clock.set('2027-02-10T08:00');
  });
});

async function slugOf(): Promise<string> {
  const { spaces } = await import('../../db/schema/spaces');
  const [space] = await file.database.db
    .select({ slug: spaces.slug })
    .from(spaces)
    .where(eq(spaces.id, spaceId));
  return space!.slug;
}

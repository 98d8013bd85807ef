// @databases pglite
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#contract/dates';
import type { TDisplayState } from '#contract/door-displays';
import type { TReservation } from '#contract/reservations';
import {
  answersFor,
  describePermissions,
  permissionTestFile,
  type PermissionCase,
} from '../../../tests/support/permission-matrix';
import { CALLER_ROLES, insertRoom, type CallerRole } from '../../db/factories.fixtures';
import { spaceMembers } from '../../db/schema/memberships';
import { reservations } from '../../db/schema/reservations';
import { doorDisplayDeps } from '../../door-display-deps';
import { reservationsCallables } from '../reservations/reservations.callables';
import { contextFor, localInstant, routerAtClock } from '../reservations/reservations.fixtures';
import { testConfig } from '../../../tests/support/test-config';
import { createDoorDisplayCallables } from './door-displays.callables';
import { createDoorDisplayRoutes } from './door-displays.routes';

/**
 * Who may call each door-display operation (docs/decisions/035-door-displays.md): a space's links and display
 * settings are its owners' and managers' (and admins'), never through another space's id; a display's own two
 * operations (its state, "Je suis là") are authorised by its link's secret alone, whoever is signed in on the
 * tablet: a revoked link, an unknown one and another space's room's link get nothing of this room, through the
 * callables or the display's poll.
 */
const START = new Date(localInstant('2027-04-05T08:00'));
/** The clock of every call: a check-in row moves it into its booking, `afterCall` puts it back. */
let clock = START;
const { router, cast } = permissionTestFile(
  () =>
    routerAtClock([...createDoorDisplayCallables(doorDisplayDeps), ...reservationsCallables], () => clock),
  '2027-04-05T08:00',
);

const ids = { roomId: '', otherRoomId: '', otherSpaceId: '', foreignRoomId: '' };
/** Well-formed (43 base64url characters), the secret of no link. */
const UNKNOWN_TOKEN = 'x'.repeat(43);

const as = (caller: CallerRole) => contextFor(cast.db, cast.sessionOf(caller));

beforeAll(async () => {
  ids.roomId = await insertRoom(cast.db, cast.spaceId, { name: 'Salle Atlas' });
  ids.otherRoomId = await insertRoom(cast.db, cast.spaceId, { name: 'Salle Borée' });
  const [owned] = await cast.db
    .select({ spaceId: spaceMembers.spaceId })
    .from(spaceMembers)
    .where(eq(spaceMembers.userId, cast.people.otherManager.id));
  ids.otherSpaceId = owned!.spaceId;
  ids.foreignRoomId = await insertRoom(cast.db, ids.otherSpaceId, { name: 'Salle Cassiopée' });
});

/** A new link, made by the manager of its space (this space's manager unless told otherwise). */
async function newDisplay(
  place: { spaceId: string; roomId: string; by: CallerRole } = {
    spaceId: cast.spaceId,
    roomId: ids.roomId,
    by: 'manager',
  },
) {
  const { display, url } = (await router.invoke(
    'doorDisplays.create',
    { spaceId: place.spaceId, roomId: place.roomId, name: 'Tablette' },
    as(place.by),
  )) as { display: { id: string }; url: string };
  return { id: display.id, token: url.split('/display/')[1]! };
}

/** A fresh link's secret: each call its own, so that no row meets the check-in's limit of tries. */
const freshToken = async () => (await newDisplay()).token;
const revokedToken = async () => {
  const { id, token } = await newDisplay();
  await router.invoke('doorDisplays.revoke', { spaceId: cast.spaceId, displayId: id }, as('manager'));
  return token;
};
const foreignToken = async () =>
  (await newDisplay({ spaceId: ids.otherSpaceId, roomId: ids.foreignRoomId, by: 'otherManager' })).token;
const otherRoomToken = async () =>
  (await newDisplay({ spaceId: cast.spaceId, roomId: ids.otherRoomId, by: 'manager' })).token;

let dayOffset = 0;

/**
 * A booking of the member's in the room, 10:00–11:00 on a day of its own, and its code; the clock five
 * minutes past its start (its check-in open).
 */
async function currentBooking() {
  const day = addDays('2027-04-06', ++dayOffset);
  clock = START;
  const booking = (await router.invoke(
    'reservations.create',
    {
      roomId: ids.roomId,
      startsAt: localInstant(`${day}T10:00`),
      endsAt: localInstant(`${day}T11:00`),
      attendees: 1,
      idempotencyKey: randomUUID(),
    },
    as('member'),
  )) as TReservation;
  const [row] = await cast.db
    .select({ code: reservations.checkInCode })
    .from(reservations)
    .where(eq(reservations.id, booking.id));
  clock = new Date(Date.parse(booking.startsAt) + 5 * 60_000);
  return { id: booking.id, code: row!.code };
}

/**
 * "Je suis là" on the link `token()` gives, with the current booking's code (or `code` of it). Unless each
 * caller needs their own (`each`: a check-in that succeeds), every caller of the row tries the same booking
 * with the same link: a refusal changes neither, and a link takes ten tries every ten minutes.
 */
const checkInWith = (
  token: () => Promise<string>,
  code: (right: string) => string = (right) => right,
  { each = false } = {},
) => {
  let made: Promise<{ code: string; at: Date; token: string }> | undefined;
  const make = async () => {
    const booking = await currentBooking();
    // The clock `currentBooking` left: five minutes into the booking.
    return { code: booking.code, at: clock, token: await token() };
  };
  return async () => {
    made = made && !each ? made : make();
    const attempt = await made;
    clock = attempt.at;
    return { token: attempt.token, code: code(attempt.code) };
  };
};

/** A display's answer does not depend on who is signed in on the tablet. */
const EVERYONE = (answer: string) => answersFor(CALLER_ROLES, answer);
/** Another space's link or room, named under this space: its managers and admins find no such thing here. */
const ELSEWHERE = answersFor(CALLER_ROLES, 'permission-denied', {
  anonymous: 'unauthenticated',
  manager: 'not-found',
  admin: 'not-found',
});
/** This space's link or room, named under the other space: past that space's role check, nothing is found. */
const UNDER_THE_OTHER_SPACE = answersFor(CALLER_ROLES, 'permission-denied', {
  anonymous: 'unauthenticated',
  otherManager: 'not-found',
  admin: 'not-found',
});

const CASES: Array<PermissionCase<CallerRole>> = [
  { name: 'doorDisplays.list', input: () => ({ spaceId: cast.spaceId }), expected: 'space-managers' },
  {
    name: 'doorDisplays.create',
    input: () => ({ spaceId: cast.spaceId, roomId: ids.roomId, name: 'Tablette porte nord' }),
    expected: 'space-managers',
  },
  {
    name: 'doorDisplays.create',
    label: 'doorDisplays.create for a room of another space, under this space',
    input: () => ({ spaceId: cast.spaceId, roomId: ids.foreignRoomId, name: 'Intruse' }),
    expected: ELSEWHERE,
  },
  {
    name: 'doorDisplays.create',
    label: 'doorDisplays.create for a room of this space, under another space',
    input: () => ({ spaceId: ids.otherSpaceId, roomId: ids.roomId, name: 'Intruse' }),
    expected: UNDER_THE_OTHER_SPACE,
  },
  {
    name: 'doorDisplays.revoke',
    input: async () => ({ spaceId: cast.spaceId, displayId: (await newDisplay()).id }),
    expected: 'space-managers',
  },
  {
    name: 'doorDisplays.revoke',
    label: 'doorDisplays.revoke of another space’s link, under this space',
    input: async () => {
      const foreign = await newDisplay({
        spaceId: ids.otherSpaceId,
        roomId: ids.foreignRoomId,
        by: 'otherManager',
      });
      return { spaceId: cast.spaceId, displayId: foreign.id };
    },
    expected: ELSEWHERE,
  },
  {
    name: 'doorDisplays.revoke',
    label: 'doorDisplays.revoke of this space’s link, under another space',
    input: async () => ({ spaceId: ids.otherSpaceId, displayId: (await newDisplay()).id }),
    expected: UNDER_THE_OTHER_SPACE,
  },
  {
    name: 'doorDisplays.updateSettings',
    input: () => ({ spaceId: cast.spaceId, showTitles: false, locale: 'fr' }),
    expected: 'space-managers',
  },
  {
    name: 'doorDisplays.getState',
    input: async () => ({ token: await freshToken() }),
    expected: 'anyone',
  },
  {
    name: 'doorDisplays.getState',
    label: 'doorDisplays.getState of a revoked link (answered that it was revoked: see below)',
    input: async () => ({ token: await revokedToken() }),
    expected: 'anyone',
  },
  {
    name: 'doorDisplays.getState',
    label: 'doorDisplays.getState of an unknown link',
    input: () => ({ token: UNKNOWN_TOKEN }),
    expected: EVERYONE('not-found'),
  },
  {
    name: 'doorDisplays.getState',
    label: 'doorDisplays.getState of something that is not a link’s secret',
    input: () => ({ token: 'short' }),
    expected: EVERYONE('invalid-argument'),
  },
  {
    name: 'doorDisplays.checkIn',
    label: 'doorDisplays.checkIn with the room’s link and the booking’s code',
    input: checkInWith(freshToken, undefined, { each: true }),
    expected: 'anyone',
  },
  {
    name: 'doorDisplays.checkIn',
    label: 'doorDisplays.checkIn with a wrong code',
    input: checkInWith(freshToken, (right) => (right === '000000' ? '111111' : '000000')),
    expected: EVERYONE('invalid-argument'),
  },
  {
    name: 'doorDisplays.checkIn',
    label: 'doorDisplays.checkIn with a revoked link',
    input: checkInWith(revokedToken),
    expected: EVERYONE('permission-denied'),
  },
  {
    name: 'doorDisplays.checkIn',
    label: 'doorDisplays.checkIn with an unknown link',
    input: checkInWith(async () => UNKNOWN_TOKEN),
    expected: EVERYONE('not-found'),
  },
  {
    name: 'doorDisplays.checkIn',
    label: 'doorDisplays.checkIn with the link of another space’s room and this booking’s code',
    input: checkInWith(foreignToken),
    expected: EVERYONE('failed-precondition'),
  },
  {
    name: 'doorDisplays.checkIn',
    label: 'doorDisplays.checkIn with the link of another room of the space and this booking’s code',
    input: checkInWith(otherRoomToken),
    expected: EVERYONE('failed-precondition'),
  },
];

describePermissions('who may call each door-display operation', {
  router,
  cast,
  cases: CASES,
  operations: /^doorDisplays\./,
  afterCall: () => {
    clock = START;
  },
});

afterEach(() => {
  clock = START;
});

describe('what a link that is not the room’s own shows', () => {
  it('a revoked link only that it was revoked; another space’s link its own room, none of this one’s bookings', async () => {
    const booking = await currentBooking();
    const revoked = await router.invoke(
      'doorDisplays.getState',
      { token: await revokedToken() },
      as('manager'),
    );
    expect(revoked).toEqual({ display: 'revoked', locale: 'fr', roomName: 'Salle Atlas' });

    const foreign = (await router.invoke(
      'doorDisplays.getState',
      { token: await foreignToken() },
      as('manager'),
    )) as TDisplayState;
    expect(foreign).toMatchObject({ display: 'active', roomId: ids.foreignRoomId, agenda: [] });
    expect(JSON.stringify(foreign)).not.toContain(booking.id);

    // Refused at the other space's door, the booking is still waiting for its member.
    const tried = router.invoke(
      'doorDisplays.checkIn',
      { token: await foreignToken(), code: booking.code },
      as('anonymous'),
    );
    await expect(tried).rejects.toMatchObject({ code: 'failed-precondition' });
    const [row] = await cast.db
      .select({ checkedInAt: reservations.checkedInAt })
      .from(reservations)
      .where(eq(reservations.id, booking.id));
    expect(row!.checkedInAt).toBeNull();
  });
});

/** The display's poll, `GET /api/door-displays/<secret>/state`, its space's version read at every poll. */
function pollOf() {
  const routes = createDoorDisplayRoutes({
    db: cast.db,
    clock: () => clock,
    baseUrl: testConfig().baseUrl,
    deps: doorDisplayDeps,
    versionTtlMs: 0,
  });
  return (token: string, etag?: string) =>
    routes.request(`/${token}/state`, { headers: etag ? { 'If-None-Match': etag } : {} });
}

type Poll = ReturnType<typeof pollOf>;
interface PollAnswer {
  status: number;
  /** Whose room the answer shows: this room's, the other space's, or that the link was revoked. */
  shows?: 'room' | 'foreign room' | 'revoked';
  /** Whether it carries an ETag (a version of the space to follow). */
  etag: boolean;
}

const POLLS: Array<[string, (poll: Poll) => Promise<{ token: string; etag?: string }>, PollAnswer]> = [
  [
    'the room’s own link',
    async () => ({ token: await freshToken() }),
    { status: 200, shows: 'room', etag: true },
  ],
  [
    'a revoked link: said so, with no version of its space to follow',
    async () => ({ token: await revokedToken() }),
    { status: 200, shows: 'revoked', etag: false },
  ],
  [
    'a link revoked since its last answer, asking with that answer’s ETag',
    async (poll) => {
      const { id, token } = await newDisplay();
      const etag = (await poll(token)).headers.get('ETag')!;
      await router.invoke('doorDisplays.revoke', { spaceId: cast.spaceId, displayId: id }, as('manager'));
      return { token, etag };
    },
    { status: 200, shows: 'revoked', etag: false },
  ],
  ['an unknown link', async () => ({ token: UNKNOWN_TOKEN }), { status: 404, etag: false }],
  [
    'another space’s room’s link, asking with an ETag of this room’s display',
    async (poll) => {
      const etag = (await poll(await freshToken())).headers.get('ETag')!;
      return { token: await foreignToken(), etag };
    },
    { status: 200, shows: 'foreign room', etag: true },
  ],
];

describe('the display’s poll (GET /api/door-displays/<secret>/state), by link', () => {
  it.each(POLLS)('%s', async (_label, ask, expected) => {
    const poll = pollOf();
    const { token, etag } = await ask(poll);
    const response = await poll(token, etag);
    const body =
      response.status === 200 ? ((await response.json()) as { display: string; roomId?: string }) : null;
    const shows =
      body?.display === 'revoked'
        ? 'revoked'
        : body?.roomId === ids.roomId
          ? 'room'
          : body?.roomId === ids.foreignRoomId
            ? 'foreign room'
            : undefined;
    expect({ status: response.status, shows, etag: response.headers.has('ETag') }).toEqual({
      shows: undefined,
      ...expected,
    });
  });
});

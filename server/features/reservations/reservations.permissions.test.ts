// @databases pglite
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  answersFor,
  describePermissions,
  type PermissionCase,
} from '../../../tests/support/permission-matrix';
import type { TReservation } from '#contract/reservations';
import { testDatabaseForFile } from '../../../tests/support/test-database';
import { contextFor, localInstant, reservationsRouter } from './reservations.fixtures';
import {
  addRole,
  CALLER_ROLES,
  insertCallerCast,
  insertPerson,
  insertRoom,
  insertSpace,
  type CallerRole,
  type TestPerson,
} from '../../db/factories.fixtures';
import { reservationsCallables } from './reservations.callables';

/**
 * Who may call what, for every reservations callable, as eight people: anonymous, a member whose e-mail
 * is not confirmed, the member who booked, another member of the space, an owner of another space, a
 * manager of the space, its owner, a platform admin. Each case starts from fresh data.
 */
const NOW = new Date(localInstant('2027-04-05T08:00'));
let clock = NOW;
const router = reservationsRouter(() => clock);

/** The usual callers, with the space's owner before the admin. */
type Persona = CallerRole | 'owner';
const PERSONAS: Persona[] = [...CALLER_ROLES.filter((role) => role !== 'admin'), 'owner', 'admin'];

const database = testDatabaseForFile();
let spaceId: string;
let draftSpaceId: string;
let roomId: string;
let approvalRoomId: string;
let people = {} as Record<Exclude<Persona, 'anonymous'>, TestPerson>;
let dayOffset = 0;

beforeAll(async () => {
  const cast = await insertCallerCast(database.db, { otherMemberInSpace: true });
  spaceId = cast.spaceId;
  people = { ...cast.people, owner: await insertPerson(database.db) };
  await addRole(database.db, spaceId, people.owner.id, 'owner');
  roomId = await insertRoom(database.db, spaceId, { maxDurationMinutes: 600 });
  approvalRoomId = await insertRoom(database.db, spaceId, { requiresApproval: true });
  draftSpaceId = await insertSpace(database.db, { status: 'draft' });
  await addRole(database.db, draftSpaceId, people.otherManager.id, 'manager');
  await addRole(database.db, draftSpaceId, people.member.id, 'member');
});

function sessionOf(persona: Persona) {
  return persona === 'anonymous' ? null : people[persona].session;
}

/** A fresh booking by the member, each on its own day so they never collide. */
async function memberBooking(options: { approval?: boolean } = {}): Promise<TReservation> {
  dayOffset++;
  const day = new Date(Date.parse('2027-04-06T00:00:00Z') + dayOffset * 86_400_000)
    .toISOString()
    .slice(0, 10);
  clock = NOW;
  return (await router.invoke(
    'reservations.create',
    {
      roomId: options.approval ? approvalRoomId : roomId,
      startsAt: localInstant(`${day}T10:00`),
      endsAt: localInstant(`${day}T11:00`),
      attendees: 1,
      idempotencyKey: randomUUID(),
    },
    contextFor(database.db, people.member.session),
  )) as TReservation;
}

/** A fresh booking of the member's, the clock ten minutes past its start. */
async function startedBooking() {
  const booking = await memberBooking();
  clock = new Date(Date.parse(booking.startsAt) + 10 * 60_000);
  return { id: booking.id };
}

/** Something of the member's: others do not learn it exists. */
const OWN_OR_MANAGER = answersFor(PERSONAS, 'not-found', {
  anonymous: 'unauthenticated',
  member: 'ok',
  manager: 'ok',
  owner: 'ok',
  admin: 'ok',
});
/** A manager's action on the member's reservation: the member may see it, not act on it. */
const MANAGER_ACTION: Record<Persona, string> = { ...OWN_OR_MANAGER, member: 'permission-denied' };
/** Inside the free-cancellation window: the member no longer cancels, the space's managers still do. */
const MANAGERS_ONLY_LATE: Record<Persona, string> = { ...OWN_OR_MANAGER, member: 'failed-precondition' };
/** The member's own request to the space: the managers can see the booking but do not ask themselves. */
const MEMBER_ONLY: Record<Persona, string> = {
  ...OWN_OR_MANAGER,
  manager: 'permission-denied',
  owner: 'permission-denied',
  admin: 'permission-denied',
};

const CASES: Array<PermissionCase<Persona>> = [
  {
    name: 'reservations.getAvailability',
    expected: 'anyone',
    input: async () => ({ roomId, from: '2027-04-06', to: '2027-04-12' }),
  },
  {
    name: 'reservations.getSpaceAvailability',
    expected: 'anyone',
    input: async () => ({ spaceId, from: '2027-04-06', to: '2027-04-06' }),
  },
  {
    name: 'reservations.quote',
    expected: 'anyone',
    input: async () => ({
      roomId,
      startsAt: localInstant('2027-04-06T10:00'),
      endsAt: localInstant('2027-04-06T12:00'),
      attendees: 2,
    }),
  },
  { name: 'reservations.getPolicy', expected: 'anyone', input: async () => ({ spaceId }) },
  {
    name: 'reservations.create',
    expected: 'confirmed',
    input: async () => {
      dayOffset++;
      const day = new Date(Date.parse('2027-04-06T00:00:00Z') + dayOffset * 86_400_000)
        .toISOString()
        .slice(0, 10);
      return {
        roomId,
        startsAt: localInstant(`${day}T14:00`),
        endsAt: localInstant(`${day}T15:00`),
        attendees: 1,
        idempotencyKey: randomUUID(),
      };
    },
  },
  {
    name: 'reservations.get',
    expected: OWN_OR_MANAGER,
    input: async () => ({ id: (await memberBooking()).id }),
  },
  { name: 'reservations.listMine', expected: 'signed-in', input: async () => ({ scope: 'upcoming' }) },
  {
    name: 'reservations.cancel',
    expected: OWN_OR_MANAGER,
    input: async (persona) => ({
      id: (await memberBooking()).id,
      ...(persona === 'member' ? {} : { reason: 'Fermeture exceptionnelle' }),
    }),
  },
  {
    name: 'reservations.cancel',
    label: 'reservations.cancel, inside the free-cancellation window (a manager gives a reason)',
    expected: MANAGERS_ONLY_LATE,
    input: async (persona) => {
      const booking = await memberBooking();
      clock = new Date(Date.parse(booking.startsAt) - 60 * 60_000);
      return { id: booking.id, ...(persona === 'member' ? {} : { reason: 'Fermeture exceptionnelle' }) };
    },
  },
  {
    name: 'reservations.cancel',
    label: 'reservations.cancel, by someone else than its member without a reason',
    expected: {
      ...OWN_OR_MANAGER,
      manager: 'invalid-argument',
      owner: 'invalid-argument',
      admin: 'invalid-argument',
    },
    input: async () => ({ id: (await memberBooking()).id }),
  },
  {
    name: 'reservations.requestCancellation',
    expected: MEMBER_ONLY,
    input: async () => {
      const booking = await memberBooking();
      clock = new Date(Date.parse(booking.startsAt) - 60 * 60_000);
      return { id: booking.id, message: 'Malade' };
    },
  },
  {
    name: 'reservations.approve',
    expected: MANAGER_ACTION,
    input: async () => ({ id: (await memberBooking({ approval: true })).id }),
  },
  {
    name: 'reservations.decline',
    expected: MANAGER_ACTION,
    input: async () => ({ id: (await memberBooking({ approval: true })).id, reason: 'Complet' }),
  },
  { name: 'reservations.checkIn', expected: OWN_OR_MANAGER, input: startedBooking },
  {
    name: 'reservations.markNoShow',
    expected: MANAGER_ACTION,
    input: startedBooking,
  },
  {
    name: 'reservations.markCompleted',
    expected: MANAGER_ACTION,
    input: startedBooking,
  },
  { name: 'reservations.listManagedSpaces', expected: 'signed-in', input: async () => ({}) },
  { name: 'reservations.listForApproval', expected: 'space-managers', input: async () => ({ spaceId }) },
  {
    name: 'reservations.countAwaitingDecision',
    expected: 'space-managers',
    input: async () => ({ spaceId }),
  },
  {
    name: 'reservations.countArrivals',
    expected: 'space-managers',
    input: async () => ({ spaceId, date: '2027-04-07' }),
  },
  {
    name: 'reservations.spaceCalendar',
    expected: 'space-managers',
    input: async () => ({ spaceId, date: '2027-04-07' }),
  },
  {
    name: 'reservations.updatePolicy',
    expected: 'space-managers',
    input: async () => ({ spaceId, freeCancellationHours: 24 }),
  },
  {
    name: 'reservations.updatePolicy',
    label: 'reservations.updatePolicy with its check-in part (unclaimed bookings released, credits back)',
    expected: 'space-managers',
    // A grace period longer than `startedBooking`'s ten minutes: the check-in rows still find theirs open.
    input: async () => ({
      spaceId,
      freeCancellationHours: 24,
      checkIn: { releaseUnclaimed: true, graceMinutes: 30, noShowRefund: 'credits', opensMinutes: 15 },
    }),
  },
  { name: 'reservations.getFeed', expected: 'signed-in', input: async () => ({}) },
  { name: 'reservations.createFeedToken', expected: 'signed-in', input: async () => ({}) },
  { name: 'reservations.revokeFeedToken', expected: 'signed-in', input: async () => ({}) },
];

describePermissions('who may call each reservations operation', {
  router,
  cast: {
    get db() {
      return database.db;
    },
    sessionOf,
  },
  callers: PERSONAS,
  cases: [
    ...CASES,
    {
      name: 'reservations.getPolicy',
      label:
        'reservations.getPolicy of a space that is not published (told only to those who run it; others get not-found)',
      input: async () => ({ spaceId: draftSpaceId }),
      expected: answersFor(PERSONAS, 'not-found', { otherManager: 'ok', admin: 'ok' }),
    },
  ],
  operations: /^reservations\./,
  afterCall: () => {
    clock = NOW;
  },
});

it('serves exactly the reservations API', () => {
  expect(reservationsCallables.map((implementation) => implementation.def.name).sort()).toEqual(
    router
      .definitions()
      .map((definition) => definition.name)
      .sort(),
  );
});

describe('who manages what', () => {
  it('shows each manager only their own spaces; an admin sees them all', async () => {
    const list = async (persona: Persona) =>
      (
        (await router.invoke(
          'reservations.listManagedSpaces',
          {},
          contextFor(database.db, sessionOf(persona)),
        )) as Array<{
          id: string;
        }>
      ).map((space) => space.id);
    expect(await list('member')).toEqual([]);
    expect(await list('manager')).toEqual([spaceId]);
    expect(await list('otherManager')).not.toContain(spaceId);
    expect(await list('admin')).toContain(spaceId);
  });
});

// @databases pglite
import { beforeAll } from 'vitest';
import {
  ANYONE,
  answersFor,
  CONFIRMED,
  describePermissions,
  SPACE_MANAGERS,
  type PermissionCase,
} from '../../../tests/support/permission-matrix';
import { testDatabaseForFile } from '../../../tests/support/test-database';
import { contextFor, localInstant } from '../reservations/reservations.fixtures';
import { CALLER_ROLES, insertCallerCast, type CallerRole } from '../../db/factories.fixtures';
import { eventsRouter, publishedEvent, WORKSHOP } from './events.fixtures';

/**
 * Who may call each events operation: pages and lists are public; registering and the offers need a
 * session (and a confirmed address to register); running events is for the space's owners and managers,
 * and admins.
 */
const NOW = new Date(localInstant('2027-02-01T08:00'));
const router = eventsRouter(() => NOW);
const database = testDatabaseForFile();
let people = {} as Awaited<ReturnType<typeof insertCallerCast>>['people'];
let spaceId = '';

beforeAll(async () => {
  ({ spaceId, people } = await insertCallerCast(database.db));
});

const sessionOf = (role: CallerRole) => (role === 'anonymous' ? null : people[role].session);

const event = () => publishedEvent(router, database.db, people.manager, spaceId);
const draft = async () =>
  (
    (await router.invoke(
      'events.create',
      { spaceId, event: WORKSHOP },
      contextFor(database.db, people.manager.session),
    )) as { id: string }
  ).id;

/** Nobody holds an offer here: each is told so (the waitlist tests accept and decline real offers). */
const NO_OFFER = answersFor(CALLER_ROLES, 'failed-precondition', { anonymous: 'unauthenticated' });

/** Each operation: what its input is for a role (made fresh when it changes something), and who may. */
const CASES: Record<string, Omit<PermissionCase<CallerRole>, 'name'>> = {
  'events.get': {
    input: async () => ({ id: await event() }),
    expected: ANYONE,
  },
  'events.listUpcoming': {
    input: async () => ({ spaceId }),
    expected: ANYONE,
  },
  'events.register': {
    input: async () => ({ eventId: await event() }),
    expected: CONFIRMED,
  },
  'events.cancelRegistration': {
    input: async (role) => {
      const eventId = await event();
      if (role !== 'anonymous' && role !== 'unconfirmed') {
        await router.invoke('events.register', { eventId }, contextFor(database.db, sessionOf(role)));
      }
      return { eventId };
    },
    expected: CONFIRMED,
  },
  'events.acceptOffer': {
    input: async () => ({ eventId: await event() }),
    expected: NO_OFFER,
  },
  'events.declineOffer': {
    input: async () => ({ eventId: await event() }),
    expected: NO_OFFER,
  },
  'events.listManaged': { input: async () => ({ spaceId }), expected: SPACE_MANAGERS },
  'events.getManaged': { input: async () => ({ id: await event() }), expected: SPACE_MANAGERS },
  'events.create': { input: async () => ({ spaceId, event: WORKSHOP }), expected: SPACE_MANAGERS },
  'events.update': {
    input: async () => ({ id: await draft(), event: { ...WORKSHOP, capacity: 12 } }),
    expected: SPACE_MANAGERS,
  },
  'events.publish': { input: async () => ({ id: await draft() }), expected: SPACE_MANAGERS },
  'events.cancel': { input: async () => ({ id: await event() }), expected: SPACE_MANAGERS },
  'events.duplicate': { input: async () => ({ id: await event() }), expected: SPACE_MANAGERS },
  'events.listAttendees': { input: async () => ({ id: await event() }), expected: SPACE_MANAGERS },
  'events.checkIn': {
    input: async () => {
      const eventId = await event();
      const registration = (await router.invoke(
        'events.register',
        { eventId },
        contextFor(database.db, people.otherMember.session),
      )) as { id: string };
      return { registrationId: registration.id, present: true };
    },
    expected: SPACE_MANAGERS,
  },
  'events.markPaid': {
    // A paid place bought at price by another member, awaiting payment.
    input: async () => {
      const eventId = await publishedEvent(router, database.db, people.manager, spaceId, {
        priceExclVatCents: 1500,
      });
      const registration = (await router.invoke(
        'events.register',
        { eventId, payWith: 'price', paymentMethod: 'on_site' },
        contextFor(database.db, people.otherMember.session),
      )) as { id: string };
      return { registrationId: registration.id };
    },
    expected: SPACE_MANAGERS,
  },
  'events.updateSettings': { input: async () => ({ spaceId, offerHours: 12 }), expected: SPACE_MANAGERS },
};

describePermissions('events permissions', {
  router,
  db: () => database.db,
  callers: CALLER_ROLES,
  sessionOf,
  cases: [
    ...Object.entries(CASES).map(([name, row]) => ({ name, ...row })),
    {
      name: 'events.get',
      label: 'events.get of a draft (hidden from everyone but those who run its space)',
      input: async () => ({ id: await draft() }),
      expected: answersFor(CALLER_ROLES, 'not-found', { manager: 'ok', admin: 'ok' }),
    },
  ],
  operations: /^events\./,
});

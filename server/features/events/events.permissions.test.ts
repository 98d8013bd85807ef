// @databases pglite
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { Database } from '../../db/client';
import {
  CALLER_ROLES,
  callerOutcome,
  contextFor,
  insertCallerCast,
  localInstant,
  type CallerRole,
} from '../reservations/reservations.fixtures';
import { eventsRouter, publishedEvent, WORKSHOP } from './events.fixtures';

/**
 * Who may call each events operation: pages and lists are public; registering and the offers need a
 * session (and a confirmed address to register); running events is for the space's owners and managers,
 * and admins.
 */
const NOW = new Date(localInstant('2027-02-01T08:00'));
const router = eventsRouter(() => NOW);
let database: Database;
type Role = CallerRole;
const ROLES = CALLER_ROLES;
let people = {} as Awaited<ReturnType<typeof insertCallerCast>>['people'];
let spaceId = '';

beforeAll(async () => {
  database = await createTestDatabase();
  ({ spaceId, people } = await insertCallerCast(database.db));
});
afterAll(() => database.close());

const sessionOf = (role: Role) => (role === 'anonymous' ? null : people[role].session);

const outcome = (role: Role, name: string, input: unknown) =>
  callerOutcome(router, database.db, sessionOf(role), name, input);

const event = () => publishedEvent(router, database.db, people.manager, spaceId);
const draft = async () =>
  (
    (await router.invoke(
      'events.create',
      { spaceId, event: WORKSHOP },
      contextFor(database.db, people.manager.session),
    )) as { id: string }
  ).id;

const MANAGERS_ONLY = {
  anonymous: 'unauthenticated',
  unconfirmed: 'permission-denied',
  member: 'permission-denied',
  otherMember: 'permission-denied',
  otherManager: 'permission-denied',
  manager: 'ok',
  admin: 'ok',
} satisfies Record<Role, string>;

/** Each operation: what its input is for a role (made fresh when it changes something), and who may. */
const CASES: Record<string, { input: (role: Role) => Promise<unknown>; expected: Record<Role, string> }> = {
  'events.get': {
    input: async () => ({ id: await event() }),
    expected: {
      anonymous: 'ok',
      unconfirmed: 'ok',
      member: 'ok',
      otherMember: 'ok',
      otherManager: 'ok',
      manager: 'ok',
      admin: 'ok',
    },
  },
  'events.listUpcoming': {
    input: async () => ({ spaceId }),
    expected: {
      anonymous: 'ok',
      unconfirmed: 'ok',
      member: 'ok',
      otherMember: 'ok',
      otherManager: 'ok',
      manager: 'ok',
      admin: 'ok',
    },
  },
  'events.register': {
    input: async () => ({ eventId: await event() }),
    expected: {
      anonymous: 'unauthenticated',
      unconfirmed: 'failed-precondition',
      member: 'ok',
      otherMember: 'ok',
      otherManager: 'ok',
      manager: 'ok',
      admin: 'ok',
    },
  },
  'events.cancelRegistration': {
    input: async (role) => {
      const eventId = await event();
      if (role !== 'anonymous' && role !== 'unconfirmed') {
        await router.invoke('events.register', { eventId }, contextFor(database.db, sessionOf(role)));
      }
      return { eventId };
    },
    expected: {
      anonymous: 'unauthenticated',
      unconfirmed: 'failed-precondition',
      member: 'ok',
      otherMember: 'ok',
      otherManager: 'ok',
      manager: 'ok',
      admin: 'ok',
    },
  },
  // Nobody holds an offer here: each is told so (the waitlist tests accept and decline real offers).
  'events.acceptOffer': {
    input: async () => ({ eventId: await event() }),
    expected: {
      anonymous: 'unauthenticated',
      unconfirmed: 'failed-precondition',
      member: 'failed-precondition',
      otherMember: 'failed-precondition',
      otherManager: 'failed-precondition',
      manager: 'failed-precondition',
      admin: 'failed-precondition',
    },
  },
  'events.declineOffer': {
    input: async () => ({ eventId: await event() }),
    expected: {
      anonymous: 'unauthenticated',
      unconfirmed: 'failed-precondition',
      member: 'failed-precondition',
      otherMember: 'failed-precondition',
      otherManager: 'failed-precondition',
      manager: 'failed-precondition',
      admin: 'failed-precondition',
    },
  },
  'events.listManaged': { input: async () => ({ spaceId }), expected: MANAGERS_ONLY },
  'events.getManaged': { input: async () => ({ id: await event() }), expected: MANAGERS_ONLY },
  'events.create': { input: async () => ({ spaceId, event: WORKSHOP }), expected: MANAGERS_ONLY },
  'events.update': {
    input: async () => ({ id: await draft(), event: { ...WORKSHOP, capacity: 12 } }),
    expected: MANAGERS_ONLY,
  },
  'events.publish': { input: async () => ({ id: await draft() }), expected: MANAGERS_ONLY },
  'events.cancel': { input: async () => ({ id: await event() }), expected: MANAGERS_ONLY },
  'events.duplicate': { input: async () => ({ id: await event() }), expected: MANAGERS_ONLY },
  'events.listAttendees': { input: async () => ({ id: await event() }), expected: MANAGERS_ONLY },
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
    expected: MANAGERS_ONLY,
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
    expected: MANAGERS_ONLY,
  },
  'events.updateSettings': { input: async () => ({ spaceId, offerHours: 12 }), expected: MANAGERS_ONLY },
};

describe('events permissions', () => {
  it('covers every events operation', () => {
    const names = router
      .definitions()
      .map((def) => def.name)
      .filter((name) => name.startsWith('events.'))
      .sort();
    expect(Object.keys(CASES).sort()).toEqual(names);
  });

  it.each(Object.entries(CASES))('%s answers each role as it should', async (name, testCase) => {
    const answers: Record<string, string> = {};
    for (const role of ROLES) answers[role] = await outcome(role, name, await testCase.input(role));
    expect(answers).toEqual(testCase.expected);
  });

  it('hides a draft from everyone but those who run its space', async () => {
    const id = await draft();
    const answers: Record<string, string> = {};
    for (const role of ROLES) answers[role] = await outcome(role, 'events.get', { id });
    expect(answers).toEqual({
      anonymous: 'not-found',
      unconfirmed: 'not-found',
      member: 'not-found',
      otherMember: 'not-found',
      otherManager: 'not-found',
      manager: 'ok',
      admin: 'ok',
    });
  });
});

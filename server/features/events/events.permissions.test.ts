// @databases pglite
import {
  answersFor,
  describePermissions,
  permissionTestFile,
  type PermissionCase,
} from '../../../tests/support/permission-matrix';
import { contextFor } from '../reservations/reservations.fixtures';
import { CALLER_ROLES, type CallerRole } from '../../db/factories.fixtures';
import { eventsRouter, publishedEvent, WORKSHOP } from './events.fixtures';

/**
 * Who may call each events operation: pages and lists are public; registering and the offers need a
 * session (and a confirmed address to register); running events is for the space's owners and managers,
 * and admins.
 */
const { router, cast } = permissionTestFile(eventsRouter, '2027-02-01T08:00');

const event = () => publishedEvent(router, cast.db, cast.people.manager, cast.spaceId);
const draft = async () =>
  (
    (await router.invoke(
      'events.create',
      { spaceId: cast.spaceId, event: WORKSHOP },
      contextFor(cast.db, cast.people.manager.session),
    )) as { id: string }
  ).id;

/** Nobody holds an offer here: each is told so (the waitlist tests accept and decline real offers). */
const NO_OFFER = answersFor(CALLER_ROLES, 'failed-precondition', { anonymous: 'unauthenticated' });

/** Each operation: what its input is for a role (made fresh when it changes something), and who may. */
const CASES: Record<string, Omit<PermissionCase<CallerRole>, 'name'>> = {
  'events.get': {
    input: async () => ({ id: await event() }),
    expected: 'anyone',
  },
  'events.listUpcoming': {
    input: async () => ({ spaceId: cast.spaceId }),
    expected: 'anyone',
  },
  'events.register': {
    input: async () => ({ eventId: await event() }),
    expected: 'confirmed',
  },
  'events.cancelRegistration': {
    input: async (role) => {
      const eventId = await event();
      if (role !== 'anonymous' && role !== 'unconfirmed') {
        await router.invoke('events.register', { eventId }, contextFor(cast.db, cast.sessionOf(role)));
      }
      return { eventId };
    },
    expected: 'confirmed',
  },
  'events.acceptOffer': {
    input: async () => ({ eventId: await event() }),
    expected: NO_OFFER,
  },
  'events.declineOffer': {
    input: async () => ({ eventId: await event() }),
    expected: NO_OFFER,
  },
  'events.listManaged': { input: async () => ({ spaceId: cast.spaceId }), expected: 'space-managers' },
  'events.getManaged': { input: async () => ({ id: await event() }), expected: 'space-managers' },
  'events.countOnDay': {
    input: async () => ({ spaceId: cast.spaceId, date: '2027-04-07' }),
    expected: 'space-managers',
  },
  'events.create': {
    input: async () => ({ spaceId: cast.spaceId, event: WORKSHOP }),
    expected: 'space-managers',
  },
  'events.update': {
    input: async () => ({ id: await draft(), event: { ...WORKSHOP, capacity: 12 } }),
    expected: 'space-managers',
  },
  'events.publish': { input: async () => ({ id: await draft() }), expected: 'space-managers' },
  'events.cancel': { input: async () => ({ id: await event() }), expected: 'space-managers' },
  'events.duplicate': { input: async () => ({ id: await event() }), expected: 'space-managers' },
  'events.listAttendees': { input: async () => ({ id: await event() }), expected: 'space-managers' },
  'events.checkIn': {
    input: async () => {
      const eventId = await event();
      const registration = (await router.invoke(
        'events.register',
        { eventId },
        contextFor(cast.db, cast.people.otherMember.session),
      )) as { id: string };
      return { registrationId: registration.id, present: true };
    },
    expected: 'space-managers',
  },
  'events.markPaid': {
    // A paid place bought at price by another member, awaiting payment.
    input: async () => {
      const eventId = await publishedEvent(router, cast.db, cast.people.manager, cast.spaceId, {
        priceExclVatCents: 1500,
      });
      const registration = (await router.invoke(
        'events.register',
        { eventId, payWith: 'price', paymentMethod: 'on_site' },
        contextFor(cast.db, cast.people.otherMember.session),
      )) as { id: string };
      return { registrationId: registration.id };
    },
    expected: 'space-managers',
  },
  'events.updateSettings': {
    input: async () => ({ spaceId: cast.spaceId, offerHours: 12 }),
    expected: 'space-managers',
  },
};

describePermissions('events permissions', {
  router,
  cast,
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

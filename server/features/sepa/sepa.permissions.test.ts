// @databases pglite
import { beforeAll } from 'vitest';
import {
  answersFor,
  describePermissions,
  permissionTestFile,
  type PermissionCase,
} from '../../../tests/support/permission-matrix';
import { issueInvoice } from '../../billing/invoicing';
import { CALLER_ROLES, type CallerRole } from '../../db/factories.fixtures';
import { log } from '../../platform/log';
import { systemContext, unitOfWork } from '../../platform/service-context';
import { daySale, giveBillingDetails, setLegalIdentity } from '../invoices/invoices.fixtures';
import { contextFor, routerAtClock } from '../reservations/reservations.fixtures';
import { sepaCallables } from './sepa.callables';

/**
 * Who may call each SEPA operation (docs/decisions/032): a customer of the space signs and revokes their own
 * mandate (the input names the space only: nobody reaches another person's); the space's owners and managers,
 * and admins, see its members' mandates and run its collections.
 */
const { router, cast, now } = permissionTestFile(
  (clock) => routerAtClock(sepaCallables, clock),
  '2027-03-10T10:00',
);
/** Past the pre-notification delay (14 days) and the invoices' due date (30 days after 10 March). */
const COLLECTION_DATE = '2027-04-15';

beforeAll(async () => {
  await setLegalIdentity(cast.db, cast.spaceId);
  await giveBillingDetails(cast.db, cast.people.member.id);
});

/** A mandate to the space, as its form sends it. */
const mandateForm = () => ({
  spaceId: cast.spaceId,
  debtorName: 'Camille Martin',
  iban: 'FR7630006000011234567890189',
  accepted: true,
});

/** `caller` signs a mandate to the space (a new version when they hold one). */
const sign = (caller: CallerRole) =>
  router.invoke('sepa.sign', mandateForm(), contextFor(cast.db, cast.sessionOf(caller)));

/** An invoice of the member's due before the collection date, under their mandate: something to collect. */
async function somethingDue() {
  await sign('member');
  await unitOfWork(systemContext({ db: cast.db, log, now }), (work) =>
    issueInvoice(work, daySale(cast.spaceId, cast.people.member.id), 'explicit'),
  );
}

/**
 * A customer's own act: the space's member and its manager (a role there) may; signed-in people who are not
 * its customers, or hold no mandate, are told why (`not-a-member`, `no-mandate`).
 */
const CUSTOMERS = answersFor(CALLER_ROLES, 'failed-precondition', {
  anonymous: 'unauthenticated',
  member: 'ok',
  manager: 'ok',
});

const CASES: Array<PermissionCase<CallerRole>> = [
  { name: 'sepa.listMine', input: () => ({}), expected: 'signed-in' },
  { name: 'sepa.sign', input: mandateForm, expected: CUSTOMERS },
  {
    name: 'sepa.revoke',
    // Each caller revokes their own mandate: those who may sign one hold one first.
    input: async (caller) => {
      if (caller === 'member' || caller === 'manager') await sign(caller);
      return { spaceId: cast.spaceId };
    },
    expected: CUSTOMERS,
  },
  { name: 'sepa.listSpace', input: () => ({ spaceId: cast.spaceId }), expected: 'space-managers' },
  {
    name: 'sepa.previewCollection',
    input: () => ({ spaceId: cast.spaceId, collectionDate: COLLECTION_DATE }),
    expected: 'space-managers',
  },
  {
    name: 'sepa.createCollection',
    input: async () => {
      await somethingDue();
      return { spaceId: cast.spaceId, collectionDate: COLLECTION_DATE };
    },
    expected: 'space-managers',
  },
  { name: 'sepa.listCollections', input: () => ({ spaceId: cast.spaceId }), expected: 'space-managers' },
];

describePermissions('who may call each SEPA operation', {
  router,
  cast,
  cases: CASES,
  operations: /^sepa\./,
});

// @databases pglite
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import {
  answersFor,
  describePermissions,
  permissionTestFile,
  type PermissionCase,
} from '../../../tests/support/permission-matrix';
import { rowsOf } from '../../db/rows';
import { contextFor } from '../reservations/reservations.fixtures';
import { CALLER_ROLES, type CallerRole } from '../../db/factories.fixtures';
import { insertFormula, setActivation } from '../formulas/formulas.fixtures';
import {
  COMPLETE_IDENTITY,
  CONSUMER_ADDRESS,
  giveBillingDetails,
  invoicesRouter,
  setLegalIdentity,
} from './invoices.fixtures';
import { EMPTY_BILLING } from '../../billing/parties';

/**
 * Who may call each invoicing operation: a member reads their own invoices and billing details; only the
 * space's owners and managers (and admins) see its identity and invoices, record payments, credit, verify
 * and close. Someone else's invoice is `not-found`; its buyer asking a manager's action gets `permission-denied`.
 */
const { router, cast } = permissionTestFile(invoicesRouter, '2027-03-10T10:00');
type Role = Exclude<CallerRole, 'unconfirmed'>;
const ROLES = CALLER_ROLES.filter((role): role is Role => role !== 'unconfirmed');
const ids = { formulaId: '' };

beforeAll(async () => {
  await setLegalIdentity(cast.db, cast.spaceId);
  await setActivation(cast.db, cast.spaceId, 'purchase');
  ids.formulaId = await insertFormula(cast.db, cast.spaceId);
  await giveBillingDetails(cast.db, cast.people.member.id);
});

/** A fresh invoice of the member's (they buy a pack). */
async function freshInvoice(): Promise<string> {
  await router.invoke(
    'formulas.buy',
    { formulaId: ids.formulaId, paymentMethod: 'on_site', idempotencyKey: randomUUID() },
    contextFor(cast.db, cast.people.member.session),
  );
  const [row] = await rowsOf<{ id: string }>(
    cast.db,
    sql`SELECT id FROM invoices WHERE buyer_user_id = ${cast.people.member.id} AND kind = 'invoice' ORDER BY sequence DESC LIMIT 1`,
  );
  return row!.id;
}

/** A manager's action on the member's invoice: its buyer is refused, people of other spaces do not see it. */
const MANAGER_ACTION = answersFor(ROLES, 'not-found', {
  anonymous: 'unauthenticated',
  member: 'permission-denied',
  manager: 'ok',
  admin: 'ok',
});
/** Each role closes its own month, so that no closing finds its month already closed. */
const MONTHS: Record<Role, string> = {
  anonymous: '2026-01',
  member: '2026-02',
  otherMember: '2026-03',
  otherManager: '2026-04',
  manager: '2026-05',
  admin: '2026-06',
};

const CASES: Array<PermissionCase<Role>> = [
  {
    name: 'invoicing.getIdentity',
    input: () => ({ spaceId: cast.spaceId }),
    expected: 'space-managers',
  },
  {
    name: 'invoicing.updateIdentity',
    input: () => ({ spaceId: cast.spaceId, ...COMPLETE_IDENTITY }),
    expected: 'space-managers',
  },
  {
    name: 'billing.get',
    input: () => ({}),
    expected: 'signed-in',
  },
  {
    name: 'billing.update',
    // The member keeps an address: their purchases below cost more than a simplified invoice allows.
    input: () => ({ ...EMPTY_BILLING, ...CONSUMER_ADDRESS, name: 'A' }),
    expected: 'signed-in',
  },
  {
    name: 'invoices.listMine',
    input: () => ({}),
    expected: 'signed-in',
  },
  {
    name: 'invoices.listSpace',
    input: () => ({ spaceId: cast.spaceId }),
    expected: 'space-managers',
  },
  {
    name: 'invoices.countUnpaid',
    input: () => ({ spaceId: cast.spaceId }),
    expected: 'space-managers',
  },
  {
    name: 'invoices.recordPayment',
    input: async () => ({
      invoiceId: await freshInvoice(),
      amountCents: 100,
      method: 'cash',
      paidOn: '2027-03-10',
    }),
    expected: MANAGER_ACTION,
  },
  {
    name: 'invoices.credit',
    input: async () => ({ invoiceId: await freshInvoice(), reason: 'Erreur' }),
    expected: MANAGER_ACTION,
  },
  {
    name: 'invoices.verifyChain',
    input: () => ({ spaceId: cast.spaceId }),
    expected: 'space-managers',
  },
];

describePermissions('who may call each invoicing operation', {
  router,
  cast,
  callers: ROLES,
  cases: [
    ...CASES,
    {
      name: 'invoices.closeMonth',
      label: 'invoices.closeMonth (each role closing its own month)',
      input: (role) => ({ spaceId: cast.spaceId, month: MONTHS[role] }),
      expected: 'space-managers',
    },
  ],
  operations: /^(invoicing|billing|invoices)\./,
});

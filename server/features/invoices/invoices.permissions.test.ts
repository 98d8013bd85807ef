// @databases pglite
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import {
  answersFor,
  describePermissions,
  type PermissionCase,
} from '../../../tests/support/permission-matrix';
import { testDatabaseForFile } from '../../../tests/support/test-database';
import { rowsOf } from '../../db/rows';
import { contextFor, localInstant } from '../reservations/reservations.fixtures';
import { CALLER_ROLES, insertCallerCast, type CallerRole } from '../../db/factories.fixtures';
import { insertFormula, setActivation } from '../formulas/formulas.fixtures';
import { COMPLETE_IDENTITY, invoicesRouter, setLegalIdentity } from './invoices.fixtures';

/**
 * Who may call each invoicing operation: a member reads their own invoices and billing details; only the
 * space's owners and managers (and admins) see its identity and invoices, record payments, credit, verify
 * and close. Someone else's invoice is `not-found`; its buyer asking a manager's action gets `permission-denied`.
 */
const NOW = new Date(localInstant('2027-03-10T10:00'));
const router = invoicesRouter(() => NOW);
const database = testDatabaseForFile();
type Role = Exclude<CallerRole, 'unconfirmed'>;
const ROLES = CALLER_ROLES.filter((role): role is Role => role !== 'unconfirmed');
let people = {} as Awaited<ReturnType<typeof insertCallerCast>>['people'];
const ids = { spaceId: '', formulaId: '' };

beforeAll(async () => {
  ({ spaceId: ids.spaceId, people } = await insertCallerCast(database.db));
  await setLegalIdentity(database.db, ids.spaceId);
  await setActivation(database.db, ids.spaceId, 'purchase');
  ids.formulaId = await insertFormula(database.db, ids.spaceId);
});

/** A fresh invoice of the member's (they buy a pack). */
async function freshInvoice(): Promise<string> {
  await router.invoke(
    'formulas.buy',
    { formulaId: ids.formulaId, paymentMethod: 'on_site', idempotencyKey: randomUUID() },
    contextFor(database.db, people.member.session),
  );
  const [row] = await rowsOf<{ id: string }>(
    database.db,
    sql`SELECT id FROM invoices WHERE buyer_user_id = ${people.member.id} AND kind = 'invoice' ORDER BY sequence DESC LIMIT 1`,
  );
  return row!.id;
}

/** Anyone signed in. */
const SIGNED_IN = answersFor(ROLES, 'ok', { anonymous: 'unauthenticated' });
/** The space's owners and managers, and admins. */
const SPACE_MANAGERS = answersFor(ROLES, 'permission-denied', {
  anonymous: 'unauthenticated',
  manager: 'ok',
  admin: 'ok',
});
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
    input: () => ({ spaceId: ids.spaceId }),
    expected: SPACE_MANAGERS,
  },
  {
    name: 'invoicing.updateIdentity',
    input: () => ({ spaceId: ids.spaceId, ...COMPLETE_IDENTITY }),
    expected: SPACE_MANAGERS,
  },
  {
    name: 'billing.get',
    input: () => ({}),
    expected: SIGNED_IN,
  },
  {
    name: 'billing.update',
    input: () => ({
      name: 'A',
      addressLine: '',
      postcode: '',
      city: '',
      country: 'FR',
      businessName: '',
      siren: '',
      vatNumber: '',
    }),
    expected: SIGNED_IN,
  },
  {
    name: 'invoices.listMine',
    input: () => ({}),
    expected: SIGNED_IN,
  },
  {
    name: 'invoices.listSpace',
    input: () => ({ spaceId: ids.spaceId }),
    expected: SPACE_MANAGERS,
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
    input: () => ({ spaceId: ids.spaceId }),
    expected: SPACE_MANAGERS,
  },
];

describePermissions('who may call each invoicing operation', {
  router,
  db: () => database.db,
  callers: ROLES,
  sessionOf: (role) => (role === 'anonymous' ? null : people[role].session),
  cases: [
    ...CASES,
    {
      name: 'invoices.closeMonth',
      label: 'invoices.closeMonth (each role closing its own month)',
      input: (role) => ({ spaceId: ids.spaceId, month: MONTHS[role] }),
      expected: SPACE_MANAGERS,
    },
  ],
  operations: /^(invoicing|billing|invoices)\./,
});

// @databases pglite
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  CALLER_ROLES,
  callerOutcome,
  contextFor,
  insertCallerCast,
  localInstant,
  type CallerRole,
} from '../reservations/reservations.fixtures';
import { insertFormula, setActivation } from '../formulas/formulas.fixtures';
import { COMPLETE_IDENTITY, invoicesRouter, setLegalIdentity } from './invoices.fixtures';

/**
 * Who may call each invoicing operation: a member reads their own invoices and billing details; only the
 * space's owners and managers (and admins) see its identity and invoices, record payments, credit, verify
 * and close. Someone else's invoice is `not-found`; its buyer asking a manager's action gets `permission-denied`.
 */
const NOW = new Date(localInstant('2027-03-10T10:00'));
const router = invoicesRouter(() => NOW);
let database: Database;
type Role = Exclude<CallerRole, 'unconfirmed'>;
const ROLES = CALLER_ROLES.filter((role): role is Role => role !== 'unconfirmed');
let people = {} as Awaited<ReturnType<typeof insertCallerCast>>['people'];
const ids = { spaceId: '', formulaId: '' };

beforeAll(async () => {
  database = await createTestDatabase();
  ({ spaceId: ids.spaceId, people } = await insertCallerCast(database.db));
  await setLegalIdentity(database.db, ids.spaceId);
  await setActivation(database.db, ids.spaceId, 'purchase');
  ids.formulaId = await insertFormula(database.db, ids.spaceId);
});
afterAll(() => database.close());

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

const outcome = (role: Role, name: string, input: unknown) =>
  callerOutcome(router, database.db, role === 'anonymous' ? null : people[role].session, name, input);

const managers = { otherManager: 'permission-denied', manager: 'ok', admin: 'ok' } as const;
const CASES: Array<{
  name: string;
  input: () => Promise<unknown> | unknown;
  expected: Record<Role, string>;
}> = [
  {
    name: 'invoicing.getIdentity',
    input: () => ({ spaceId: ids.spaceId }),
    expected: {
      anonymous: 'unauthenticated',
      member: 'permission-denied',
      otherMember: 'permission-denied',
      ...managers,
    },
  },
  {
    name: 'invoicing.updateIdentity',
    input: () => ({ spaceId: ids.spaceId, ...COMPLETE_IDENTITY }),
    expected: {
      anonymous: 'unauthenticated',
      member: 'permission-denied',
      otherMember: 'permission-denied',
      ...managers,
    },
  },
  {
    name: 'billing.get',
    input: () => ({}),
    expected: {
      anonymous: 'unauthenticated',
      member: 'ok',
      otherMember: 'ok',
      otherManager: 'ok',
      manager: 'ok',
      admin: 'ok',
    },
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
    expected: {
      anonymous: 'unauthenticated',
      member: 'ok',
      otherMember: 'ok',
      otherManager: 'ok',
      manager: 'ok',
      admin: 'ok',
    },
  },
  {
    name: 'invoices.listMine',
    input: () => ({}),
    expected: {
      anonymous: 'unauthenticated',
      member: 'ok',
      otherMember: 'ok',
      otherManager: 'ok',
      manager: 'ok',
      admin: 'ok',
    },
  },
  {
    name: 'invoices.listSpace',
    input: () => ({ spaceId: ids.spaceId }),
    expected: {
      anonymous: 'unauthenticated',
      member: 'permission-denied',
      otherMember: 'permission-denied',
      ...managers,
    },
  },
  {
    name: 'invoices.recordPayment',
    input: async () => ({
      invoiceId: await freshInvoice(),
      amountCents: 100,
      method: 'cash',
      paidOn: '2027-03-10',
    }),
    expected: {
      anonymous: 'unauthenticated',
      member: 'permission-denied',
      otherMember: 'not-found',
      otherManager: 'not-found',
      manager: 'ok',
      admin: 'ok',
    },
  },
  {
    name: 'invoices.credit',
    input: async () => ({ invoiceId: await freshInvoice(), reason: 'Erreur' }),
    expected: {
      anonymous: 'unauthenticated',
      member: 'permission-denied',
      otherMember: 'not-found',
      otherManager: 'not-found',
      manager: 'ok',
      admin: 'ok',
    },
  },
  {
    name: 'invoices.verifyChain',
    input: () => ({ spaceId: ids.spaceId }),
    expected: {
      anonymous: 'unauthenticated',
      member: 'permission-denied',
      otherMember: 'permission-denied',
      ...managers,
    },
  },
];

describe('who may call each invoicing operation', () => {
  for (const { name, input, expected } of CASES)
    it.each(ROLES)(`${name} as %s`, async (role) => {
      expect(await outcome(role, name, await input())).toBe(expected[role]);
    });

  it('invoices.closeMonth as each role (each closing its own month)', async () => {
    const months: Record<Role, string> = {
      anonymous: '2026-01',
      member: '2026-02',
      otherMember: '2026-03',
      otherManager: '2026-04',
      manager: '2026-05',
      admin: '2026-06',
    };
    const results = Object.fromEntries(
      await Promise.all(
        ROLES.map(async (role) => [
          role,
          await outcome(role, 'invoices.closeMonth', { spaceId: ids.spaceId, month: months[role] }),
        ]),
      ),
    );
    expect(results).toEqual({
      anonymous: 'unauthenticated',
      member: 'permission-denied',
      otherMember: 'permission-denied',
      otherManager: 'permission-denied',
      manager: 'ok',
      admin: 'ok',
    });
  });
});

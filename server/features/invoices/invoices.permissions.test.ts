import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#contract/errors';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  addRole,
  contextFor,
  insertPerson,
  insertSpace,
  localInstant,
  type TestPerson,
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
type Role = 'anonymous' | 'member' | 'otherMember' | 'otherManager' | 'manager' | 'admin';
const ROLES: Role[] = ['anonymous', 'member', 'otherMember', 'otherManager', 'manager', 'admin'];
const people = {} as Record<Exclude<Role, 'anonymous'>, TestPerson>;
const ids = { spaceId: '', formulaId: '' };

beforeAll(async () => {
  database = await createTestDatabase();
  ids.spaceId = await insertSpace(database.db);
  const otherSpace = await insertSpace(database.db);
  await setLegalIdentity(database.db, ids.spaceId);
  await setActivation(database.db, ids.spaceId, 'purchase');
  people.member = await insertPerson(database.db);
  people.otherMember = await insertPerson(database.db);
  people.otherManager = await insertPerson(database.db);
  people.manager = await insertPerson(database.db);
  people.admin = await insertPerson(database.db, { isAdmin: true });
  await addRole(database.db, ids.spaceId, people.manager.id, 'manager');
  await addRole(database.db, ids.spaceId, people.member.id, 'member');
  await addRole(database.db, otherSpace, people.otherManager.id, 'owner');
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

async function outcome(role: Role, name: string, input: unknown): Promise<string> {
  const session = role === 'anonymous' ? null : people[role].session;
  try {
    await router.invoke(name, input, contextFor(database.db, session));
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

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

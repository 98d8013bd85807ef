// @databases pglite
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import {
  answersFor,
  describePermissions,
  permissionTestFile,
  type PermissionCase,
} from '../../../tests/support/permission-matrix';
import { contextFor, localInstant } from '../reservations/reservations.fixtures';
import { CALLER_ROLES, insertRoom, type CallerRole } from '../../db/factories.fixtures';
import {
  formulasRouter,
  insertFormula,
  MONTHLY_MEMBERSHIP,
  setActivation,
  TEN_HOUR_PACK,
} from './formulas.fixtures';

/**
 * Who may call each operation of formulas and plans: only owners and managers (and admins) sell, adjust and
 * record payments; a member sees and cancels only their own plans; the catalogue is public.
 */
const { router, cast } = permissionTestFile(formulasRouter, '2027-02-01T08:00');
const ids = { formulaId: '', membershipId: '', planId: '', orderId: '', lotId: '', roomId: '' };

beforeAll(async () => {
  await setActivation(cast.db, cast.spaceId, 'purchase');
  await cast.db.execute(
    sql`UPDATE space_sales_settings SET pause_allowed = true WHERE space_id = ${cast.spaceId}`,
  );
  ids.formulaId = await insertFormula(cast.db, cast.spaceId);
  ids.membershipId = await insertFormula(cast.db, cast.spaceId, {
    kind: 'membership',
    period: 'month',
    validityDays: null,
  });
  ids.roomId = await insertRoom(cast.db, cast.spaceId);
});

/** A fresh plan of the member's (pack or membership) with its order and lot, for operations that change it. */
async function freshPlan(formulaId = ids.formulaId) {
  const { planId, order } = (await router.invoke(
    'formulas.buy',
    { formulaId, paymentMethod: 'on_site', idempotencyKey: randomUUID() },
    contextFor(cast.db, cast.people.member.session),
  )) as { planId: string; order: { id: string } };
  const [lot] = await rowsOf<{ id: string }>(
    cast.db,
    sql`SELECT id FROM credit_lots WHERE plan_id = ${planId}`,
  );
  return { planId, orderId: order.id, lotId: lot!.id };
}

/** Something of the member's: only they act on it, anyone else is told it does not exist. */
const MEMBER_ONLY = answersFor(CALLER_ROLES, 'not-found', { anonymous: 'unauthenticated', member: 'ok' });
/** A manager's action on the member's plan: the member is refused, people of other spaces do not see it. */
const MANAGER_ACTION = answersFor(CALLER_ROLES, 'not-found', {
  anonymous: 'unauthenticated',
  member: 'permission-denied',
  manager: 'ok',
  admin: 'ok',
});

/** A pause from 10 to 15 February of a fresh membership of the member's. */
const pauseOfFreshMembership = async () => ({
  planId: (await freshPlan(ids.membershipId)).planId,
  startsOn: '2027-02-10',
  endsOn: '2027-02-15',
});

const CASES: Array<PermissionCase<CallerRole>> = [
  { name: 'formulas.get', input: () => ({ id: ids.formulaId }), expected: 'anyone' },
  { name: 'formulas.listForSpace', input: () => ({ spaceId: cast.spaceId }), expected: 'anyone' },
  { name: 'formulas.listManaged', input: () => ({ spaceId: cast.spaceId }), expected: 'space-managers' },
  {
    name: 'formulas.create',
    input: () => ({ spaceId: cast.spaceId, formula: TEN_HOUR_PACK }),
    expected: 'space-managers',
  },
  {
    name: 'formulas.update',
    input: () => ({ formulaId: ids.membershipId, formula: MONTHLY_MEMBERSHIP }),
    expected: 'space-managers',
  },
  {
    name: 'formulas.setArchived',
    input: async () => ({ formulaId: await insertFormula(cast.db, cast.spaceId), archived: true }),
    expected: 'space-managers',
  },
  {
    name: 'formulas.updateSettings',
    input: () => ({ spaceId: cast.spaceId, activation: 'purchase', graceDays: 10 }),
    expected: 'space-managers',
  },
  {
    name: 'formulas.buy',
    input: () => ({ formulaId: ids.formulaId, paymentMethod: 'on_site', idempotencyKey: randomUUID() }),
    expected: 'confirmed',
  },
  { name: 'plans.listMine', input: () => ({}), expected: 'signed-in' },
  { name: 'plans.ledger', input: () => ({}), expected: 'signed-in' },
  {
    name: 'plans.creditOption',
    input: () => ({
      roomId: ids.roomId,
      startsAt: localInstant('2027-02-02T10:00'),
      endsAt: localInstant('2027-02-02T11:00'),
    }),
    expected: 'signed-in',
  },
  // Only its member cancels a membership; anyone else is told it does not exist.
  {
    name: 'plans.cancel',
    input: async () => ({ planId: (await freshPlan(ids.membershipId)).planId }),
    expected: MEMBER_ONLY,
  },
  // Only its member pauses a membership (or asks what a pause would do); anyone else is told it does not exist.
  {
    name: 'plans.previewPause',
    input: pauseOfFreshMembership,
    expected: MEMBER_ONLY,
  },
  {
    name: 'plans.pause',
    input: pauseOfFreshMembership,
    expected: MEMBER_ONLY,
  },
  {
    name: 'plans.endPause',
    input: async () => {
      const { planId } = await freshPlan(ids.membershipId);
      const plan = (await router.invoke(
        'plans.pause',
        { planId, startsOn: '2027-02-10', endsOn: '2027-02-15' },
        contextFor(cast.db, cast.people.member.session),
      )) as { pauses: Array<{ id: string }> };
      return { pauseId: plan.pauses[0]!.id };
    },
    expected: MEMBER_ONLY,
  },
  { name: 'plans.listForSpace', input: () => ({ spaceId: cast.spaceId }), expected: 'space-managers' },
  {
    name: 'orders.markPaid',
    input: async () => ({ orderId: (await freshPlan()).orderId }),
    expected: MANAGER_ACTION,
  },
  {
    name: 'credits.adjust',
    input: async () => ({ lotId: (await freshPlan()).lotId, amount: 60, reason: 'Geste commercial' }),
    expected: MANAGER_ACTION,
  },
];

describePermissions('who may call each operation of formulas and plans', {
  router,
  cast,
  cases: CASES,
  operations: /^(formulas|plans|orders|credits)\./,
});

it('shows a member only their own plans', async () => {
  await freshPlan();
  const mine = (await router.invoke(
    'plans.listMine',
    {},
    contextFor(cast.db, cast.people.otherMember.session),
  )) as { plans: Array<{ id: string }> };
  const theirs = (await router.invoke(
    'plans.listMine',
    {},
    contextFor(cast.db, cast.people.member.session),
  )) as { plans: Array<{ id: string }> };
  expect(theirs.plans.length).toBeGreaterThan(0);
  expect(mine.plans.some((plan) => theirs.plans.some((other) => other.id === plan.id))).toBe(false);
});

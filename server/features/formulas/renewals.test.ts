// @databases pglite postgres
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { featureTestFile } from '../../../tests/support/feature-test-file';
import { rowsOf } from '../../db/rows';
import { localInstant } from '../reservations/reservations.fixtures';
import { insertPerson, insertSpace, ALWAYS_OPEN } from '../../db/factories.fixtures';
import { formulasRouter, insertFormula, setActivation } from './formulas.fixtures';
import { membershipPeriod, periodStartDate } from './periods';
import { sweepPlans } from './plans-sweep.service';

/**
 * Memberships at their period's end (docs/decisions/021): the next period's order and credit, once however
 * many runners sweep at once; unused credit expires or rolls over one period; months keep their day
 * (31 January → 28 February → 31 March) and periods begin at local midnight across the clock changes.
 */
const { database, clock, call, system } = featureTestFile(formulasRouter, '2027-01-31T10:00');
let spaceId: string;

beforeAll(async () => {
  spaceId = await insertSpace(database.db, { hours: ALWAYS_OPEN });
  await setActivation(database.db, spaceId, 'purchase', 30);
});

const sweep = () => sweepPlans(system());

async function buyMembership(rollover: 'none' | 'one_period') {
  const member = await insertPerson(database.db);
  const formulaId = await insertFormula(database.db, spaceId, {
    kind: 'membership',
    period: 'month',
    rollover,
    validityDays: null,
    creditAmount: 300,
    roomKinds: ['meeting_room', 'desk'],
  });
  const { planId } = await call<{ planId: string }>(member, 'formulas.buy', {
    formulaId,
    paymentMethod: 'bank_transfer',
    idempotencyKey: randomUUID(),
  });
  return { member, planId };
}

const lotsOf = (planId: string) =>
  rowsOf<{ period_index: number; source: string; valid_from: string; valid_until: string; balance: number }>(
    database.db,
    sql`SELECT period_index, source, to_json(valid_from) #>> '{}' AS valid_from, to_json(valid_until) #>> '{}' AS valid_until,
               (SELECT coalesce(sum(amount), 0) FROM credit_entries WHERE lot_id = credit_lots.id)::int AS balance
        FROM credit_lots WHERE plan_id = ${planId} ORDER BY valid_from, source`,
  );

describe('membership periods', () => {
  it('keep the anchor day across month ends: 31 January → 28 February → 31 March', () => {
    expect([0, 1, 2, 3].map((index) => periodStartDate('2027-01-31', 'month', index))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect(periodStartDate('2028-02-29', 'year', 1)).toBe('2029-02-28');
  });

  it('begin at local midnight across the daylight-saving changes', () => {
    const march = membershipPeriod('2026-03-15', 'month', 0, 'Europe/Paris');
    expect(march.startsAt.toISOString()).toBe('2026-03-14T23:00:00.000Z');
    // Summer time from 29 March: the period is an hour shorter and ends at 22:00 UTC.
    expect(march.endsAt.toISOString()).toBe('2026-04-14T22:00:00.000Z');
    const october = membershipPeriod('2026-10-15', 'month', 0, 'Europe/Paris');
    expect(october.endsAt.getTime() - october.startsAt.getTime()).toBe((31 * 24 + 1) * 3_600_000);
  });
});

describe('the renewal sweep', () => {
  it('renews once with two runners, rolls unused hours over one period, then expires them', async () => {
    clock.set('2027-01-31T10:00');
    const { planId } = await buyMembership('one_period');
    // The first period ends at midnight (Paris) on 28 February.
    clock.set('2027-02-28T00:05');
    const [first, second] = await Promise.all([sweep(), sweep()]);
    expect(first!.renewed + second!.renewed).toBe(1);
    expect(first!.rolledOver + second!.rolledOver).toBe(1);
    const [{ orders }] = (await rowsOf<{ orders: number }>(
      database.db,
      sql`SELECT count(*)::int AS orders FROM orders WHERE plan_id = ${planId}`,
    )) as [{ orders: number }];
    expect(orders).toBe(2);
    let lots = await lotsOf(planId);
    expect(lots.map((lot) => [lot.period_index, lot.source, Number(lot.balance)])).toEqual([
      [0, 'period', 0],
      [1, 'period', 300],
      [1, 'rollover', 300],
    ]);
    expect(new Date(lots[1]!.valid_from).toISOString()).toBe(localInstant('2027-02-28T00:00'));
    expect(new Date(lots[1]!.valid_until).toISOString()).toBe(localInstant('2027-03-31T00:00'));
    // At the next period's end (31 March, after the clock change of 28 March), the rolled-over hours expire
    // for good, the period's own roll over once more.
    clock.set('2027-03-31T00:05');
    // The renewal order of February was paid meanwhile (30 days of grace have not passed either).
    const again = await sweep();
    expect(again.renewed).toBe(1);
    lots = await lotsOf(planId);
    expect(lots.map((lot) => [lot.period_index, lot.source, Number(lot.balance)])).toEqual([
      [0, 'period', 0],
      [1, 'period', 0],
      [1, 'rollover', 0],
      [2, 'period', 300],
      [2, 'rollover', 300],
    ]);
    expect(new Date(lots[3]!.valid_until).toISOString()).toBe(localInstant('2027-04-30T00:00'));
    expect(await sweep()).toMatchObject({ renewed: 0, expired: 0, rolledOver: 0 });
  });

  it('lets unused credit expire without roll-over, and ends a cancelled membership at its period end', async () => {
    clock.set('2027-01-31T10:00');
    const { member, planId } = await buyMembership('none');
    await call(member, 'plans.cancel', { planId });
    clock.set('2027-02-28T00:05');
    await sweep();
    const lots = await lotsOf(planId);
    expect(lots.map((lot) => [lot.period_index, lot.source, Number(lot.balance)])).toEqual([
      [0, 'period', 0],
    ]);
    const [plan] = await rowsOf<{ status: string }>(
      database.db,
      sql`SELECT status FROM plans WHERE id = ${planId}`,
    );
    expect(plan!.status).toBe('ended');
  });
});

import { and, eq, lte, sql, type SQL } from 'drizzle-orm';
import { RENEWAL_REMINDER_DAYS } from '#contract/formulas.plain';
import { rowsOf } from '../../db/rows';
import { formulas, plans } from '../../db/schema/formulas';
import { spaces } from '../../db/schema/spaces';
import { lotBalanceSql } from '../../billing/credit-ledger';
import { enqueueJob, wakeJobRunner } from '../../platform/jobs';
import {
  logActivity,
  unitOfWork,
  type LoggedActivity,
  type ServiceContext,
  type WorkContext,
} from '../../platform/service-context';
import { lastDayOfUse, todayIn } from '#contract/dates';
import { formulaMailJob } from './formula-mails';
import { salesSettingsOf } from './formula-view';
import { applyPause } from './pauses.service';
import { membershipPeriod } from './periods';
import { grantLot, insertOrder, invoiceOrder } from './plans.service';
import { SPENDABLE_PLAN_STATUSES } from '#contract/formulas.plain';
import { statusIn } from '../../db/status-sql';

/**
 * The plans' background work, at the sweep's `now` (a recurring job; docs/decisions/021): memberships renew
 * at their period's end (the next order and credit) or end when cancelled, packs end, unused credit expires
 * or rolls over one period, a renewal unpaid past the space's grace suspends its plan, reminders go before a
 * renewal. A pause holds all of it back for its plan until it is over, then moves the plan's dates by its
 * length (pauses.service.ts). Every change is conditional (`WHERE period_index = k`, unique lots, orders and expiries), so two
 * runners at once, or a second run, change nothing more.
 */

export interface PlanSweepResult {
  resumed: number;
  renewed: number;
  ended: number;
  expired: number;
  rolledOver: number;
  suspended: number;
  reminded: number;
}

/** One due membership renews by one period (a plan far behind catches up one period per run). */
async function renewOne(work: WorkContext, planId: string): Promise<boolean> {
  const [row] = await work.db
    .select({ plan: plans, formula: formulas, timeZone: spaces.timeZone })
    .from(plans)
    .innerJoin(formulas, eq(formulas.id, plans.formulaId))
    .innerJoin(spaces, eq(spaces.id, plans.spaceId))
    .where(eq(plans.id, planId));
  if (!row || !row.plan.anchorDate || !row.formula.period) return false;
  const { plan, formula } = row;
  const next = plan.periodIndex + 1;
  const bounds = membershipPeriod(plan.anchorDate!, formula.period!, next, row.timeZone, plan.pausedDays);
  const [moved] = await work.db
    .update(plans)
    .set({
      periodIndex: next,
      periodStartsAt: bounds.startsAt,
      periodEndsAt: bounds.endsAt,
      updatedAt: work.now,
    })
    // Still due: a runner whose list was read before another one renewed the plan finds it renewed here.
    .where(
      and(
        eq(plans.id, planId),
        eq(plans.periodIndex, plan.periodIndex),
        eq(plans.status, 'active'),
        lte(plans.periodEndsAt, work.now),
      ),
    )
    .returning();
  if (!moved) return false;
  const settings = await salesSettingsOf(work.db, plan.spaceId);
  const [previous] = await rowsOf<{ payment_method: 'on_site' | 'bank_transfer' }>(
    work.db,
    sql`SELECT payment_method FROM orders WHERE plan_id = ${planId} ORDER BY period_index DESC LIMIT 1`,
  );
  const order = await insertOrder(work.db, {
    plan: moved,
    formula,
    periodIndex: next,
    method: previous?.payment_method ?? 'on_site',
    graceDays: settings.graceDays,
    now: bounds.startsAt,
  });
  if (order)
    await invoiceOrder(work, order, {
      start: todayIn(row.timeZone, bounds.startsAt),
      end: lastDayOfUse(bounds.endsAt, row.timeZone),
    });
  await grantLot(work.db, {
    planId,
    spaceId: plan.spaceId,
    userId: plan.userId,
    periodIndex: next,
    source: 'period',
    unit: 'minutes',
    roomKinds: formula.roomKinds,
    validFrom: bounds.startsAt,
    validUntil: bounds.endsAt,
    amount: formula.creditAmount,
    orderId: order?.id ?? null,
    actorId: null,
    now: work.now,
  });
  await logActivity(work, {
    kind: 'plan.renewed',
    subject: { type: 'plan', id: planId },
    spaceId: plan.spaceId,
    aboutUserId: plan.userId,
    details: {
      formulaName: formula.nameFr,
      formulaNameEn: formula.nameEn,
      periodIndex: next,
      periodEndsAt: bounds.endsAt.toISOString(),
    },
  });
  return true;
}

/**
 * A lot past its validity with credit left: an expiry line takes it; for a membership period whose formula
 * keeps unused hours one period, and whose plan went on, the same amount is granted on a roll-over lot valid
 * for the next period. The lot is locked first, so two runners decide one after the other.
 */
async function expireLot(work: WorkContext, lotId: string): Promise<'expired' | 'rolled' | null> {
  const [lot] = await rowsOf<{
    id: string;
    plan_id: string;
    space_id: string;
    user_id: string;
    period_index: number;
    source: string;
    unit: 'minutes' | 'entries';
    room_kinds: string[];
    balance: number;
    already: boolean;
  }>(
    work.db,
    sql`SELECT id, plan_id, space_id, user_id, period_index, source, unit, room_kinds FROM credit_lots WHERE id = ${lotId} FOR UPDATE`,
  );
  if (!lot) return null;
  const [state] = await rowsOf<{ balance: number; already: boolean }>(
    work.db,
    sql`SELECT ${lotBalanceSql}::int AS balance,
               EXISTS (SELECT 1 FROM credit_entries WHERE lot_id = credit_lots.id AND kind = 'expiry') AS already
        FROM credit_lots WHERE id = ${lotId}`,
  );
  const balance = Number(state!.balance);
  if (state!.already || balance <= 0) return null;
  await work.db.execute(sql`
    INSERT INTO credit_entries (lot_id, user_id, kind, amount, occurred_at)
    VALUES (${lotId}, ${lot.user_id}, 'expiry', ${-balance}, ${work.now.toISOString()}::timestamptz)`);
  if (lot.source !== 'period') return 'expired';
  const [plan] = await work.db
    .select({ plan: plans, rollover: formulas.rollover })
    .from(plans)
    .innerJoin(formulas, eq(formulas.id, plans.formulaId))
    .where(eq(plans.id, lot.plan_id));
  if (!plan || plan.rollover !== 'one_period' || plan.plan.periodIndex !== Number(lot.period_index) + 1)
    return 'expired';
  if (!plan.plan.periodStartsAt || !plan.plan.periodEndsAt) return 'expired';
  await grantLot(work.db, {
    planId: lot.plan_id,
    spaceId: lot.space_id,
    userId: lot.user_id,
    periodIndex: plan.plan.periodIndex,
    source: 'rollover',
    unit: lot.unit,
    roomKinds: lot.room_kinds,
    validFrom: plan.plan.periodStartsAt,
    validUntil: plan.plan.periodEndsAt,
    amount: balance,
    orderId: null,
    actorId: null,
    now: work.now,
  });
  return 'rolled';
}

export async function sweepPlans(ctx: ServiceContext): Promise<PlanSweepResult> {
  const at = sql`${ctx.now.toISOString()}::timestamptz`;
  const result = await unitOfWork(ctx, async (work) => {
    const counts: PlanSweepResult = {
      resumed: 0,
      renewed: 0,
      ended: 0,
      expired: 0,
      rolledOver: 0,
      suspended: 0,
      reminded: 0,
    };
    // 0. Pauses that are over move their plan's dates and credit (before anything reads those).
    const over = await rowsOf<{ id: string }>(
      work.db,
      sql`SELECT id FROM plan_pauses WHERE status = 'planned' AND ends_at <= ${at} ORDER BY ends_at LIMIT 500`,
    );
    for (const { id } of over) if (await applyPause(work, id, null)) counts.resumed++;
    // A plan paused before a moment has its dates moved when the pause is over: nothing falls due meanwhile.
    const pausedBefore = (moment: SQL) =>
      sql`EXISTS (SELECT 1 FROM plan_pauses WHERE plan_pauses.plan_id = plans.id AND plan_pauses.status = 'planned'
                    AND plan_pauses.starts_at < ${moment})`;
    // 1. Memberships at their period's end renew (active ones) ...
    const due = await rowsOf<{ id: string }>(
      work.db,
      sql`SELECT plans.id FROM plans JOIN formulas ON formulas.id = plans.formula_id
          WHERE plans.status = 'active' AND formulas.kind = 'membership' AND plans.period_ends_at <= ${at}
            AND NOT ${pausedBefore(sql`plans.period_ends_at`)}
          ORDER BY plans.period_ends_at LIMIT 500`,
    );
    for (const { id } of due) if (await renewOne(work, id)) counts.renewed++;
    // ... and cancelled memberships, packs and day passes past their end end.
    const ended = await rowsOf<{
      id: string;
      space_id: string;
      user_id: string;
      formula_name: string;
      formula_name_en: string;
    }>(
      work.db,
      sql`UPDATE plans SET status = 'ended', ended_at = plans.period_ends_at, updated_at = now()
          FROM formulas
          WHERE formulas.id = plans.formula_id AND plans.period_ends_at <= ${at}
            AND (plans.status = 'cancelling' OR (plans.status = 'active' AND formulas.kind <> 'membership'))
            AND NOT ${pausedBefore(sql`plans.period_ends_at`)}
          RETURNING plans.id, plans.space_id, plans.user_id, formulas.name_fr AS formula_name, formulas.name_en AS formula_name_en`,
    );
    counts.ended = ended.length;
    // 2. Lots past their validity give up what they hold (or roll it over).
    const lots = await rowsOf<{ id: string }>(
      work.db,
      sql`SELECT id FROM credit_lots
          WHERE valid_until <= ${at}
            AND NOT EXISTS (SELECT 1 FROM credit_entries WHERE lot_id = credit_lots.id AND kind = 'expiry')
            AND NOT EXISTS (SELECT 1 FROM plan_pauses WHERE plan_pauses.plan_id = credit_lots.plan_id
                              AND plan_pauses.status = 'planned' AND plan_pauses.starts_at < credit_lots.valid_until)
            AND ${lotBalanceSql} > 0
          ORDER BY valid_until LIMIT 1000`,
    );
    for (const { id } of lots) {
      const outcome = await expireLot(work, id);
      if (outcome === 'expired') counts.expired++;
      if (outcome === 'rolled') counts.rolledOver++;
    }
    // 3. A plan with an order unpaid past its due date is suspended: its credit is frozen, not lost.
    const suspended = await rowsOf<{
      id: string;
      space_id: string;
      user_id: string;
      formula_name: string;
      formula_name_en: string;
      before: string;
    }>(
      work.db,
      sql`UPDATE plans SET status = 'suspended', updated_at = now()
          FROM formulas
          WHERE formulas.id = plans.formula_id AND ${statusIn(sql`plans.status`, SPENDABLE_PLAN_STATUSES)}
            AND EXISTS (SELECT 1 FROM orders WHERE orders.plan_id = plans.id AND orders.status = 'awaiting_payment'
                          AND orders.due_at <= ${at})
          RETURNING plans.id, plans.space_id, plans.user_id, formulas.name_fr AS formula_name, formulas.name_en AS formula_name_en`,
    );
    counts.suspended = suspended.length;
    // 4. Reminders before a membership renews, once per period.
    const reminded = await rowsOf<{ id: string }>(
      work.db,
      sql`UPDATE plans SET reminded_period_index = plans.period_index
          FROM formulas
          WHERE formulas.id = plans.formula_id AND formulas.kind = 'membership' AND plans.status = 'active'
            AND plans.period_ends_at > ${at}
            AND plans.period_ends_at <= ${at} + make_interval(days => ${RENEWAL_REMINDER_DAYS})
            AND plans.reminded_period_index IS DISTINCT FROM plans.period_index
            AND NOT ${pausedBefore(sql`plans.period_ends_at`)}
          RETURNING plans.id`,
    );
    counts.reminded = reminded.length;
    for (const { id } of reminded)
      await enqueueJob(work.db, formulaMailJob, { event: 'renewal-reminder', planId: id });
    await logActivity(work, [
      ...ended.map((row): LoggedActivity<'plan.ended'> => ({
        kind: 'plan.ended',
        subject: { type: 'plan', id: row.id },
        spaceId: row.space_id,
        aboutUserId: row.user_id,
        changes: {},
        details: { formulaName: row.formula_name, formulaNameEn: row.formula_name_en },
      })),
      ...suspended.map((row): LoggedActivity<'plan.suspended'> => ({
        kind: 'plan.suspended',
        subject: { type: 'plan', id: row.id },
        spaceId: row.space_id,
        aboutUserId: row.user_id,
        details: { formulaName: row.formula_name, formulaNameEn: row.formula_name_en },
      })),
    ]);
    return counts;
  });
  if (result.reminded > 0) wakeJobRunner();
  return result;
}

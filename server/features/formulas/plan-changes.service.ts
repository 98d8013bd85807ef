import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError, refused } from '#contract/errors';
import { CANCELLABLE_PLAN_STATUSES, INSUFFICIENT_CREDIT_SQLSTATE } from '#contract/formulas.plain';
import { creditLots, formulas, planPauses, plans } from '../../db/schema/formulas';
import { sqlStateOf } from '../../db/transaction';
import { enqueueJob, wakeJobRunner } from '../../platform/jobs';
import { isSelf, may, requireSignedIn } from '../../platform/policy';
import { logActivity, unitOfWork, type ServiceContext } from '../../platform/service-context';
import { formulaMailJob } from './formula-mails';
import { lotsOf, plansOf } from './plan-reads.service';

/** A member cancelling their membership, a manager adjusting a plan's credit: each with its entry and e-mail. */

/**
 * Its member cancels a membership: it stays usable until the end of the paid period, then ends instead of
 * renewing; a confirmation e-mail is queued with the change. Asking twice changes nothing.
 */
export async function cancelPlan(ctx: ServiceContext, planId: string) {
  const user = requireSignedIn(ctx.actor);
  const [plan] = await ctx.db.select().from(plans).where(eq(plans.id, planId));
  if (!plan || !isSelf(user, plan.userId)) throw new AppError('not-found', `No plan ${planId}`);
  const [formula] = await ctx.db.select().from(formulas).where(eq(formulas.id, plan.formulaId));
  if (formula!.kind !== 'membership') throw refused('not-cancellable', 'Only a membership is cancelled');
  const changed = await unitOfWork(ctx, async (work) => {
    const [row] = await work.db
      .update(plans)
      .set({
        status: sql`CASE WHEN ${plans.status} = 'active' THEN 'cancelling' ELSE ${plans.status} END`,
        cancelledAt: work.now,
        updatedAt: work.now,
      })
      .where(
        and(
          eq(plans.id, planId),
          inArray(plans.status, CANCELLABLE_PLAN_STATUSES),
          sql`${plans.cancelledAt} IS NULL`,
        ),
      )
      .returning();
    if (!row) return false;
    // A pause not begun yet would only move the end of a membership that is ending: it is called off.
    await work.db
      .update(planPauses)
      .set({ status: 'cancelled', cancelledAt: work.now })
      .where(
        and(
          eq(planPauses.planId, planId),
          eq(planPauses.status, 'planned'),
          sql`${planPauses.startsAt} > ${work.now.toISOString()}::timestamptz`,
        ),
      );
    await logActivity(work, {
      kind: 'plan.cancelled',
      subject: { type: 'plan', id: planId },
      spaceId: plan.spaceId,
      changes: { status: { before: plan.status, after: row.status } },
      details: {
        formulaName: formula!.nameFr,
        formulaNameEn: formula!.nameEn,
        endsAt: row.periodEndsAt?.toISOString() ?? null,
      },
    });
    await enqueueJob(work.db, formulaMailJob, { event: 'plan-cancelled', planId });
    return true;
  });
  if (!changed && plan.cancelledAt === null && plan.status === 'ended')
    throw refused('not-cancellable', 'Already ended');
  if (changed) wakeJobRunner();
  return (await plansOf(ctx.db, sql`plans.id = ${planId}`, ctx.now))[0]!;
}

/** A manager adds or takes credit on a lot, with a reason: a new ledger line. */
export async function adjustCredits(
  ctx: ServiceContext,
  input: { lotId: string; amount: number; reason: string },
) {
  requireSignedIn(ctx.actor);
  const [lot] = await ctx.db.select().from(creditLots).where(eq(creditLots.id, input.lotId));
  if (!lot) throw new AppError('not-found', `No lot ${input.lotId}`);
  if (!(await may(ctx, 'manage', lot.spaceId))) {
    if (isSelf(ctx.actor, lot.userId))
      throw new AppError('permission-denied', 'Only the space adjusts credit');
    throw new AppError('not-found', `No lot ${input.lotId}`);
  }
  const [plan] = await ctx.db
    .select({ formulaId: plans.formulaId })
    .from(plans)
    .where(eq(plans.id, lot.planId));
  const [formula] = await ctx.db.select().from(formulas).where(eq(formulas.id, plan!.formulaId));
  try {
    await unitOfWork(ctx, async (work) => {
      await work.db.execute(sql`
        INSERT INTO credit_entries (lot_id, user_id, kind, amount, reason, actor_id, occurred_at)
        VALUES (${lot.id}, ${lot.userId}, 'adjustment', ${input.amount}, ${input.reason}, ${work.actor!.id},
                ${work.now.toISOString()}::timestamptz)`);
      await logActivity(work, {
        kind: 'credits.adjusted',
        subject: { type: 'credit_lot', id: lot.id },
        spaceId: lot.spaceId,
        aboutUserId: lot.userId,
        details: {
          formulaName: formula!.nameFr,
          formulaNameEn: formula!.nameEn,
          creditAmount: input.amount,
          creditUnit: lot.unit,
          reason: input.reason,
        },
      });
    });
  } catch (error) {
    if (sqlStateOf(error) === INSUFFICIENT_CREDIT_SQLSTATE) {
      throw refused('would-go-negative', 'The lot does not hold that much');
    }
    throw error;
  }
  const [after] = await lotsOf(
    ctx.db,
    sql`credit_lots.id = ${lot.id}`,
    ctx.now,
    new Map([[lot.planId, 'active']]),
  );
  return after!;
}

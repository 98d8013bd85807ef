import { and, eq, sql } from 'drizzle-orm';
import { addDays, daysFromUntil, startOfDayIn, todayIn } from '#contract/dates';
import { AppError, refused } from '#contract/errors';
import type { TPausePreview } from '#contract/formulas';
import { PAUSE_HORIZON_DAYS, PAUSE_REFUSED_SQLSTATE, type CreditUnit } from '#contract/formulas.plain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { formulas, planPauses, plans } from '../../db/schema/formulas';
import { spaces } from '../../db/schema/spaces';
import { sqlStateOf, type Tx } from '../../db/transaction';
import { enqueueJob, wakeJobRunner } from '../../platform/jobs';
import { isSelf, requireSignedIn } from '../../platform/policy';
import {
  logActivity,
  unitOfWork,
  type ServiceContext,
  type WorkContext,
} from '../../platform/service-context';
import { formulaMailJob } from './formula-mails';
import { salesSettingsOf } from './formula-view';
import { laterByDays, membershipPeriod } from './periods';
import { plansOf } from './plan-reads.service';

/**
 * Pausing a membership (docs/decisions/021): its member picks local days `[startsOn, endsOn)` within the
 * space's rules. Nothing is charged or renewed meanwhile; when the pause is over (at its end, or earlier if
 * the member resumes), its days are added to the current period and every later one, and to the validity
 * of the credit it held, which cannot pay for a time inside the pause. The database refuses overlapping
 * pauses, pauses the space does not offer or longer than its maximum (migration 0025).
 */

type PauseDates = { planId: string; startsOn: string; endsOn: string };

/** The member's own membership, with its formula and its space's zone; anyone else's is not found. */
async function ownMembership(ctx: ServiceContext, db: Db | Tx, planId: string) {
  const user = requireSignedIn(ctx.actor);
  const [row] = await db
    .select({ plan: plans, formula: formulas, timeZone: spaces.timeZone })
    .from(plans)
    .innerJoin(formulas, eq(formulas.id, plans.formulaId))
    .innerJoin(spaces, eq(spaces.id, plans.spaceId))
    .where(eq(plans.id, planId));
  if (!row || !isSelf(user, row.plan.userId)) throw new AppError('not-found', `No plan ${planId}`);
  return row;
}

/**
 * Checks a pause against the plan and the space's rules and says what it would do: the renewal it moves
 * and the credit whose validity it extends. Refusals carry their reason (and the limit broken).
 */
async function weighPause(ctx: ServiceContext, db: Db | Tx, input: PauseDates): Promise<TPausePreview> {
  const { plan, formula, timeZone } = await ownMembership(ctx, db, input.planId);
  if (formula.kind !== 'membership' || !formula.period || !plan.anchorDate)
    throw refused('not-pausable', 'Only a membership is paused');
  if (plan.status !== 'active' || !plan.periodEndsAt)
    throw refused('not-pausable', 'Only an active membership is paused');
  const settings = await salesSettingsOf(db, plan.spaceId);
  if (!settings.pauseAllowed) throw refused('pause-not-offered', 'This space does not offer pauses');
  const days = daysFromUntil(input.startsOn, input.endsOn);
  if (days > settings.pauseMaxDays)
    throw refused('pause-too-long', 'Longer than the space allows', { maxDays: settings.pauseMaxDays });
  const today = todayIn(timeZone, ctx.now);
  const earliest = addDays(today, settings.pauseNoticeDays);
  if (input.startsOn < earliest) throw refused('pause-too-soon', 'Too soon', { earliest });
  if (input.startsOn > addDays(today, PAUSE_HORIZON_DAYS)) throw refused('pause-too-far', 'Too far ahead');
  const startsAt = startOfDayIn(input.startsOn, timeZone);
  const endsAt = startOfDayIn(input.endsOn, timeZone);
  const [state] = await rowsOf<{ planned: boolean; booked: boolean }>(
    db,
    sql`SELECT
          EXISTS (SELECT 1 FROM plan_pauses WHERE plan_id = ${plan.id} AND status = 'planned') AS planned,
          EXISTS (
            SELECT 1 FROM credit_entries e
              JOIN credit_lots l ON l.id = e.lot_id
              JOIN reservations r ON r.id = e.reservation_id
            WHERE l.plan_id = ${plan.id} AND e.kind = 'debit'
              AND NOT EXISTS (SELECT 1 FROM credit_entries x WHERE x.reservation_id = e.reservation_id AND x.kind = 'refund')
              AND r.starts_at < ${endsAt.toISOString()}::timestamptz AND r.ends_at > ${startsAt.toISOString()}::timestamptz
          ) AS booked`,
  );
  if (state!.planned) throw refused('pause-already-planned', 'A pause is already planned');
  if (state!.booked)
    throw refused('credit-bookings-in-pause', 'A booking paid with this credit falls inside the pause');
  // The period the pause begins in: the current one, or a later one (its dates as the plan stands).
  let index = plan.periodIndex;
  let period = { startsAt: plan.periodStartsAt!, endsAt: plan.periodEndsAt };
  while (period.endsAt <= startsAt) {
    index += 1;
    period = membershipPeriod(plan.anchorDate, formula.period, index, timeZone, plan.pausedDays);
  }
  // The credit held when it begins: the current lots if it begins in this period (a later period's credit
  // is granted at its renewal and extended the same way).
  const lots =
    index === plan.periodIndex
      ? await rowsOf<{ id: string; unit: CreditUnit; balance: number; valid_until: string }>(
          db,
          sql`SELECT id, unit, to_json(valid_until) #>> '{}' AS valid_until,
                     (SELECT coalesce(sum(amount), 0) FROM credit_entries WHERE lot_id = credit_lots.id)::int AS balance
              FROM credit_lots
              WHERE plan_id = ${plan.id} AND valid_until > ${startsAt.toISOString()}::timestamptz
              ORDER BY valid_until, created_at`,
        )
      : [];
  return {
    startsOn: input.startsOn,
    endsOn: input.endsOn,
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    days,
    renewalBefore: period.endsAt.toISOString(),
    renewalAfter: laterByDays(period.endsAt, days, timeZone).toISOString(),
    lots: lots.map((lot) => ({
      id: lot.id,
      unit: lot.unit,
      balance: Number(lot.balance),
      validUntilBefore: new Date(lot.valid_until).toISOString(),
      validUntilAfter: laterByDays(new Date(lot.valid_until), days, timeZone).toISOString(),
    })),
  };
}

export async function previewPause(ctx: ServiceContext, input: PauseDates) {
  return weighPause(ctx, ctx.db, input);
}

async function planView(ctx: ServiceContext, planId: string) {
  const [plan] = await plansOf(ctx.db, sql`plans.id = ${planId}`, ctx.now);
  const { member: _member, ...view } = plan!;
  return view;
}

/** Pauses a membership on those dates, with its activity entry and its confirmation e-mail. */
export async function pausePlan(ctx: ServiceContext, input: PauseDates) {
  await ownMembership(ctx, ctx.db, input.planId);
  try {
    await unitOfWork(ctx, async (work) => {
      // The plan's lots are locked (id order, as bookings lock them) so a debit decided at the same time
      // either comes first and is seen, or waits and meets the pause (migration 0025).
      await work.db.execute(
        sql`SELECT id FROM credit_lots WHERE plan_id = ${input.planId} ORDER BY id FOR UPDATE`,
      );
      const preview = await weighPause(work, work.db, input);
      const [pause] = await work.db
        .insert(planPauses)
        .values({
          planId: input.planId,
          startsOn: preview.startsOn,
          endsOn: preview.endsOn,
          startsAt: new Date(preview.startsAt),
          endsAt: new Date(preview.endsAt),
          createdAt: work.now,
        })
        .returning();
      const { plan, formula } = await ownMembership(work, work.db, input.planId);
      await logActivity(work, {
        kind: 'plan.paused',
        subject: { type: 'plan', id: plan.id },
        spaceId: plan.spaceId,
        details: {
          formulaName: formula.nameFr,
          formulaNameEn: formula.nameEn,
          startsOn: preview.startsOn,
          endsOn: preview.endsOn,
          days: preview.days,
        },
      });
      await enqueueJob(work.db, formulaMailJob, {
        event: 'pause-scheduled',
        planId: plan.id,
        pauseId: pause!.id,
      });
    });
  } catch (error) {
    const state = sqlStateOf(error);
    if (state === '23P01') throw refused('pause-already-planned', 'A pause overlaps these dates');
    if (state === PAUSE_REFUSED_SQLSTATE) throw refused('pause-not-offered', 'The space refused this pause');
    throw error;
  }
  wakeJobRunner();
  return planView(ctx, input.planId);
}

/** A pause with its plan, its formula's name and its space's zone; undefined when there is none. */
async function pauseWithPlan(db: Db | Tx, pauseId: string) {
  const [row] = await db
    .select({
      pause: planPauses,
      plan: plans,
      formulaName: formulas.nameFr,
      formulaNameEn: formulas.nameEn,
      timeZone: spaces.timeZone,
    })
    .from(planPauses)
    .innerJoin(plans, eq(plans.id, planPauses.planId))
    .innerJoin(formulas, eq(formulas.id, plans.formulaId))
    .innerJoin(spaces, eq(spaces.id, plans.spaceId))
    .where(eq(planPauses.id, pauseId));
  return row;
}

/**
 * A pause is over (at its end, or earlier): its days move the plan's current period end and every later
 * period, and extend the credit it held; the renewal reminder is sent again for the new date. A pause
 * resumed the day it began moved nothing: it is cancelled. Answers whether it changed anything.
 */
export async function applyPause(work: WorkContext, pauseId: string, resumeOn: string | null) {
  const row = await pauseWithPlan(work.db, pauseId);
  if (!row || row.pause.status !== 'planned') return false;
  const { pause, timeZone } = row;
  const endsOn = resumeOn && resumeOn < pause.endsOn ? resumeOn : pause.endsOn;
  const days = daysFromUntil(pause.startsOn, endsOn);
  await work.db.execute(sql`SELECT 1 FROM plans WHERE id = ${pause.planId} FOR UPDATE`);
  const [plan] = await work.db.select().from(plans).where(eq(plans.id, pause.planId));
  if (days <= 0) {
    const [cancelled] = await work.db
      .update(planPauses)
      .set({ status: 'cancelled', cancelledAt: work.now })
      .where(and(eq(planPauses.id, pauseId), eq(planPauses.status, 'planned')))
      .returning();
    if (cancelled)
      await logActivity(work, {
        kind: 'plan.pause_cancelled',
        subject: { type: 'plan', id: pause.planId },
        spaceId: plan!.spaceId,
        aboutUserId: plan!.userId,
        details: {
          formulaName: row.formulaName,
          formulaNameEn: row.formulaNameEn,
          startsOn: pause.startsOn,
          endsOn: pause.endsOn,
        },
      });
    return Boolean(cancelled);
  }
  const [applied] = await work.db
    .update(planPauses)
    .set({
      status: 'applied',
      endsOn,
      endsAt: startOfDayIn(endsOn, timeZone),
      appliedAt: work.now,
    })
    .where(and(eq(planPauses.id, pauseId), eq(planPauses.status, 'planned')))
    .returning();
  if (!applied) return false;
  const periodEndsAt =
    plan!.periodEndsAt && plan!.periodEndsAt > pause.startsAt
      ? laterByDays(plan!.periodEndsAt, days, timeZone)
      : plan!.periodEndsAt;
  await work.db
    .update(plans)
    .set({
      periodEndsAt,
      pausedDays: plan!.pausedDays + days,
      remindedPeriodIndex: null,
      updatedAt: work.now,
    })
    .where(eq(plans.id, pause.planId));
  // The credit still valid when the pause began keeps its days (expired lots and spent ones alike).
  const lots = await rowsOf<{ id: string; valid_until: string }>(
    work.db,
    sql`SELECT id, to_json(valid_until) #>> '{}' AS valid_until FROM credit_lots
        WHERE plan_id = ${pause.planId} AND valid_until > ${pause.startsAt.toISOString()}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM credit_entries WHERE lot_id = credit_lots.id AND kind = 'expiry')
        ORDER BY id FOR UPDATE`,
  );
  for (const lot of lots) {
    const later = laterByDays(new Date(lot.valid_until), days, timeZone);
    await work.db.execute(
      sql`UPDATE credit_lots SET valid_until = ${later.toISOString()}::timestamptz WHERE id = ${lot.id}`,
    );
  }
  await logActivity(work, {
    kind: 'plan.resumed',
    subject: { type: 'plan', id: pause.planId },
    spaceId: plan!.spaceId,
    aboutUserId: plan!.userId,
    details: {
      formulaName: row.formulaName,
      formulaNameEn: row.formulaNameEn,
      startsOn: pause.startsOn,
      endsOn,
      days,
      early: endsOn < pause.endsOn,
      periodEndsAt: periodEndsAt?.toISOString() ?? null,
    },
  });
  return true;
}

/** Its member calls off a pause not begun yet, or resumes a running one today. */
export async function endPause(ctx: ServiceContext, pauseId: string) {
  const user = requireSignedIn(ctx.actor);
  const row = await pauseWithPlan(ctx.db, pauseId);
  if (!row || !isSelf(user, row.plan.userId)) throw new AppError('not-found', `No pause ${pauseId}`);
  const { pause, plan } = row;
  await unitOfWork(ctx, async (work) => {
    if (pause.startsAt > work.now) {
      const [cancelled] = await work.db
        .update(planPauses)
        .set({ status: 'cancelled', cancelledAt: work.now })
        .where(and(eq(planPauses.id, pauseId), eq(planPauses.status, 'planned')))
        .returning();
      if (!cancelled) return;
      await logActivity(work, {
        kind: 'plan.pause_cancelled',
        subject: { type: 'plan', id: plan.id },
        spaceId: plan.spaceId,
        details: {
          formulaName: row.formulaName,
          formulaNameEn: row.formulaNameEn,
          startsOn: pause.startsOn,
          endsOn: pause.endsOn,
        },
      });
      return;
    }
    await applyPause(work, pauseId, todayIn(row.timeZone, work.now));
  });
  return planView(ctx, plan.id);
}

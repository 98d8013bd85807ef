import { and, eq, sql } from 'drizzle-orm';
import { AppError, refused } from '#contract/errors';
import { type CreditUnit, type PaymentMethod } from '#contract/formulas.plain';
import { withVatBreakdown } from '#contract/money';
import { lastDayOfUse, todayIn } from '#contract/dates';
import { rowsOf } from '../../db/rows';
import { creditLots, formulas, orderLines, orders, plans } from '../../db/schema/formulas';
import { spaces } from '../../db/schema/spaces';
import type { Db } from '../../db/client';
import { spaceSummaryOf } from '../../db/space-summary';
import { type Tx } from '../../db/transaction';
import { issueInvoice, requireBillingDetailsFor } from '../../billing/invoicing';
import { lockOrder, payOrder, registerOrderSettler } from '../../billing/orders';
import { enqueueJob, wakeJobRunner } from '../../platform/jobs';
import { isSelf, may, requireSignedIn } from '../../platform/policy';
import {
  logActivity,
  unitOfWork,
  type ServiceContext,
  type WorkContext,
} from '../../platform/service-context';
import { formulaMailJob } from './formula-mails';
import { salesSettingsOf, toOrder, type FormulaRow } from './formula-view';
import { dayPassValidity, membershipPeriod, packValidity } from './periods';

/**
 * Buying a formula and paying for it: the order, its invoice, the plan and its first credit (docs/decisions/021).
 * Every change runs in a unit of work with its activity entry and its e-mail job. Cancelling and adjusting
 * are in plan-changes.service.ts, what members and managers read in plan-reads.service.ts.
 */

export type PlanRow = typeof plans.$inferSelect;

/** The period (or validity) a plan starting at `at` covers, in its space's zone. */
function firstPeriod(formula: FormulaRow, at: Date, timeZone: string) {
  if (formula.kind === 'membership') {
    const anchor = todayIn(timeZone, at);
    return { anchor, ...membershipPeriod(anchor, formula.period!, 0, timeZone) };
  }
  if (formula.kind === 'pack') return { anchor: null, ...packValidity(at, formula.validityDays!, timeZone) };
  return { anchor: null, ...dayPassValidity(at, timeZone) };
}

/** Grants a lot of credit for a plan's period, with its ledger line; once per plan, period and source. */
export async function grantLot(
  tx: Db | Tx,
  lot: {
    planId: string;
    spaceId: string;
    userId: string;
    periodIndex: number;
    source: 'period' | 'rollover';
    unit: CreditUnit;
    roomKinds: string[];
    validFrom: Date;
    validUntil: Date;
    amount: number;
    orderId: string | null;
    actorId: string | null;
    now: Date;
  },
): Promise<string | null> {
  const [row] = await tx
    .insert(creditLots)
    .values({
      planId: lot.planId,
      spaceId: lot.spaceId,
      userId: lot.userId,
      periodIndex: lot.periodIndex,
      source: lot.source,
      unit: lot.unit,
      roomKinds: lot.roomKinds,
      validFrom: lot.validFrom,
      validUntil: lot.validUntil,
      createdAt: lot.now,
    })
    .onConflictDoNothing()
    .returning({ id: creditLots.id });
  if (!row) return null;
  await tx.execute(sql`
    INSERT INTO credit_entries (lot_id, user_id, kind, amount, order_id, actor_id, occurred_at)
    VALUES (${row.id}, ${lot.userId}, 'grant', ${lot.amount}, ${lot.orderId}, ${lot.actorId}, ${lot.now.toISOString()}::timestamptz)`);
  return row.id;
}

/** Starts a plan at `at`: its first period, its first lot. Answers the period. */
async function activatePlan(
  work: WorkContext,
  plan: PlanRow,
  formula: FormulaRow,
  orderId: string,
  timeZone: string,
): Promise<{ startsAt: Date; endsAt: Date }> {
  const period = firstPeriod(formula, work.now, timeZone);
  await work.db
    .update(plans)
    .set({
      status: 'active',
      anchorDate: period.anchor,
      periodStartsAt: period.startsAt,
      periodEndsAt: period.endsAt,
      updatedAt: work.now,
    })
    .where(eq(plans.id, plan.id));
  await grantLot(work.db, {
    planId: plan.id,
    spaceId: plan.spaceId,
    userId: plan.userId,
    periodIndex: 0,
    source: 'period',
    unit: formula.creditUnit,
    roomKinds: formula.roomKinds,
    // A pack bought today covers from now; a membership's first period from today's midnight.
    validFrom: period.startsAt,
    validUntil: period.endsAt,
    amount: formula.creditAmount,
    orderId,
    actorId: work.actor?.id ?? null,
    now: work.now,
  });
  return period;
}

/** Inserts an order and its one line for a plan's period, at the formula's price. */
export async function insertOrder(
  tx: Tx,
  input: {
    plan: PlanRow;
    formula: FormulaRow;
    periodIndex: number;
    method: PaymentMethod;
    graceDays: number;
    now: Date;
  },
) {
  const { formula } = input;
  const price = withVatBreakdown(formula.priceExclVatCents, formula.vatRateBasisPoints);
  const [order] = await tx
    .insert(orders)
    .values({
      spaceId: input.plan.spaceId,
      userId: input.plan.userId,
      planId: input.plan.id,
      periodIndex: input.periodIndex,
      paymentMethod: input.method,
      status: price.inclVatCents === 0 ? 'paid' : 'awaiting_payment',
      exclVatCents: price.exclVatCents,
      vatCents: price.vatCents,
      totalCents: price.inclVatCents,
      dueAt: new Date(input.now.getTime() + input.graceDays * 86_400_000),
      paidAt: price.inclVatCents === 0 ? input.now : null,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!order) return null;
  await insertFormulaOrderLine(tx, order.id, formula);
  return order;
}

/** An order's one line: the formula, once, at its price (the label is its French name, as invoices print it). */
export async function insertFormulaOrderLine(
  db: Db | Tx,
  orderId: string,
  formula: FormulaRow,
): Promise<void> {
  const price = withVatBreakdown(formula.priceExclVatCents, formula.vatRateBasisPoints);
  await db.insert(orderLines).values({
    orderId,
    formulaId: formula.id,
    label: formula.nameFr,
    quantity: 1,
    unitExclVatCents: price.exclVatCents,
    vatRateBasisPoints: formula.vatRateBasisPoints,
    exclVatCents: price.exclVatCents,
    vatCents: price.vatCents,
    totalCents: price.inclVatCents,
  });
}

/**
 * Invoices an order in the unit of work that places it, when the space invoices its orders (issue 15,
 * docs/decisions/024): its line as ordered, the service dates being the period it pays for.
 */
export async function invoiceOrder(
  work: WorkContext,
  order: typeof orders.$inferSelect,
  service: { start: string; end: string },
) {
  // The order keeps the French name; the invoice is written in the buyer's language (issue 28).
  const lines = await work.db
    .select({ line: orderLines, nameEn: formulas.nameEn })
    .from(orderLines)
    .leftJoin(formulas, eq(formulas.id, orderLines.formulaId))
    .where(eq(orderLines.orderId, order.id));
  return issueInvoice(
    work,
    {
      spaceId: order.spaceId,
      buyerUserId: order.userId,
      orderId: order.id,
      lines: lines.map(({ line, nameEn }) => ({
        label: line.label,
        labels: { en: nameEn ?? '' },
        quantity: line.quantity,
        unitExclVatCents: line.unitExclVatCents,
        vatRateBasisPoints: line.vatRateBasisPoints,
      })),
      serviceStart: service.start,
      serviceEnd: service.end,
    },
    'automatic',
  );
}

/**
 * Buys a formula: the plan, its first order (on site or by transfer, as the member chose) and, when the space
 * starts plans at purchase (or the formula is free), its first credit. Requires a confirmed address; a retry
 * with the same key answers the first purchase.
 */
export async function buyFormula(
  ctx: ServiceContext,
  input: { formulaId: string; paymentMethod: PaymentMethod; idempotencyKey: string },
) {
  const user = requireSignedIn(ctx.actor);
  if (!user.emailVerified) throw refused('email-not-verified', 'Confirm your e-mail address before buying');
  const [found] = await ctx.db
    .select({ formula: formulas, spaceStatus: spaces.status, timeZone: spaces.timeZone })
    .from(formulas)
    .innerJoin(spaces, eq(spaces.id, formulas.spaceId))
    .where(eq(formulas.id, input.formulaId));
  if (!found || found.spaceStatus !== 'published')
    throw new AppError('not-found', `No formula ${input.formulaId}`);
  const { formula } = found;
  const settings = await salesSettingsOf(ctx.db, formula.spaceId);
  const result = await unitOfWork(ctx, async (work) => {
    const [earlier] = await work.db
      .select()
      .from(plans)
      .where(and(eq(plans.userId, user.id), eq(plans.idempotencyKey, input.idempotencyKey)));
    if (earlier) {
      if (earlier.formulaId !== formula.id) throw refused('idempotency-key-reused', 'Key already used');
      const [order] = await work.db
        .select()
        .from(orders)
        .where(and(eq(orders.planId, earlier.id), eq(orders.periodIndex, 0)));
      const lines = await work.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
      return { order: toOrder(order!, lines), planId: earlier.id, planStatus: earlier.status, fresh: false };
    }
    if (formula.status !== 'active') throw refused('formula-archived', 'This formula is no longer sold');
    await requireBillingDetailsFor(work.db, {
      spaceId: formula.spaceId,
      buyerUserId: user.id,
      sales: 'orders',
      exclVatCents: formula.priceExclVatCents,
    });
    // The member's row serialises their purchases, so two at once cannot both pass the limit.
    await work.db.execute(sql`SELECT 1 FROM users WHERE id = ${user.id} FOR UPDATE`);
    if (formula.perMemberLimit !== null) {
      const [{ held }] = (await rowsOf<{ held: number }>(
        work.db,
        sql`SELECT count(*)::int AS held FROM plans WHERE user_id = ${user.id} AND formula_id = ${formula.id} AND status <> 'ended'`,
      )) as [{ held: number }];
      if (held >= formula.perMemberLimit)
        throw refused('limit-reached', 'You already hold as many as allowed');
    }
    const [plan] = await work.db
      .insert(plans)
      .values({
        spaceId: formula.spaceId,
        userId: user.id,
        formulaId: formula.id,
        status: 'pending_payment',
        idempotencyKey: input.idempotencyKey,
        createdAt: work.now,
        updatedAt: work.now,
      })
      .returning();
    const order = (await insertOrder(work.db, {
      plan: plan!,
      formula,
      periodIndex: 0,
      method: input.paymentMethod,
      graceDays: settings.graceDays,
      now: work.now,
    }))!;
    const today = todayIn(found.timeZone, work.now);
    // The invoice's service dates: the validity or period when it starts now (its last day of use as its
    // end), else the day of purchase (it starts when the space records the payment).
    let service = { start: today, end: today };
    let status = plan!.status;
    if (settings.activation === 'purchase' || order.status === 'paid') {
      const period = await activatePlan(work, plan!, formula, order.id, found.timeZone);
      service = { start: today, end: lastDayOfUse(period.endsAt, found.timeZone) };
      status = 'active';
    }
    await invoiceOrder(work, order, service);
    await logActivity(work, {
      kind: 'order.placed',
      subject: { type: 'order', id: order.id },
      spaceId: formula.spaceId,
      details: {
        formulaName: formula.nameFr,
        formulaNameEn: formula.nameEn,
        totalCents: order.totalCents,
        paymentMethod: input.paymentMethod,
      },
    });
    await enqueueJob(work.db, formulaMailJob, { event: 'order-placed', planId: plan!.id, orderId: order.id });
    const lines = await work.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    return { order: toOrder(order, lines), planId: plan!.id, planStatus: status, fresh: true };
  });
  if (result.fresh) wakeJobRunner();
  const { fresh: _fresh, ...answer } = result;
  return answer;
}

async function managedOrder(ctx: ServiceContext, orderId: string) {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  // An event registration's order is marked paid from its event (events.markPaid), not here.
  if (!order || !order.planId) throw new AppError('not-found', `No order ${orderId}`);
  if (!(await may(ctx, 'manage', order.spaceId))) {
    if (isSelf(ctx.actor, order.userId))
      throw new AppError('permission-denied', 'Only the space records payments');
    throw new AppError('not-found', `No order ${orderId}`);
  }
  return order;
}

/**
 * How billing pays a plan's order (server/billing/orders.ts): the plan is locked first, as its renewals and
 * sweeps do; once paid, a plan waiting for it starts now, a plan suspended for it is active again (its
 * credit, frozen meanwhile, is usable again), with the order's entry.
 */
registerOrderSettler('plan', {
  async lockFirst(work, order) {
    await work.db.execute(sql`SELECT 1 FROM plans WHERE id = ${order.planId} FOR UPDATE`);
  },
  async onPaid(work, paid, through) {
    const [plan] = await work.db.select().from(plans).where(eq(plans.id, paid.planId!)).for('update');
    const [formula] = await work.db.select().from(formulas).where(eq(formulas.id, plan!.formulaId));
    const space = await spaceSummaryOf(work.db, paid.spaceId);
    if (plan!.status === 'pending_payment')
      await activatePlan(work, plan!, formula!, paid.id, space.timeZone);
    if (plan!.status === 'suspended') {
      const [{ unpaid }] = (await rowsOf<{ unpaid: number }>(
        work.db,
        sql`SELECT count(*)::int AS unpaid FROM orders WHERE plan_id = ${plan!.id} AND status = 'awaiting_payment'
              AND due_at <= ${work.now.toISOString()}::timestamptz`,
      )) as [{ unpaid: number }];
      if (unpaid === 0)
        await work.db
          .update(plans)
          .set({ status: plan!.cancelledAt ? 'cancelling' : 'active', updatedAt: work.now })
          .where(eq(plans.id, plan!.id));
    }
    await logActivity(work, {
      kind: 'order.paid',
      subject: { type: 'order', id: paid.id },
      spaceId: paid.spaceId,
      aboutUserId: paid.userId,
      changes: { status: { before: 'awaiting_payment', after: 'paid' } },
      details: {
        formulaName: formula!.nameFr,
        formulaNameEn: formula!.nameEn,
        totalCents: paid.totalCents,
        ...(through.via === 'invoice'
          ? { paidThrough: 'invoice', invoiceNumber: through.invoiceNumber }
          : {}),
      },
    });
  },
});

/** A manager records that an order was paid (on site, by transfer); its invoice gets the payment. */
export async function markOrderPaid(ctx: ServiceContext, orderId: string) {
  requireSignedIn(ctx.actor);
  await managedOrder(ctx, orderId);
  return unitOfWork(ctx, async (work) => {
    await lockOrder(work, orderId);
    const paid = await payOrder(work, orderId, { via: 'order' });
    if (!paid) throw refused('not-paid-yet', 'This order is not awaiting payment');
    const lines = await work.db.select().from(orderLines).where(eq(orderLines.orderId, paid.id));
    return toOrder(paid, lines);
  });
}

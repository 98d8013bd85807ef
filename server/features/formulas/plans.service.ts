import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { AppError, refused } from '#contract/errors';
import { LEDGER_PAGE_SIZE, type TLedgerLine, type TLot, type TPlan } from '#contract/formulas';
import {
  INSUFFICIENT_CREDIT_SQLSTATE,
  CANCELLABLE_PLAN_STATUSES,
  SPENDABLE_PLAN_STATUSES,
  type CreditUnit,
  type PaymentMethod,
} from '#contract/formulas.plain';
import { withVatBreakdown } from '#contract/money';
import { todayIn } from '#contract/dates';
import type { RoomKind } from '#contract/rooms';
import type { Db } from '../../db/client';
import { keysetPageOf } from '../../db/pagination';
import { rowsOf } from '../../db/rows';
import { users } from '../../db/schema/auth';
import { creditLots, formulas, orderLines, orders, planPauses, plans } from '../../db/schema/formulas';
import { rooms } from '../../db/schema/rooms';
import { spaces } from '../../db/schema/spaces';
import { sqlStateOf, type Tx } from '../../db/transaction';
import { creditQuote, usableLots } from '../../platform/credit-ledger';
import { issueInvoice, settleSale } from '../../platform/invoicing';
import { enqueueJob, wakeJobRunner } from '../../platform/jobs';
import { isSelf, may, requireRight, requireSignedIn } from '../../platform/policy';
import {
  logActivity,
  unitOfWork,
  type ServiceContext,
  type WorkContext,
} from '../../platform/service-context';
import { formulaMailJob } from './formula-mails';
import { salesSettingsOf, toFormula, toOrder, type FormulaRow } from './formula-view';
import { pausePoliciesOf, pausesOf } from './pause-view';
import { dayPassValidity, membershipPeriod, packValidity } from './periods';
import { readAll } from '../../db/read-all';

/**
 * Buying a formula, the plans members hold and their credit (docs/decisions/021). Every change runs in a
 * unit of work with its activity entry and its e-mail job.
 */

type PlanRow = typeof plans.$inferSelect;

/** How long after its end a lot still shows on a plan (then only in the ledger). */
const LOTS_SHOWN_DAYS = 45;
type SpaceInfo = { id: string; slug: string; name: string; city: string; timeZone: string };

async function spaceInfo(db: Db | Tx, spaceId: string): Promise<SpaceInfo> {
  const [space] = await db
    .select({
      id: spaces.id,
      slug: spaces.slug,
      name: spaces.name,
      city: spaces.city,
      timeZone: spaces.timeZone,
    })
    .from(spaces)
    .where(eq(spaces.id, spaceId));
  if (!space) throw new AppError('not-found', `No space ${spaceId}`);
  return space;
}

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
  tx: Tx,
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

/** Starts a plan at `at`: its first period, its first lot. */
async function activatePlan(
  work: WorkContext,
  plan: PlanRow,
  formula: FormulaRow,
  orderId: string,
  timeZone: string,
) {
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
  await tx.insert(orderLines).values({
    orderId: order.id,
    formulaId: formula.id,
    label: formula.nameFr,
    quantity: 1,
    unitExclVatCents: price.exclVatCents,
    vatRateBasisPoints: formula.vatRateBasisPoints,
    exclVatCents: price.exclVatCents,
    vatCents: price.vatCents,
    totalCents: price.inclVatCents,
  });
  return order;
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
  const lines = await work.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  return issueInvoice(
    work,
    {
      spaceId: order.spaceId,
      buyerUserId: order.userId,
      orderId: order.id,
      lines: lines.map((line) => ({
        label: line.label,
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
    await invoiceOrder(work, order, { start: today, end: today });
    let status = plan!.status;
    if (settings.activation === 'purchase' || order.status === 'paid') {
      await activatePlan(work, plan!, formula, order.id, found.timeZone);
      status = 'active';
    }
    await logActivity(work, {
      kind: 'order.placed',
      subject: { type: 'order', id: order.id },
      spaceId: formula.spaceId,
      details: {
        formulaName: formula.nameFr,
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
 * Settles a plan's order awaiting payment, in the caller's unit of work: the order is paid, a plan waiting
 * for it starts now, a plan suspended for it is active again (its credit, frozen meanwhile, is usable
 * again). Marked paid from the order (`through` null), its invoice gets the remaining amount as a payment;
 * settled because its invoice was paid in full (`invoices.recordPayment`), the invoice already is. Null when
 * the order was not awaiting payment. The order's row is locked first, then the plan, then the invoice: the
 * order a payment recorded on the invoice takes too, so the two queue rather than deadlock.
 */
export async function settlePlanOrder(
  work: WorkContext,
  orderId: string,
  through: { invoiceNumber: string } | null,
) {
  const [paid] = await work.db
    .update(orders)
    .set({ status: 'paid', paidAt: work.now, paidById: work.actor?.id ?? null })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'awaiting_payment'), isNotNull(orders.planId)))
    .returning();
  if (!paid?.planId) return null;
  const [plan] = await work.db.select().from(plans).where(eq(plans.id, paid.planId)).for('update');
  const [formula] = await work.db.select().from(formulas).where(eq(formulas.id, plan!.formulaId));
  const space = await spaceInfo(work.db, paid.spaceId);
  if (plan!.status === 'pending_payment') await activatePlan(work, plan!, formula!, paid.id, space.timeZone);
  // Its invoice, if it has one, is paid too (a payment in the chained journal).
  if (!through) await settleSale(work, { orderId: paid.id }, paid.paymentMethod, space.timeZone);
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
      totalCents: paid.totalCents,
      ...(through ? { paidThrough: 'invoice', invoiceNumber: through.invoiceNumber } : {}),
    },
  });
  return paid;
}

/** A manager records that an order was paid (on site, by transfer): see `settlePlanOrder`. */
export async function markOrderPaid(ctx: ServiceContext, orderId: string) {
  requireSignedIn(ctx.actor);
  await managedOrder(ctx, orderId);
  return unitOfWork(ctx, async (work) => {
    const paid = await settlePlanOrder(work, orderId, null);
    if (!paid) throw refused('not-paid-yet', 'This order is not awaiting payment');
    const lines = await work.db.select().from(orderLines).where(eq(orderLines.orderId, paid.id));
    return toOrder(paid, lines);
  });
}

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
      details: { formulaName: formula!.nameFr, endsAt: row.periodEndsAt?.toISOString() ?? null },
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

// ——— Reading ———

async function lotsOf(
  db: Db | Tx,
  where: ReturnType<typeof sql>,
  now: Date,
  planStatus: Map<string, string>,
) {
  const rows = await rowsOf<{
    id: string;
    plan_id: string;
    source: 'period' | 'rollover';
    unit: CreditUnit;
    room_kinds: RoomKind[];
    valid_from: string;
    valid_until: string;
    granted: number;
    balance: number;
  }>(
    db,
    sql`WITH chosen AS (SELECT * FROM credit_lots WHERE ${where}),
        sums AS (
          SELECT e.lot_id, coalesce(sum(e.amount) FILTER (WHERE e.kind = 'grant'), 0) AS granted,
                 sum(e.amount) AS balance
          FROM credit_entries e WHERE e.lot_id IN (SELECT id FROM chosen) GROUP BY e.lot_id
        )
        SELECT chosen.id, plan_id, source, unit, room_kinds, to_json(valid_from) #>> '{}' AS valid_from,
               to_json(valid_until) #>> '{}' AS valid_until,
               coalesce(sums.granted, 0)::int AS granted, coalesce(sums.balance, 0)::int AS balance
        FROM chosen LEFT JOIN sums ON sums.lot_id = chosen.id ORDER BY valid_until, created_at`,
  );
  return rows.map((row): TLot & { planId: string } => {
    const valid = new Date(row.valid_from) <= now && now < new Date(row.valid_until);
    return {
      id: row.id,
      planId: row.plan_id,
      source: row.source,
      unit: row.unit,
      roomKinds: row.room_kinds,
      validFrom: new Date(row.valid_from).toISOString(),
      validUntil: new Date(row.valid_until).toISOString(),
      granted: Number(row.granted),
      balance: Number(row.balance),
      usable:
        valid && (SPENDABLE_PLAN_STATUSES as readonly string[]).includes(planStatus.get(row.plan_id) ?? ''),
    };
  });
}

/** Plans with their formula, space, lots, orders and pauses (one query each). */
export async function plansOf(db: Db | Tx, where: ReturnType<typeof sql>, now: Date) {
  const rows = await db
    .select({
      plan: plans,
      formula: formulas,
      space: {
        id: spaces.id,
        slug: spaces.slug,
        name: spaces.name,
        city: spaces.city,
        timeZone: spaces.timeZone,
      },
      member: { id: users.id, name: users.name, email: users.email },
    })
    .from(plans)
    .innerJoin(formulas, eq(formulas.id, plans.formulaId))
    .innerJoin(spaces, eq(spaces.id, plans.spaceId))
    .innerJoin(users, eq(users.id, plans.userId))
    .where(where)
    .orderBy(desc(plans.createdAt))
    .limit(500);
  if (!rows.length) return [];
  const ids = rows.map((row) => row.plan.id);
  const status = new Map(rows.map((row) => [row.plan.id, row.plan.status]));
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // Lots still valid or ended in the last weeks: a membership's older periods are in the ledger, so a long
  // history costs the page nothing.
  const shownSince = new Date(now.getTime() - LOTS_SHOWN_DAYS * 86_400_000).toISOString();
  // Independent reads, sent together on the pool (in a transaction, one after the other: read-all.ts).
  const [lots, orderRows, pauses, policyOf] = await readAll(db, [
    () =>
      lotsOf(
        db,
        sql`credit_lots.plan_id IN (${idList}) AND credit_lots.valid_until > ${shownSince}::timestamptz`,
        now,
        status,
      ),
    () =>
      db
        .select()
        .from(orders)
        .where(
          and(
            inArray(orders.planId, ids),
            // Recent orders and any still to pay; older ones are paid history.
            sql`(${orders.status} = 'awaiting_payment' OR ${orders.createdAt} > ${shownSince}::timestamptz)`,
          ),
        )
        .orderBy(desc(orders.periodIndex)),
    () => pausesOf(db, ids, now),
    () => pausePoliciesOf(db, [...new Set(rows.map((row) => row.space.id))]),
  ]);
  const lines = orderRows.length
    ? await db
        .select()
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            orderRows.map((order) => order.id),
          ),
        )
    : [];
  return rows.map(({ plan, formula, space, member }) => {
    const planLots = lots.filter((lot) => lot.planId === plan.id).map(({ planId: _planId, ...lot }) => lot);
    const sum = (unit: CreditUnit) =>
      planLots
        .filter((lot) => lot.usable && lot.unit === unit)
        .reduce((total, lot) => total + lot.balance, 0);
    return {
      id: plan.id,
      status: plan.status,
      formula: toFormula(formula),
      space,
      member,
      periodIndex: plan.periodIndex,
      periodStartsAt: plan.periodStartsAt?.toISOString() ?? null,
      periodEndsAt: plan.periodEndsAt?.toISOString() ?? null,
      cancelledAt: plan.cancelledAt?.toISOString() ?? null,
      endedAt: plan.endedAt?.toISOString() ?? null,
      createdAt: plan.createdAt.toISOString(),
      lots: planLots,
      orders: orderRows.filter((order) => order.planId === plan.id).map((order) => toOrder(order, lines)),
      balance: { minutes: sum('minutes'), entries: sum('entries') },
      pauses: pauses.get(plan.id) ?? [],
      pausePolicy: policyOf(space.id),
    } satisfies TPlan & { member: unknown };
  });
}

export async function listMyPlans(ctx: ServiceContext) {
  const user = requireSignedIn(ctx.actor);
  const list = (await plansOf(ctx.db, sql`plans.user_id = ${user.id}`, ctx.now)).map(
    ({ member: _member, ...plan }) => plan,
  );
  const balance = list.reduce(
    (total, plan) => ({
      minutes: total.minutes + plan.balance.minutes,
      entries: total.entries + plan.balance.entries,
    }),
    { minutes: 0, entries: 0 },
  );
  return { plans: list, balance };
}

export async function listSpacePlans(ctx: ServiceContext, spaceId: string) {
  await requireRight(ctx, 'manage', spaceId);
  return plansOf(ctx.db, sql`plans.space_id = ${spaceId}`, ctx.now);
}

/**
 * The member's ledger, newest first, each line with its lot's balance just after it (a window sum over the
 * lot, in entry order) and the booking or the event's place it paid or refunded.
 */
export async function listMyLedger(
  ctx: ServiceContext,
  input: { cursor?: string },
  pageSize = LEDGER_PAGE_SIZE,
) {
  const user = requireSignedIn(ctx.actor);
  // The cursor is the last line's id of the page before; anything else starts from the newest.
  const before = /^[1-9]\d{0,15}$/.test(input.cursor ?? '') ? Number(input.cursor) : null;
  const rows = await rowsOf<{
    id: number;
    lot_id: string;
    kind: TLedgerLine['kind'];
    amount: number;
    unit: CreditUnit;
    occurred_at: string;
    reason: string | null;
    balance_after: number;
    reservation_id: string | null;
    room_name: string | null;
    starts_at: string | null;
    ends_at: string | null;
    event_id: string | null;
    event_title_fr: string | null;
    event_title_en: string | null;
    event_starts_at: string | null;
    event_ends_at: string | null;
  }>(
    ctx.db,
    // The page first (the member's entries by id, newest first), then the running balance of only the lots
    // the page touches, up to its newest line: the cost follows the page, not the member's whole history.
    sql`WITH page AS (
          SELECT e.id, e.lot_id, e.kind, e.amount, e.reason, e.reservation_id, e.registration_id, e.occurred_at
          FROM credit_entries e
          WHERE e.user_id = ${user.id} AND ${before ? sql`e.id < ${before}` : sql`TRUE`}
          ORDER BY e.id DESC LIMIT ${pageSize + 1}
        ),
        running AS (
          SELECT r.id, sum(r.amount) OVER (PARTITION BY r.lot_id ORDER BY r.id) AS balance_after
          FROM credit_entries r
          WHERE r.lot_id IN (SELECT DISTINCT lot_id FROM page) AND r.id <= (SELECT max(id) FROM page)
        )
        SELECT page.id, page.lot_id, page.kind, page.amount, l.unit, to_json(page.occurred_at) #>> '{}' AS occurred_at,
               page.reason, running.balance_after::int AS balance_after, page.reservation_id, rooms.name AS room_name,
               to_json(r.starts_at) #>> '{}' AS starts_at, to_json(r.ends_at) #>> '{}' AS ends_at,
               ev.id AS event_id, ev.title_fr AS event_title_fr, ev.title_en AS event_title_en,
               to_json(ev.starts_at) #>> '{}' AS event_starts_at, to_json(ev.ends_at) #>> '{}' AS event_ends_at
        FROM page JOIN running ON running.id = page.id JOIN credit_lots l ON l.id = page.lot_id
        LEFT JOIN reservations r ON r.id = page.reservation_id
        LEFT JOIN rooms ON rooms.id = r.room_id
        LEFT JOIN event_registrations er ON er.id = page.registration_id
        LEFT JOIN events ev ON ev.id = er.event_id
        ORDER BY page.id DESC`,
  );
  const { items, nextCursor } = keysetPageOf(rows, pageSize, (last) => String(last.id));
  const lines = items.map((row): TLedgerLine => ({
    id: String(row.id),
    lotId: row.lot_id,
    kind: row.kind,
    amount: Number(row.amount),
    unit: row.unit,
    occurredAt: new Date(row.occurred_at).toISOString(),
    reason: row.reason,
    reservation:
      row.reservation_id && row.starts_at && row.ends_at
        ? {
            id: row.reservation_id,
            roomName: row.room_name ?? '',
            startsAt: new Date(row.starts_at).toISOString(),
            endsAt: new Date(row.ends_at).toISOString(),
          }
        : null,
    event:
      row.event_id && row.event_starts_at && row.event_ends_at
        ? {
            id: row.event_id,
            titleFr: row.event_title_fr ?? '',
            titleEn: row.event_title_en ?? '',
            startsAt: new Date(row.event_starts_at).toISOString(),
            endsAt: new Date(row.event_ends_at).toISOString(),
          }
        : null,
    balanceAfter: Number(row.balance_after),
  }));
  return { lines, nextCursor };
}

/** What paying a slot with credit would cost and leave, for the booking panel; null when no lot covers it. */
export async function getCreditOption(
  ctx: ServiceContext,
  input: { roomId: string; startsAt: string; endsAt: string },
) {
  const user = requireSignedIn(ctx.actor);
  const [room] = await ctx.db
    .select({ spaceId: rooms.spaceId, kind: rooms.kind })
    .from(rooms)
    .where(eq(rooms.id, input.roomId));
  if (!room) throw new AppError('not-found', `No room ${input.roomId}`);
  const slot = {
    userId: user.id,
    spaceId: room.spaceId,
    roomKind: room.kind,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
  };
  const quote = creditQuote(await usableLots(ctx.db, slot), slot);
  if (!quote) return null;
  return {
    unit: quote.unit,
    cost: quote.cost,
    balanceBefore: quote.balanceBefore,
    balanceAfter: quote.balanceAfter,
    enough: quote.lot !== null,
  };
}

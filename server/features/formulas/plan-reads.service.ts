import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import { LEDGER_PAGE_SIZE, type TLedgerLine, type TLot, type TPlan } from '#contract/formulas';
import { SPENDABLE_PLAN_STATUSES, type CreditUnit } from '#contract/formulas.plain';
import type { RoomKind } from '#contract/rooms';
import type { Db } from '../../db/client';
import { keysetPageOf } from '../../db/pagination';
import { rowsOf } from '../../db/rows';
import { uuidList } from '../../db/sql-lists';
import { users } from '../../db/schema/auth';
import { formulas, orderLines, orders, plans } from '../../db/schema/formulas';
import { rooms } from '../../db/schema/rooms';
import { spaces } from '../../db/schema/spaces';
import { spaceSummaryColumns } from '../../db/space-summary';
import { type Tx } from '../../db/transaction';
import { creditOption } from '../../billing/credit-ledger';
import { requireRight, requireSignedIn } from '../../platform/policy';
import { type ServiceContext } from '../../platform/service-context';
import { toFormula, toOrder } from './formula-view';
import { pausePoliciesOf, pausesOf } from './pause-view';
import { readAll } from '../../db/read-all';

/** What members and managers read of plans: the plans with their lots, the credit ledger, the credit option. */

/** How long after its end a lot still shows on a plan (then only in the ledger). */
const LOTS_SHOWN_DAYS = 45;

export async function lotsOf(
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
      space: spaceSummaryColumns,
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
  const idList = uuidList(ids);
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
    formula_id: string;
    formula_name_fr: string;
    formula_name_en: string;
    time_zone: string;
    lot_valid_until: string;
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
               to_json(ev.starts_at) #>> '{}' AS event_starts_at, to_json(ev.ends_at) #>> '{}' AS event_ends_at,
               f.id AS formula_id, f.name_fr AS formula_name_fr, f.name_en AS formula_name_en,
               s.time_zone, to_json(l.valid_until) #>> '{}' AS lot_valid_until
        FROM page JOIN running ON running.id = page.id JOIN credit_lots l ON l.id = page.lot_id
        JOIN plans p ON p.id = l.plan_id JOIN formulas f ON f.id = p.formula_id JOIN spaces s ON s.id = l.space_id
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
    formula: { id: row.formula_id, nameFr: row.formula_name_fr, nameEn: row.formula_name_en },
    timeZone: row.time_zone,
    lotValidUntil: new Date(row.lot_valid_until).toISOString(),
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
  return creditOption(ctx.db, slot);
}

import { and, inArray, ne, sql } from 'drizzle-orm';
import type { TPause } from '#contract/formulas';
import type { Db } from '../../db/client';
import { planPauses, spaceSalesSettings } from '../../db/schema/formulas';
import type { Tx } from '../../db/transaction';
import { daysFromUntil } from '#contract/dates';
import { DEFAULT_PAUSE_MAX_DAYS, DEFAULT_PAUSE_NOTICE_DAYS } from '#contract/formulas.plain';

/** How long after its end a pause still shows on its plan. */
const PAUSES_SHOWN_DAYS = 45;

export type PauseRow = typeof planPauses.$inferSelect;

export function toPause(row: PauseRow, now: Date): TPause {
  return {
    id: row.id,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    days: daysFromUntil(row.startsOn, row.endsOn),
    state: row.status === 'applied' ? 'ended' : row.startsAt <= now ? 'running' : 'upcoming',
  };
}

/** The pauses of these plans not cancelled, still to come or ended in the last weeks, by plan, oldest first. */
export async function pausesOf(db: Db | Tx, planIds: string[], now: Date): Promise<Map<string, TPause[]>> {
  const byPlan = new Map<string, TPause[]>();
  if (!planIds.length) return byPlan;
  const since = new Date(now.getTime() - PAUSES_SHOWN_DAYS * 86_400_000);
  const rows = await db
    .select()
    .from(planPauses)
    .where(
      and(
        inArray(planPauses.planId, planIds),
        ne(planPauses.status, 'cancelled'),
        sql`${planPauses.endsAt} > ${since.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(planPauses.startsAt);
  for (const row of rows) byPlan.set(row.planId, [...(byPlan.get(row.planId) ?? []), toPause(row, now)]);
  return byPlan;
}

/** What each of these spaces allows about pauses (the defaults when it says nothing). */
export async function pausePoliciesOf(db: Db | Tx, spaceIds: string[]) {
  const rows = spaceIds.length
    ? await db.select().from(spaceSalesSettings).where(inArray(spaceSalesSettings.spaceId, spaceIds))
    : [];
  const found = new Map(rows.map((row) => [row.spaceId, row]));
  return (spaceId: string) => {
    const row = found.get(spaceId);
    return {
      allowed: row?.pauseAllowed ?? false,
      maxDays: row?.pauseMaxDays ?? DEFAULT_PAUSE_MAX_DAYS,
      noticeDays: row?.pauseNoticeDays ?? DEFAULT_PAUSE_NOTICE_DAYS,
    };
  };
}

import { sql } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import type { TEventPage, TEventSummary } from '#contract/events';
import { rowsOf } from '../../db/rows';
import { may } from '../../platform/policy';
import { renderMarkdown } from '../../platform/markdown';
import type { ServiceContext } from '../../platform/service-context';
import { creditOption } from '../../billing/credit-ledger';
import { isPaid, refundLimitOf } from './event-payments';
import { coveredKindOf, selectEvents, toSummary, type EventRow } from './event-view';
import { myRegistration } from './registration-records';
import { ATTENDING_STATUSES } from '#contract/events.plain';
import { statusIn } from '../../db/status-sql';

/**
 * What anyone reads of events: a page (/events/{id}) and the upcoming lists of the home and space pages. A
 * draft is seen only by those who run its space; other members see how many attend and the names of those
 * who chose to be shown, never an address.
 */

export async function getEventPage(ctx: ServiceContext, id: string): Promise<TEventPage> {
  const [row] = await selectEvents(ctx.db, sql`events.id = ${id}`, { counts: 'all' });
  if (!row) throw new AppError('not-found', `No event ${id}`);
  const canManage = await may(ctx, 'manage', row.space_id);
  const visible = row.status !== 'draft' && row.space_status === 'published';
  if (!visible && !canManage) throw new AppError('not-found', `No event ${id}`);
  const names = await rowsOf<{ name: string }>(
    ctx.db,
    sql`SELECT users.name FROM event_registrations r JOIN users ON users.id = r.user_id
        WHERE r.event_id = ${id} AND r.show_name AND ${statusIn(sql`r.status`, ATTENDING_STATUSES)} AND users.deleted_at IS NULL
        ORDER BY r.registered_at, r.id LIMIT 200`,
  );
  const summary = toSummary(row);
  const deadline = new Date(row.registration_deadline);
  return {
    ...summary,
    descriptionFrHtml: renderMarkdown(row.description_fr),
    descriptionEnHtml: renderMarkdown(row.description_en),
    registeredCount: Number(row.taken),
    waitlistCount: Number(row.waiting),
    attendeeNames: names.map((entry) => entry.name),
    cancellationReason: row.status === 'cancelled' ? row.cancellation_reason : null,
    canManage,
    open: row.status === 'published' && deadline > ctx.now,
    mine: await myRegistration(ctx, id),
    creditOption: await creditOptionOf(ctx, row),
    scheduleVersion: Number(row.schedule_version),
    refundUntil: isPaid(row) ? (await refundLimitOf(ctx.db, row)).toISOString() : null,
  };
}

/** What paying a place with credit would cost the signed-in reader and leave them; null when nothing covers it. */
async function creditOptionOf(ctx: ServiceContext, row: EventRow) {
  if (!ctx.actor || !isPaid(row) || row.credit_minutes === null) return null;
  const slot = {
    userId: ctx.actor.id,
    spaceId: row.space_id,
    roomKind: coveredKindOf(row),
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    minutes: Number(row.credit_minutes),
  };
  return creditOption(ctx.db, slot);
}

export async function listUpcomingEvents(
  ctx: ServiceContext,
  input: { spaceId?: string; limit: number },
): Promise<TEventSummary[]> {
  const rows = await selectEvents(
    ctx.db,
    sql`events.status = 'published' AND events.ends_at > ${ctx.now.toISOString()}::timestamptz
        AND spaces.status = 'published' ${input.spaceId ? sql`AND events.space_id = ${input.spaceId}` : sql``}`,
    { orderBy: sql`events.starts_at, events.id`, limit: input.limit },
  );
  return rows.map(toSummary);
}

import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, not, or, sql } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import {
  ARRIVAL_STATUSES,
  DEFAULT_FREE_CANCELLATION_HOURS,
  MY_RESERVATIONS_PAGE_SIZE,
  type TBookingPolicy,
  type TManagedReservation,
  type TManagedSpace,
  type TReservation,
  type TSpaceCalendar,
} from '#contract/reservations';
import { activeStatusSql, reservations, spaceBookingPolicies } from '../../db/schema/reservations';
import { checkInSettingsColumns, checkInSettingsOf, checkInSettingsOfRow } from '../../db/check-in-settings';
import { checkInRefusalOf, type CheckInSettings } from '#contract/check-in';
import { rooms } from '../../db/schema/rooms';
import { spaces } from '../../db/schema/spaces';
import { users } from '../../db/schema/auth';
import { changesBetween } from '../../platform/activity';
import { may, requireRight, requireSignedIn, spacesWhere } from '../../platform/policy';
import { logActivity, unitOfWork, type ServiceContext } from '../../platform/service-context';
import { localDays } from './availability.service';
import { selectReservationRecords, toManagedReservation, toReservation } from './reservation-view';
import { localDaySql, openHoursSql } from '../../db/calendar-sql';
import { pageOf } from '../../db/pagination';
import { rowsOf } from '../../db/rows';

/**
 * My reservations. Upcoming: active ones that have not ended, soonest first. Past: everything else
 * (ended, cancelled, declined), latest first.
 */
export async function listMyReservations(
  ctx: ServiceContext,
  input: { scope: 'upcoming' | 'past'; page: number },
): Promise<{ items: TReservation[]; page: number; hasMore: boolean }> {
  const { db, now } = ctx;
  const user = requireSignedIn(ctx.actor);
  const active = activeStatusSql(reservations.status);
  const upcoming = and(active, gt(reservations.endsAt, now));
  const past = or(not(active), lte(reservations.endsAt, now));
  const records = await selectReservationRecords(
    db,
    and(
      eq(reservations.userId, user.id),
      isNull(reservations.eventId),
      input.scope === 'upcoming' ? upcoming : past,
    ),
    {
      order: input.scope === 'upcoming' ? 'asc' : 'desc',
      limit: MY_RESERVATIONS_PAGE_SIZE + 1,
      offset: (input.page - 1) * MY_RESERVATIONS_PAGE_SIZE,
    },
  );
  const { items, hasMore } = pageOf(records, MY_RESERVATIONS_PAGE_SIZE);
  return { items: items.map((record) => toReservation(record, 'member', now)), page: input.page, hasMore };
}

/**
 * What waits for a decision in the spaces the person manages (all spaces for an admin), soonest first:
 * pending requests, and confirmed bookings whose member asked the space to cancel. Both before their start.
 */
export async function listForApproval(
  ctx: ServiceContext,
  input: { spaceId?: string },
): Promise<TManagedReservation[]> {
  const { db, now } = ctx;
  requireSignedIn(ctx.actor);
  if (input.spaceId && !(await may(ctx, 'manage', input.spaceId))) {
    throw new AppError('permission-denied', 'Only the managers of the space may see its requests');
  }
  const managed = input.spaceId ? [input.spaceId] : await spacesWhere(ctx, 'manage');
  const scope = managed === 'all' ? null : managed;
  if (scope && scope.length === 0) return [];
  const records = await selectReservationRecords(
    db,
    and(
      awaitingDecision,
      gt(reservations.startsAt, now),
      scope ? inArray(reservations.spaceId, scope) : undefined,
    ),
    { order: 'asc', limit: 200 },
  );
  return records.map((record) => toManagedReservation(record, now));
}

/** A pending request, or a booking its member asked the space to cancel: a manager decides. */
const awaitingDecision = or(
  eq(reservations.status, 'pending'),
  and(eq(reservations.status, 'confirmed'), isNotNull(reservations.cancellationRequestedAt)),
);

/** How many requests and cancellation requests wait for a decision in one space (the manager's home). */
export async function countAwaitingDecision(
  ctx: ServiceContext,
  spaceId: string,
): Promise<{ count: number }> {
  await requireRight(ctx, 'manage', spaceId);
  const [row] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(reservations)
    .where(and(eq(reservations.spaceId, spaceId), awaitingDecision, gt(reservations.startsAt, ctx.now)));
  return { count: Number(row?.count ?? 0) };
}

/**
 * How many bookings of one space start on a day of its calendar (in its time zone): the people expected
 * that day (the manager's home). Confirmed and already completed ones; not an event's hold on its room.
 */
export async function countArrivals(
  ctx: ServiceContext,
  input: { spaceId: string; date: string },
): Promise<{ count: number }> {
  await requireRight(ctx, 'manage', input.spaceId);
  const day = localDaySql(input.date, sql`(SELECT time_zone FROM spaces WHERE id = ${input.spaceId}::uuid)`);
  const [row] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(reservations)
    .where(
      and(
        eq(reservations.spaceId, input.spaceId),
        isNull(reservations.eventId),
        inArray(reservations.status, ARRIVAL_STATUSES),
        // Bounds rather than `@>`, so the (space, start) index reads only that day.
        sql`${reservations.startsAt} >= lower(${day}) AND ${reservations.startsAt} < upper(${day})`,
      ),
    );
  return { count: Number(row?.count ?? 0) };
}

/** The spaces the person runs, with how many requests wait in each and their cancellation policy. */
export async function listManagedSpaces(ctx: ServiceContext): Promise<TManagedSpace[]> {
  const { db, now } = ctx;
  requireSignedIn(ctx.actor);
  const managed = await spacesWhere(ctx, 'manage');
  const scope = managed === 'all' ? null : managed;
  if (scope && scope.length === 0) return [];
  const rows = await db
    .select({
      id: spaces.id,
      slug: spaces.slug,
      name: spaces.name,
      timeZone: spaces.timeZone,
      freeCancellationHours: spaceBookingPolicies.freeCancellationHours,
      pendingCount: sql<number>`(
        SELECT count(*)::int FROM reservations
        WHERE reservations.space_id = ${spaces.id} AND ${awaitingDecision}
          AND reservations.starts_at > ${now.toISOString()}::timestamptz)`,
    })
    .from(spaces)
    .leftJoin(spaceBookingPolicies, eq(spaceBookingPolicies.spaceId, spaces.id))
    .where(scope ? inArray(spaces.id, scope) : sql`${spaces.status} <> 'archived'`)
    .orderBy(asc(spaces.name));
  return rows.map((row) => ({
    ...row,
    pendingCount: Number(row.pendingCount),
    freeCancellationHours: row.freeCancellationHours ?? DEFAULT_FREE_CANCELLATION_HOURS,
  }));
}

/**
 * One day of a space for its managers: every offered room, the opening hours and every reservation that
 * day (declined ones left out). Two queries whatever the number of rooms.
 */
export async function getSpaceCalendar(
  ctx: ServiceContext,
  input: { spaceId: string; date: string },
): Promise<TSpaceCalendar> {
  const { db } = ctx;
  requireSignedIn(ctx.actor);
  if (!(await may(ctx, 'manage', input.spaceId))) {
    throw new AppError('permission-denied', 'Only the managers of the space may see its planning');
  }
  const [space] = await db
    .select({ id: spaces.id, name: spaces.name, timeZone: spaces.timeZone })
    .from(spaces)
    .where(eq(spaces.id, input.spaceId))
    .limit(1);
  if (!space) throw new AppError('not-found', `No space ${input.spaceId}`);
  const [day] = localDays(input.date, input.date, space.timeZone);
  if (!day) throw new AppError('invalid-argument', 'Invalid date');
  const [open] = await rowsOf<{ open: Array<[string, string]> }>(
    db,
    sql`
    SELECT (SELECT coalesce(json_agg(json_build_array(lower(part), upper(part)) ORDER BY lower(part)), '[]'::json)
              FROM unnest(${openHoursSql(sql`${space.id}::uuid`, sql`${space.timeZone}::text`, sql`${input.date}::date`, sql`${input.date}::date`)}) AS part) AS open`,
  );
  const settings = await checkInSettingsOf(db, space.id);
  const roomList = await db
    .select({ id: rooms.id, name: rooms.name, kind: rooms.kind, capacity: rooms.capacity })
    .from(rooms)
    .where(and(eq(rooms.spaceId, space.id), sql`${rooms.archivedAt} IS NULL`))
    .orderBy(asc(rooms.position), asc(rooms.name));
  const entries = await db
    .select({
      id: reservations.id,
      roomId: reservations.roomId,
      startsAt: reservations.startsAt,
      endsAt: reservations.endsAt,
      status: reservations.status,
      title: reservations.title,
      attendees: reservations.attendees,
      memberName: users.name,
      cancellationRequested: sql<boolean>`${reservations.cancellationRequestedAt} IS NOT NULL`,
      checkedInAt: reservations.checkedInAt,
      eventId: reservations.eventId,
    })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(
      and(
        eq(reservations.spaceId, space.id),
        sql`${reservations.status} <> 'declined'`,
        sql`${reservations.startsAt} < ${day.span.end}::timestamptz`,
        sql`${reservations.endsAt} > ${day.span.start}::timestamptz`,
        // Bounds the index scan on (space_id, starts_at): nothing starts earlier than the longest
        // booking a room of the space allows before the day.
        sql`${reservations.startsAt} > ${day.span.start}::timestamptz - make_interval(mins => (
          SELECT coalesce(max(max_duration_minutes), 0) FROM rooms WHERE rooms.space_id = ${space.id}))`,
      ),
    )
    .orderBy(asc(reservations.startsAt));
  return {
    space,
    date: input.date,
    day: day.span,
    open: (open?.open ?? []).map(([start, end]) => ({
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
    })),
    rooms: roomList,
    entries: entries.map(({ eventId, ...entry }) => ({
      ...entry,
      startsAt: entry.startsAt.toISOString(),
      endsAt: entry.endsAt.toISOString(),
      checkedInAt: entry.checkedInAt?.toISOString() ?? null,
      // An event's hold of its room is checked in at the event's door list, not here.
      canCheckIn: eventId === null && checkInRefusalOf(entry, settings, ctx.now) === null,
    })),
  };
}

/**
 * A space's cancellation policy: anyone may read a published space's, only those who run the space (and
 * admins) the policy of one that is not published; everyone else gets `not-found`, as for any public read.
 */
export async function getBookingPolicy(ctx: ServiceContext, spaceId: string): Promise<TBookingPolicy> {
  const [row] = await ctx.db
    .select({
      status: spaces.status,
      hours: spaceBookingPolicies.freeCancellationHours,
      checkIn: checkInSettingsColumns,
    })
    .from(spaces)
    .leftJoin(spaceBookingPolicies, eq(spaceBookingPolicies.spaceId, spaces.id))
    .where(eq(spaces.id, spaceId))
    .limit(1);
  const visible = row && (row.status === 'published' || (await may(ctx, 'preview', spaceId)));
  if (!visible) throw new AppError('not-found', `No space ${spaceId}`);
  return {
    spaceId,
    freeCancellationHours: row.hours ?? DEFAULT_FREE_CANCELLATION_HOURS,
    checkIn: checkInSettingsOfRow(row.checkIn ?? {}),
  };
}

/**
 * A space's free-cancellation limit and check-in settings (unchanged when left out), changed by its managers;
 * the change is logged with it.
 */
export async function updateBookingPolicy(
  ctx: ServiceContext,
  input: { spaceId: string; freeCancellationHours: number; checkIn?: CheckInSettings },
): Promise<TBookingPolicy> {
  requireSignedIn(ctx.actor);
  if (!(await may(ctx, 'manage', input.spaceId))) {
    throw new AppError('permission-denied', 'Only the managers of the space may change its policy');
  }
  const before = await getBookingPolicy(ctx, input.spaceId);
  const after: TBookingPolicy = {
    spaceId: input.spaceId,
    freeCancellationHours: input.freeCancellationHours,
    checkIn: input.checkIn ?? before.checkIn,
  };
  const values = {
    freeCancellationHours: after.freeCancellationHours,
    releaseUnclaimed: after.checkIn.releaseUnclaimed,
    releaseGraceMinutes: after.checkIn.graceMinutes,
    noShowRefund: after.checkIn.noShowRefund,
    checkInOpensMinutes: after.checkIn.opensMinutes,
  };
  await unitOfWork(ctx, async (work) => {
    await work.db
      .insert(spaceBookingPolicies)
      .values({ spaceId: input.spaceId, ...values })
      .onConflictDoUpdate({
        target: spaceBookingPolicies.spaceId,
        set: { ...values, updatedAt: work.now },
      });
    const [space] = await work.db
      .select({ name: spaces.name })
      .from(spaces)
      .where(eq(spaces.id, input.spaceId));
    await logActivity(work, {
      kind: 'space.policy_changed',
      subject: { type: 'space', id: input.spaceId },
      spaceId: input.spaceId,
      changes: changesBetween({ ...before, ...before.checkIn }, { ...after, ...after.checkIn }, [
        'freeCancellationHours',
        'releaseUnclaimed',
        'graceMinutes',
        'noShowRefund',
        'opensMinutes',
      ]),
      details: { spaceName: space?.name ?? null },
    });
  });
  return after;
}

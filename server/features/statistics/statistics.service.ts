import { sql, type SQL } from 'drizzle-orm';
import { addDays, daysFromUntil, todayIn } from '#contract/dates';
import { AppError } from '#contract/errors';
import { PLACE_HOLDING_STATUSES } from '#contract/events.plain';
import type { RoomKind } from '#contract/rooms';
import {
  REFUSED_BOOKING_REASONS,
  rateBasisPoints,
  type RevenueSource,
  type TFigures,
  type THeatmap,
  type TStatistics,
  type TStatisticsPeriod,
  type TUse,
} from '#contract/statistics';
import type { z } from '#contract/zod';
import type { getStatisticsScope as scopeCallable, ZStatisticsInput } from '#contract/statistics';
import { bookedExclVatSql, daysFromTo } from '../../billing/accounting-export';
import { openIntervalsOfSpacesSql, openSecondsOfSpacesSql } from '../../db/calendar-sql';
import { read, readAll, rowsTogether } from '../../db/read-all';
import { rowsOf } from '../../db/rows';
import { HOUR_COLUMNS, ROOM_DAY_USE_BOOKING_COUNTERS } from '../../db/schema/statistics';
import { uuidList } from '../../db/sql-lists';
import { statusIn } from '../../db/status-sql';
import { maySql, requireSignedIn, spacesWhere } from '../../platform/policy';
import type { ServiceContext } from '../../platform/service-context';
import type { SessionUser } from '../../platform/session';

/**
 * /statistics (docs/decisions/030-statistics.md): a period's figures and the previous period's, read live.
 * Bookings and the room's held time come from `room_day_use`, the rollup a trigger keeps in each change's
 * transaction (migration 0041); everything else from the rows themselves, through their indexes. Money
 * comes from the issued invoices and credit notes by the accountant's export's rule (server/billing).
 */

type Db = ServiceContext['db'];
type StatisticsInput = z.output<typeof ZStatisticsInput>;
type ScopeAnswer = z.input<(typeof scopeCallable)['output']>;

/** What is measured: one space (its zone known), or several (`all`: every space, for an admin). */
interface Scope {
  spaceIds: string[] | 'all';
  space: { id: string; name: string; timeZone: string } | null;
  roomId: string | null;
}

/** `column` names a space of the scope. */
function inScope(scope: Scope, column: SQL): SQL {
  return scope.spaceIds === 'all' ? sql`TRUE` : sql`${column} IN (${uuidList(scope.spaceIds)})`;
}

/** `column` (an instant) falls on one of the period's local days of the zone `zone` (a column or a value). */
function withinDays(column: SQL, zone: SQL, period: TStatisticsPeriod): SQL {
  return sql`${column} >= ((${period.from}::date)::timestamp AT TIME ZONE ${zone})
    AND ${column} < ((${period.to}::date + 1)::timestamp AT TIME ZONE ${zone})`;
}

/** The instant the period ends in `zone`, or now when it has not ended yet. */
function endOf(period: TStatisticsPeriod, zone: SQL, now: Date): SQL {
  return sql`least((${period.to}::date + 1)::timestamp AT TIME ZONE ${zone}, ${now.toISOString()}::timestamptz)`;
}

function startOf(period: TStatisticsPeriod, zone: SQL): SQL {
  return sql`((${period.from}::date)::timestamp AT TIME ZONE ${zone})`;
}

/** The period of the same length just before. */
function previousPeriodOf(period: TStatisticsPeriod): TStatisticsPeriod {
  const days = daysFromUntil(period.from, period.to) + 1;
  return { from: addDays(period.from, -days), to: addDays(period.from, -1) };
}

/**
 * A space the caller was found to manage in this request, with the ids of its rooms when they were read
 * (the scope lists them): what the figures' check need not read again.
 */
interface CheckedSpace {
  id: string;
  name: string;
  timeZone: string;
  roomIds: ReadonlySet<string> | null;
}

/**
 * The spaces checked in a request, kept for that request only (its calls share its service context): the
 * page's loader asks the scope, then the figures of the same space, whose check would read again what the
 * scope has just read. Only the right, the space's name and zone and its rooms are kept, never a figure, and
 * nothing outlives the request (a booking made a second ago counts; a role taken away counts at the next
 * request).
 */
const checkedInRequest = new WeakMap<ServiceContext, Map<string, CheckedSpace>>();

function rememberChecked(ctx: ServiceContext, space: CheckedSpace) {
  const checked = checkedInRequest.get(ctx) ?? new Map<string, CheckedSpace>();
  checked.set(space.id, space);
  checkedInRequest.set(ctx, checked);
}

const notThisSpace = (actor: SessionUser) =>
  actor.isAdmin
    ? new AppError('not-found', 'No such space')
    : new AppError('permission-denied', 'Your role in this space does not allow this');

/**
 * The space asked for, if the caller may manage it (the right, the space and the room read in one
 * statement): refused as `requireRight` refuses (a space they do not manage, or that does not exist, is
 * `permission-denied`; an admin gets `not-found` for a space that does not exist).
 */
async function checkSpace(
  ctx: ServiceContext,
  actor: SessionUser,
  spaceId: string,
  roomId: string | undefined,
): Promise<CheckedSpace> {
  const [space] = await rowsOf<{ id: string; name: string; time_zone: string; may: boolean; room: boolean }>(
    ctx.db,
    sql`SELECT s.id, s.name, s.time_zone, ${maySql(actor, 'manage', sql`s.id`)} AS may,
        ${roomId ? sql`EXISTS (SELECT 1 FROM rooms r WHERE r.id = ${roomId} AND r.space_id = s.id)` : sql`TRUE`} AS room
      FROM spaces s WHERE s.id = ${spaceId}`,
  );
  if (!space?.may) throw notThisSpace(actor);
  if (!space.room) throw new AppError('not-found', 'No such room in this space');
  return { id: space.id, name: space.name, timeZone: space.time_zone, roomIds: null };
}

async function scopeOf(ctx: ServiceContext, input: { spaceId?: string; roomId?: string }): Promise<Scope> {
  const actor = requireSignedIn(ctx.actor);
  if (input.spaceId) {
    const checked = checkedInRequest.get(ctx)?.get(input.spaceId);
    const space =
      checked?.roomIds && (!input.roomId || checked.roomIds.has(input.roomId))
        ? checked
        : await checkSpace(ctx, actor, input.spaceId, input.roomId);
    return {
      spaceIds: [space.id],
      space: { id: space.id, name: space.name, timeZone: space.timeZone },
      roomId: input.roomId ?? null,
    };
  }
  const managed = await spacesWhere(ctx, 'manage');
  if (managed !== 'all' && managed.length === 0) {
    throw new AppError('permission-denied', 'Statistics are for the managers of a space');
  }
  return { spaceIds: managed, space: null, roomId: null };
}

/**
 * The spaces the caller may look at, and the rooms of the one chosen (or of their only space), in one
 * statement: the spaces they manage (an admin: all), and the chosen one's rooms. The space asked for must be
 * one of them.
 */
export async function getStatisticsScope(
  ctx: ServiceContext,
  input: { spaceId?: string },
): Promise<ScopeAnswer> {
  const actor = requireSignedIn(ctx.actor);
  const asked = input.spaceId;
  type SpaceRow = { id: string; name: string; city: string; timeZone: string };
  type RoomRow = { id: string; name: string; kind: RoomKind; archived: boolean };
  const [row] = await rowsOf<{ spaces: SpaceRow[] | null; rooms: RoomRow[] | null }>(
    ctx.db,
    sql`WITH managed AS (SELECT s.id, s.name, s.city, s.time_zone FROM spaces s
          WHERE ${maySql(actor, 'manage', sql`s.id`)}),
        chosen AS (SELECT m.id FROM managed m
          WHERE ${asked ? sql`m.id = ${asked}` : sql`(SELECT count(*) FROM managed) = 1`})
      SELECT
        (SELECT json_agg(json_build_object('id', m.id, 'name', m.name, 'city', m.city, 'timeZone', m.time_zone)
            ORDER BY lower(m.name), m.id) FROM managed m) AS spaces,
        (SELECT json_agg(json_build_object('id', r.id, 'name', r.name, 'kind', r.kind,
            'archived', r.archived_at IS NOT NULL) ORDER BY r.position, lower(r.name), r.id)
          FROM rooms r JOIN chosen c ON c.id = r.space_id) AS rooms`,
  );
  const spaces = row?.spaces ?? [];
  const rooms = row?.rooms ?? [];
  if (!actor.isAdmin && spaces.length === 0) {
    throw new AppError('permission-denied', 'Statistics are for the managers of a space');
  }
  const chosen = asked
    ? spaces.find((space) => space.id === asked)
    : spaces.length === 1
      ? spaces[0]
      : undefined;
  if (asked && !chosen) throw notThisSpace(actor);
  if (chosen) {
    rememberChecked(ctx, {
      id: chosen.id,
      name: chosen.name,
      timeZone: chosen.timeZone,
      roomIds: new Set(rooms.map((room) => room.id)),
    });
  }
  const zone = chosen?.timeZone ?? spaces[0]?.timeZone;
  return {
    allSpaces: actor.isAdmin,
    spaces,
    rooms,
    today: todayIn(zone ?? 'Europe/Paris', ctx.now),
  };
}

export async function getStatistics(ctx: ServiceContext, input: StatisticsInput): Promise<TStatistics> {
  const scope = await scopeOf(ctx, input);
  const period = { from: input.from, to: input.to };
  const previousPeriod = previousPeriodOf(period);
  const [current, previous] = await readAll(ctx.db, [
    () => figuresOf(ctx.db, scope, period, ctx.now, true),
    () => figuresOf(ctx.db, scope, previousPeriod, ctx.now, false),
  ]);
  return {
    scope: {
      spaceId: scope.space?.id ?? null,
      name: scope.space?.name ?? null,
      timeZone: scope.space?.timeZone ?? null,
      spaces: scope.spaceIds === 'all' ? await countSpaces(ctx.db) : scope.spaceIds.length,
      roomId: scope.roomId,
    },
    period,
    previousPeriod,
    current: current.figures,
    previous: previous.figures,
    heatmap: current.heatmap!,
    computedAt: ctx.now.toISOString(),
  };
}

async function countSpaces(db: Db): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM spaces`);
  return row?.n ?? 0;
}

/**
 * A period's figures, and its weekday × hour grid when `withHeatmap` (the period shown, not the one before).
 * Its reads go as two statements (`rowsTogether`), run side by side on the pool with the other period's: the
 * rooms' use and hours, and the rest.
 */
async function figuresOf(
  db: Db,
  scope: Scope,
  period: TStatisticsPeriod,
  now: Date,
  withHeatmap: boolean,
): Promise<{ figures: TFigures; heatmap: THeatmap | null }> {
  const roomReads = { byRoom: roomUseRead(scope, period), open: openMinutesRead(scope, period) };
  const [rooms, rest] = await readAll(db, [
    () =>
      withHeatmap
        ? rowsTogether(db, {
            ...roomReads,
            bookedGrid: bookedGridRead(scope, period),
            openGrid: openGridRead(scope, period),
          })
        : rowsTogether(db, roomReads),
    () =>
      rowsTogether(db, {
        revenue: revenueRead(scope, period),
        credits: creditsRead(scope, period),
        memberships: membershipsRead(scope, period, now),
        events: eventsRead(scope, period, now),
        offers: offersRead(scope, period),
        members: membersRead(scope, period),
        sizes: demandSizesRead(scope, period),
        refusals: refusalsRead(scope, period),
      }),
  ]);
  const use = perRoom(rooms.byRoom);
  const events = eventsFrom(rest.events, rest.offers);
  return {
    figures: {
      occupancy: occupancyOf(scope, use, rooms.open),
      bookings: bookingsOf(use),
      revenue: revenueFrom(period, rest.revenue),
      credits: creditsFrom(rest.credits),
      memberships: membershipsFrom(rest.memberships),
      events,
      members: membersFrom(rest.members),
      demand: { ...demandFrom(rest.sizes, rest.refusals), waitlistedAtStart: events.waitlistedAtStart },
    },
    heatmap: 'bookedGrid' in rooms ? heatmapOf(rooms.bookedGrid, rooms.openGrid) : null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Occupancy and bookings: the rollup, and the opening hours

type UseRow = {
  room_id: string;
  space_id: string;
  booked: number;
  bookings: number;
  pending: number;
  confirmed: number;
  cancelled: number;
  late_cancelled: number;
  declined: number;
  no_shows: number;
};

const COUNT_COLUMNS = ['booked', ...ROOM_DAY_USE_BOOKING_COUNTERS] as const;

/** The rollup's sums per room. */
function roomUseRead(scope: Scope, period: TStatisticsPeriod) {
  return read<UseRow>(
    sql`SELECT u.room_id, u.space_id, sum(u.booked_minutes)::int AS booked,
        ${sql.raw(
          COUNT_COLUMNS.slice(1)
            .map((column) => `sum(u.${column})::int AS ${column}`)
            .join(', '),
        )}
      FROM ${rollupRowsOf(scope, period)} GROUP BY u.room_id, u.space_id`,
  );
}

/**
 * The rollup's hours per weekday (7 groups, hashed: grouped by room as well, the rows are sorted, and a year
 * of 50 rooms spills to disk).
 */
function bookedGridRead(scope: Scope, period: TStatisticsPeriod) {
  return read<{ weekday: number } & Record<string, number>>(
    sql`SELECT extract(isodow FROM u.day)::int AS weekday,
        ${sql.raw(HOUR_COLUMNS.map((column) => `sum(u.${column})::int AS ${column}`).join(', '))}
      FROM ${rollupRowsOf(scope, period)} GROUP BY 1`,
  );
}

/** The rollup's rows of the period in the scope (and the room). */
function rollupRowsOf(scope: Scope, period: TStatisticsPeriod): SQL {
  return sql`room_day_use u
    WHERE ${inScope(scope, sql`u.space_id`)} AND u.day BETWEEN ${period.from}::date AND ${period.to}::date
      ${scope.roomId ? sql`AND u.room_id = ${scope.roomId}` : sql``}`;
}

/** The rollup's rows summed per room (over weekdays when they were split). */
function perRoom(rows: UseRow[]): UseRow[] {
  const rooms = new Map<string, UseRow>();
  for (const row of rows) {
    const room = rooms.get(row.room_id) ?? {
      ...row,
      ...Object.fromEntries(COUNT_COLUMNS.map((key) => [key, 0])),
    };
    for (const key of COUNT_COLUMNS) room[key] += Number(row[key]);
    rooms.set(row.room_id, room);
  }
  return [...rooms.values()];
}

type OpenRow = {
  room_id: string;
  space_id: string;
  space_name: string;
  name: string;
  kind: RoomKind;
  open: number;
};

/**
 * Each room's open minutes in the period: its space's opening hours less closures, in the space's zone
 * (calendar-sql.ts), while the room existed (from its creation to its archiving). Rooms archived before
 * the period are left out unless they have bookings in it (`occupancyOf` adds those).
 */
function openMinutesRead(scope: Scope, period: TStatisticsPeriod) {
  const from = sql`${period.from}::date`;
  const to = sql`${period.to}::date`;
  const days = daysFromUntil(period.from, period.to) + 1;
  const inSpaceScope = (column: SQL) => inScope(scope, column);
  // A room that lived through the whole period is open as long as its space; one created or archived in it,
  // for the part of its space's intervals it lived through (expanded for that space alone).
  return read<OpenRow>(
    sql`WITH per_space AS MATERIALIZED (${openSecondsOfSpacesSql(from, to, days, inSpaceScope)})
      SELECT r.id AS room_id, r.space_id, s.name AS space_name, r.name, r.kind,
        (CASE
          WHEN r.created_at <= ${startOf(period, sql`s.time_zone`)}
            AND (r.archived_at IS NULL OR r.archived_at >= ((${to} + 1)::timestamp AT TIME ZONE s.time_zone))
          THEN coalesce(per_space.seconds, 0)
          ELSE coalesce((SELECT sum(extract(epoch FROM upper(part) - lower(part)))::bigint FROM (
              SELECT o.open * tstzrange(r.created_at, r.archived_at) AS part
              FROM (${openIntervalsOfSpacesSql(from, to, days, (column) => sql`${column} = r.space_id`)}) AS o
              WHERE o.open && tstzrange(r.created_at, r.archived_at)) AS parts), 0)
        END / 60)::int AS open
      FROM rooms r JOIN spaces s ON s.id = r.space_id
      LEFT JOIN per_space ON per_space.space_id = r.space_id
      WHERE ${inScope(scope, sql`r.space_id`)} ${scope.roomId ? sql`AND r.id = ${scope.roomId}` : sql``}
        AND r.created_at < ((${to} + 1)::timestamp AT TIME ZONE s.time_zone)`,
  );
}

function roomUseOf(openMinutes: number, bookedMinutes: number): TUse {
  return { openMinutes, bookedMinutes, occupancyBasisPoints: rateBasisPoints(bookedMinutes, openMinutes) };
}

function occupancyOf(scope: Scope, use: UseRow[], open: OpenRow[]): TFigures['occupancy'] {
  const booked = new Map(use.map((row) => [row.room_id, row.booked]));
  const rooms = open
    .map((room) => ({ ...room, booked: booked.get(room.room_id) ?? 0 }))
    .filter((room) => room.open > 0 || room.booked > 0);
  const sum = <K extends string>(key: (room: (typeof rooms)[number]) => K) => {
    const totals = new Map<K, { open: number; booked: number; name: string }>();
    for (const room of rooms) {
      const entry = totals.get(key(room)) ?? { open: 0, booked: 0, name: room.space_name };
      entry.open += room.open;
      entry.booked += room.booked;
      totals.set(key(room), entry);
    }
    return totals;
  };
  const total = rooms.reduce(
    (acc, room) => ({ open: acc.open + room.open, booked: acc.booked + room.booked }),
    {
      open: 0,
      booked: 0,
    },
  );
  const oneSpace = scope.space !== null;
  return {
    total: roomUseOf(total.open, total.booked),
    rooms: oneSpace
      ? rooms
          .map((room) => ({
            roomId: room.room_id,
            name: room.name,
            kind: room.kind,
            ...roomUseOf(room.open, room.booked),
          }))
          .sort((a, b) => a.name.localeCompare(b.name))
      : [],
    byKind: [...sum((room) => room.kind)].map(([kind, entry]) => ({
      kind,
      ...roomUseOf(entry.open, entry.booked),
    })),
    bySpace: oneSpace
      ? []
      : [...sum((room) => room.space_id)]
          .map(([spaceId, entry]) => ({ spaceId, name: entry.name, ...roomUseOf(entry.open, entry.booked) }))
          .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

function bookingsOf(use: UseRow[]): TFigures['bookings'] {
  const sum = (key: keyof UseRow) => use.reduce((total, row) => total + Number(row[key]), 0);
  const confirmed = sum('confirmed');
  const noShows = sum('no_shows');
  return {
    total: sum('bookings'),
    pending: sum('pending'),
    confirmed,
    cancelled: sum('cancelled'),
    lateCancelled: sum('late_cancelled'),
    declined: sum('declined'),
    noShows,
    noShowRateBasisPoints: rateBasisPoints(noShows, confirmed + noShows),
  };
}

/**
 * The weekday × hour grid: held minutes from the rollup's hour columns; open minutes from the weekly hours
 * on the wall clock, times the days of each weekday in the period that are not closure days, times the
 * rooms (not archived before the period). On the two daylight-saving days an interval spanning 02:00–03:00
 * counts that wall-clock hour as the week's other days do (the totals of `occupancy` are exact).
 */
function openGridRead(scope: Scope, period: TStatisticsPeriod) {
  return read<{ weekday: number; hour: number; minutes: number }>(
    sql`WITH days AS (SELECT day::date, extract(isodow FROM day)::int AS weekday
            FROM generate_series(${period.from}::date::timestamp, ${period.to}::date::timestamp, interval '1 day') AS day),
          weekdays AS (SELECT weekday, count(*)::int AS n FROM days GROUP BY weekday),
          closed AS (SELECT c.space_id, d.weekday, count(DISTINCT d.day)::int AS n
            FROM space_closures c JOIN days d ON d.day BETWEEN c.starts_on AND c.ends_on
            WHERE ${inScope(scope, sql`c.space_id`)} GROUP BY c.space_id, d.weekday),
          room_count AS (SELECT r.space_id, count(*)::int AS n FROM rooms r JOIN spaces s ON s.id = r.space_id
            WHERE ${inScope(scope, sql`r.space_id`)} ${scope.roomId ? sql`AND r.id = ${scope.roomId}` : sql``}
              AND (r.archived_at IS NULL OR r.archived_at >= ${startOf(period, sql`s.time_zone`)})
              AND r.created_at < ((${period.to}::date + 1)::timestamp AT TIME ZONE s.time_zone)
            GROUP BY r.space_id),
          -- Spaces sharing hours are weighed together first: the hours are then split for a few rows.
          weighed AS (SELECT h.weekday, h.opens, h.closes,
              sum((w.n - coalesce(closed.n, 0)) * room_count.n) AS weight
            FROM space_opening_hours h
            JOIN room_count ON room_count.space_id = h.space_id
            JOIN weekdays w ON w.weekday = h.weekday
            LEFT JOIN closed ON closed.space_id = h.space_id AND closed.weekday = h.weekday
            WHERE ${inScope(scope, sql`h.space_id`)}
            GROUP BY h.weekday, h.opens, h.closes)
          SELECT weighed.weekday, hour, sum(
              greatest(0, least(extract(epoch FROM weighed.closes) / 60, (hour + 1) * 60)
                - greatest(extract(epoch FROM weighed.opens) / 60, hour * 60)) * weighed.weight)::int AS minutes
          FROM weighed CROSS JOIN generate_series(0, 23) AS hour
          GROUP BY weighed.weekday, hour`,
  );
}

function heatmapOf(
  booked: Array<{ weekday: number } & Record<string, number>>,
  open: Array<{ weekday: number; hour: number; minutes: number }>,
): THeatmap {
  const grid = () => Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  const heatmap = { bookedMinutes: grid(), openMinutes: grid() };
  for (const row of booked) {
    const day = heatmap.bookedMinutes[row.weekday - 1]!;
    HOUR_COLUMNS.forEach((column, hour) => {
      day[hour] = day[hour]! + Number(row[column] ?? 0);
    });
  }
  for (const row of open) heatmap.openMinutes[row.weekday - 1]![row.hour] = row.minutes;
  return heatmap;
}

// ---------------------------------------------------------------------------------------------------------
// Money and credit

type RevenueRow = { month: string; source: RevenueSource; cents: number };

function revenueRead(scope: Scope, period: TStatisticsPeriod) {
  // The rollup of the issued documents (migration 0071), read by the export's rules: its days, its sign.
  const issued = daysFromTo(period.from, period.to)(sql`d.day`);
  return read<RevenueRow>(
    sql`SELECT to_char(d.day, 'YYYY-MM') AS month, d.source,
        sum(${bookedExclVatSql({ kind: sql`d.kind`, exclVatCents: sql`d.excl_vat_cents` })})::bigint AS cents
      FROM revenue_days d
      WHERE ${inScope(scope, sql`d.space_id`)} AND ${issued}
      GROUP BY 1, 2`,
  );
}

function revenueFrom(period: TStatisticsPeriod, rows: RevenueRow[]): TFigures['revenue'] {
  const byMonth = new Map<string, number>();
  for (let month = period.from.slice(0, 7); month <= period.to.slice(0, 7); month = nextMonth(month)) {
    byMonth.set(month, 0);
  }
  const bySource = { bookings: 0, formulas: 0, eventPlaces: 0, other: 0 };
  let total = 0;
  for (const row of rows) {
    const cents = Number(row.cents);
    total += cents;
    byMonth.set(row.month, (byMonth.get(row.month) ?? 0) + cents);
    bySource[row.source] += cents;
  }
  return {
    currency: 'EUR',
    totalExclVatCents: total,
    byMonth: [...byMonth].map(([month, exclVatCents]) => ({ month, exclVatCents })),
    bySource,
  };
}

function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

type CreditRow = { unit: 'minutes' | 'entries'; granted: number; used: number; expired: number };

function creditsRead(scope: Scope, period: TStatisticsPeriod) {
  return read<CreditRow>(
    sql`SELECT l.unit,
        coalesce(sum(e.amount) FILTER (WHERE e.kind = 'grant'), 0)::int AS granted,
        coalesce(-sum(e.amount) FILTER (WHERE e.kind IN ('debit', 'refund')), 0)::int AS used,
        coalesce(-sum(e.amount) FILTER (WHERE e.kind = 'expiry'), 0)::int AS expired
      FROM credit_lots l JOIN spaces s ON s.id = l.space_id
      JOIN credit_entries e ON e.lot_id = l.id
      WHERE ${inScope(scope, sql`l.space_id`)} AND ${withinDays(sql`e.occurred_at`, sql`s.time_zone`, period)}
      GROUP BY l.unit`,
  );
}

function creditsFrom(rows: CreditRow[]): TFigures['credits'] {
  const of = (unit: 'minutes' | 'entries') => {
    const row = rows.find((candidate) => candidate.unit === unit);
    return { granted: row?.granted ?? 0, used: row?.used ?? 0, expired: row?.expired ?? 0 };
  };
  return { minutes: of('minutes'), entries: of('entries') };
}

// ---------------------------------------------------------------------------------------------------------
// Memberships

/**
 * A membership runs from its first period's credit (the lot of period 0: granted when it starts, whatever
 * the space's activation rule) until it ends (`ended_at`). Its monthly value is its latest order's net
 * amount (a yearly one ÷ 12), or the formula's price before any order.
 */
function membershipsRead(scope: Scope, period: TStatisticsPeriod, now: Date) {
  // Each space's bounds are computed once (a zone's name is looked up at each AT TIME ZONE), not per plan.
  const start = sql`b.start_at`;
  const end = sql`b.end_at`;
  const runningAt = (at: SQL) =>
    sql`(first.valid_from <= ${at} AND (p.ended_at IS NULL OR p.ended_at > ${at}))`;
  const pausedSql = (condition: SQL) =>
    sql`EXISTS (SELECT 1 FROM plan_pauses x WHERE x.plan_id = p.id AND x.status <> 'cancelled' AND ${condition})`;
  // The monthly value, looked up only for the memberships the MRR counts (an aggregate's FILTER comes first).
  const monthly = sql`(SELECT CASE WHEN f.period = 'year' THEN round(price.cents / 12.0) ELSE price.cents END
    FROM (SELECT coalesce((SELECT o.excl_vat_cents FROM orders o
        WHERE o.plan_id = p.id AND o.created_at <= ${end} ORDER BY o.period_index DESC LIMIT 1),
      f.price_excl_vat_cents) AS cents) AS price)`;
  return read<Record<string, number | string>>(
    sql`WITH b AS MATERIALIZED (SELECT s.id AS space_id, ${startOf(period, sql`s.time_zone`)} AS start_at,
          ${endOf(period, sql`s.time_zone`, now)} AS end_at
        FROM spaces s WHERE ${inScope(scope, sql`s.id`)})
      SELECT
        count(*) FILTER (WHERE ${runningAt(start)})::int AS active_at_start,
        count(*) FILTER (WHERE ${runningAt(end)})::int AS active_at_end,
        count(*) FILTER (WHERE first.valid_from >= ${start} AND first.valid_from < ${end})::int AS new,
        count(*) FILTER (WHERE p.ended_at >= ${start} AND p.ended_at <= ${end})::int AS cancelled,
        count(*) FILTER (WHERE ${pausedSql(sql`x.starts_on <= ${period.to}::date AND x.ends_on > ${period.from}::date`)})::int AS paused,
        coalesce(sum(${monthly})
          FILTER (WHERE ${runningAt(end)} AND NOT ${pausedSql(sql`x.starts_at <= ${end} AND x.ends_at > ${end}`)}), 0)::bigint AS mrr
      FROM plans p JOIN formulas f ON f.id = p.formula_id JOIN b ON b.space_id = p.space_id
      JOIN credit_lots first ON first.plan_id = p.id AND first.period_index = 0 AND first.source = 'period'
      WHERE ${inScope(scope, sql`p.space_id`)} AND f.kind = 'membership'
        AND first.valid_from < ${end} AND (p.ended_at IS NULL OR p.ended_at >= ${start})`,
  );
}

function membershipsFrom([row]: Array<Record<string, number | string>>): TFigures['memberships'] {
  const activeAtStart = Number(row!.active_at_start);
  const cancelled = Number(row!.cancelled);
  return {
    activeAtStart,
    activeAtEnd: Number(row!.active_at_end),
    new: Number(row!.new),
    cancelled,
    paused: Number(row!.paused),
    mrrCents: Number(row!.mrr),
    churnBasisPoints: rateBasisPoints(cancelled, activeAtStart),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Events, members, demand

/** A place of an event counts as taken while held, and once checked at the door (came or not). */
const TAKEN_PLACE_STATUSES = [...PLACE_HOLDING_STATUSES, 'no_show'] as const;

function eventsRead(scope: Scope, period: TStatisticsPeriod, now: Date) {
  return read<Record<string, number>>(
    sql`SELECT count(DISTINCT e.id)::int AS events,
            coalesce(sum(e.capacity), 0)::int AS capacity,
            coalesce(sum(regs.taken), 0)::int AS taken,
            coalesce(sum(regs.waitlisted) FILTER (WHERE e.starts_at <= ${now.toISOString()}::timestamptz), 0)::int AS waitlisted,
            coalesce(sum(regs.attended), 0)::int AS attended,
            coalesce(sum(regs.no_shows), 0)::int AS no_shows
          FROM events e JOIN spaces s ON s.id = e.space_id
          CROSS JOIN LATERAL (SELECT
              count(*) FILTER (WHERE ${statusIn(sql`r.status`, TAKEN_PLACE_STATUSES)}) AS taken,
              count(*) FILTER (WHERE r.status = 'waitlisted') AS waitlisted,
              count(*) FILTER (WHERE r.status = 'attended') AS attended,
              count(*) FILTER (WHERE r.status = 'no_show') AS no_shows
            FROM event_registrations r WHERE r.event_id = e.id) AS regs
          WHERE ${inScope(scope, sql`e.space_id`)} AND e.status = 'published'
            AND ${withinDays(sql`e.starts_at`, sql`s.time_zone`, period)}
            ${scope.roomId ? sql`AND e.room_id = ${scope.roomId}` : sql``}`,
  );
}

type OffersRow = { accepted: number; expired: number };

function offersRead(scope: Scope, period: TStatisticsPeriod) {
  return read<OffersRow>(
    sql`SELECT count(*) FILTER (WHERE a.kind = 'registration.offer_accepted')::int AS accepted,
            count(*) FILTER (WHERE a.kind = 'registration.offer_expired')::int AS expired
          FROM activity_entries a JOIN spaces s ON s.id = a.space_id
          WHERE ${inScope(scope, sql`a.space_id`)}
            AND a.kind IN ('registration.offer_accepted', 'registration.offer_expired')
            AND ${withinDays(sql`a.occurred_at`, sql`s.time_zone`, period)}`,
  );
}

function eventsFrom([counts]: Array<Record<string, number>>, [offers]: OffersRow[]): TFigures['events'] {
  const capacity = counts?.capacity ?? 0;
  const placesTaken = counts?.taken ?? 0;
  return {
    events: counts?.events ?? 0,
    capacity,
    placesTaken,
    fillRateBasisPoints: rateBasisPoints(placesTaken, capacity),
    waitlistedAtStart: counts?.waitlisted ?? 0,
    offersAccepted: offers?.accepted ?? 0,
    offersExpired: offers?.expired ?? 0,
    attended: counts?.attended ?? 0,
    noShows: counts?.no_shows ?? 0,
  };
}

/**
 * New members: joined one of the spaces in the period (`space_members.created_at`). Active: booked (a
 * member's booking starting in the period that was held: confirmed, completed or a no-show; read from the
 * bits of `member_active_days`, migration 0073) or attended an event starting in it; each person once.
 * Each space's bounds are computed once (not a zone lookup per member), and a year's bits are tested by
 * comparing them with zero (`position` walks a bit string bit by bit: 3–5 times the cost, decision 030).
 */
type MembersRow = { new: number; active: number };

function membersRead(scope: Scope, period: TStatisticsPeriod) {
  return read<MembersRow>(
    sql`WITH b AS MATERIALIZED (SELECT s.id AS space_id, ${startOf(period, sql`s.time_zone`)} AS start_at,
          ((${period.to}::date + 1)::timestamp AT TIME ZONE s.time_zone) AS end_at
        FROM spaces s WHERE ${inScope(scope, sql`s.id`)})
      SELECT
        (SELECT count(*)::int FROM space_members m JOIN b ON b.space_id = m.space_id
          WHERE ${inScope(scope, sql`m.space_id`)} AND m.created_at >= b.start_at AND m.created_at < b.end_at) AS new,
        (SELECT count(*)::int FROM (
          SELECT a.user_id FROM member_active_days a JOIN (VALUES ${sql.join(
            yearMasksOf(period).map(({ year, mask }) => sql`(${year}::smallint, ${mask}::bit(366))`),
            sql`, `,
          )}) AS m (year, mask) ON m.year = a.year
          WHERE ${inScope(scope, sql`a.space_id`)}
            AND a.year BETWEEN ${Number(period.from.slice(0, 4))} AND ${Number(period.to.slice(0, 4))}
            AND (a.days & m.mask) <> 0::bit(366)
          UNION
          SELECT r.user_id FROM events e JOIN spaces s ON s.id = e.space_id
          JOIN event_registrations r ON r.event_id = e.id AND r.status = 'attended'
          WHERE ${inScope(scope, sql`e.space_id`)} AND ${withinDays(sql`e.starts_at`, sql`s.time_zone`, period)}
        ) AS people) AS active`,
  );
}

function membersFrom([row]: MembersRow[]): TFigures['members'] {
  return { new: row?.new ?? 0, active: row?.active ?? 0 };
}

/**
 * The period's days in each of its years, as `member_active_days`' bits are laid out: 366 bits, the first
 * for 1 January, set for the days of the period.
 */
function yearMasksOf(period: TStatisticsPeriod): Array<{ year: number; mask: string }> {
  const first = Number(period.from.slice(0, 4));
  const last = Number(period.to.slice(0, 4));
  return Array.from({ length: last - first + 1 }, (_, index) => {
    const year = first + index;
    const from = year === first ? daysFromUntil(`${year}-01-01`, period.from) : 0;
    const to = year === last ? daysFromUntil(`${year}-01-01`, period.to) : 365;
    return { year, mask: '0'.repeat(from) + '1'.repeat(to - from + 1) + '0'.repeat(365 - to) };
  });
}

/**
 * Searches in the cities of the spaces (once per city) and what each space was shown, by size; a space
 * missed a search of its city it was not shown in (so across several spaces, `searchesMissed` sums each
 * space's). Refused booking attempts by reason.
 */
type SizeRow = { size: number; searches: number; empty: number; missed: number };
type RefusalRow = { kind: string; count: number };

const demandDays = (period: TStatisticsPeriod) =>
  sql`d.day BETWEEN ${period.from}::date AND ${period.to}::date`;

function demandSizesRead(scope: Scope, period: TStatisticsPeriod) {
  const days = demandDays(period);
  return read<SizeRow>(
    sql`WITH cities AS (SELECT DISTINCT s.city_key FROM spaces s WHERE ${inScope(scope, sql`s.id`)}),
          city_counts AS (SELECT d.city_key, d.size,
              sum(d.count) FILTER (WHERE d.kind = 'search') AS searches,
              sum(d.count) FILTER (WHERE d.kind = 'search-empty') AS empty
            FROM demand_counts d JOIN cities c ON c.city_key = d.city_key
            WHERE d.kind IN ('search', 'search-empty') AND d.space_id IS NULL AND ${days}
            GROUP BY d.city_key, d.size),
          shown AS (SELECT d.space_id, d.size, sum(d.count) AS shown FROM demand_counts d
            WHERE d.kind = 'search-shown' AND ${inScope(scope, sql`d.space_id`)} AND ${days}
            GROUP BY d.space_id, d.size),
          missed AS (SELECT cc.size, sum(coalesce(cc.searches, 0) - coalesce(sh.shown, 0)) AS missed
            FROM spaces s JOIN city_counts cc ON cc.city_key = s.city_key
            LEFT JOIN shown sh ON sh.space_id = s.id AND sh.size = cc.size
            WHERE ${inScope(scope, sql`s.id`)}
            GROUP BY cc.size)
        SELECT cc.size, coalesce(sum(cc.searches), 0)::int AS searches, coalesce(sum(cc.empty), 0)::int AS empty,
          coalesce(max(missed.missed), 0)::int AS missed
        FROM city_counts cc LEFT JOIN missed ON missed.size = cc.size
        GROUP BY cc.size`,
  );
}

function refusalsRead(scope: Scope, period: TStatisticsPeriod) {
  const days = demandDays(period);
  return read<RefusalRow>(
    sql`SELECT d.kind, sum(d.count)::int AS count FROM demand_counts d
          WHERE ${inScope(scope, sql`d.space_id`)} AND d.space_id IS NOT NULL AND ${days}
            AND d.kind IN (${sql.join(
              REFUSED_BOOKING_REASONS.map((reason) => sql`${reason}`),
              sql`, `,
            )})
          GROUP BY d.kind`,
  );
}

function demandFrom(sizes: SizeRow[], refusals: RefusalRow[]): Omit<TFigures['demand'], 'waitlistedAtStart'> {
  const bySize = sizes
    .map((row) => ({ size: row.size, searches: row.searches, missed: row.missed, empty: row.empty }))
    .sort((a, b) => b.searches - a.searches || a.size - b.size);
  const refused = Object.fromEntries(
    REFUSED_BOOKING_REASONS.map((reason) => [
      reason,
      refusals.find((row) => row.kind === reason)?.count ?? 0,
    ]),
  ) as Record<(typeof REFUSED_BOOKING_REASONS)[number], number>;
  const sum = (key: 'searches' | 'missed' | 'empty') => bySize.reduce((total, row) => total + row[key], 0);
  return {
    searches: sum('searches'),
    searchesMissed: sum('missed'),
    searchesEmpty: sum('empty'),
    bySize,
    refused,
  };
}

import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import {
  type TAvailabilityDay,
  type TInterval,
  type TRoomAvailability,
  type TSlot,
  type TSpaceAvailability,
} from '#contract/reservations';
import type { Db } from '../../db/client';
import { activeStatusSql } from '../../db/schema/reservations';
import type { Tx } from '../../db/transaction';
import { addDays, startOfDayIn } from '#contract/dates';
import { classifyStarts, datesBetween, wallClockStarts } from './slots';
import { openHoursSql } from '../../db/calendar-sql';
import type { ServiceContext } from '../../platform/service-context';
import { rowsOf } from '../../db/rows';

/**
 * Availability, computed by PostgreSQL in one query per request (docs/decisions/010-reservations-no-double-booking.md):
 *
 *   free = open hours of the space in its zone, closures removed (`openHoursSql`)
 *          ∩ [now + lead time, now + horizon + max duration)
 *          − every active reservation's held time [start − buffer, end + its buffer)
 *
 * A booking [s, e) is possible when it lies inside `free`: the buffer before an existing booking is
 * subtracted here, the buffer after it is part of what that booking holds, so two bookings end up at
 * least one buffer apart — exactly what the exclusion constraint enforces. The start times on the room's
 * step are then read off these intervals on the space's wall clock (slots.ts).
 */

export interface AvailabilityWindow {
  from: string;
  to: string;
  now: Date;
}

/** Which rooms: given ids (of published spaces), or one room and, with `anyDesk`, the desks of its group. */
type Target = { roomIds: string[] } | { roomId: string; anyDesk: boolean };

interface RoomRow extends Record<string, unknown> {
  room_id: string;
  time_zone: string;
  capacity: number;
  step: number;
  min_d: number;
  max_d: number;
  horizon: number;
  requires_approval: boolean;
  open: Array<[string, string]>;
  free: Array<[string, string]>;
  booked: Array<[string, string]>;
  room_count: number;
  has_asked: boolean;
}

const iso = (value: string) => new Date(value).toISOString();
const intervalsOf = (pairs: Array<[string, string]>): TInterval[] =>
  pairs.map(([start, end]) => ({ start: iso(start), end: iso(end) }));
const asJson = (multirange: string) =>
  sql.raw(`(
  SELECT coalesce(json_agg(json_build_array(lower(part), upper(part)) ORDER BY lower(part)), '[]'::json)
  FROM unnest(${multirange}) AS part)`);

function targetCondition(target: Target): SQL {
  if ('roomIds' in target) return sql`rooms.id = ANY(${`{${target.roomIds.join(',')}}`}::uuid[])`;
  return sql`(rooms.id = ${target.roomId} OR (${target.anyDesk} AND rooms.desk_group IS NOT NULL
    AND (rooms.space_id, rooms.desk_group) = (SELECT space_id, desk_group FROM rooms WHERE id = ${target.roomId})))`;
}

/**
 * The query. Rooms of published spaces that are not archived; with `union` (a desk group), one row: free
 * where any desk is free, booked where every desk is, the asked room's rules.
 */
export function availabilityQuery(target: Target, window: AvailabilityWindow, union: boolean): SQL {
  const now = sql`${window.now.toISOString()}::timestamptz`;
  const from = sql`${window.from}::date`;
  const to = sql`${window.to}::date`;
  const asked = 'roomId' in target ? sql`rooms.id = ${target.roomId}` : sql`false`;
  const rows = union
    ? sql`
      SELECT (array_agg(room_id ORDER BY asked DESC, position))[1] AS room_id,
             (array_agg(time_zone))[1] AS time_zone, max(capacity) AS capacity,
             (array_agg(step ORDER BY asked DESC))[1] AS step, (array_agg(min_d ORDER BY asked DESC))[1] AS min_d,
             (array_agg(max_d ORDER BY asked DESC))[1] AS max_d,
             (array_agg(horizon ORDER BY asked DESC))[1] AS horizon, bool_and(requires_approval) AS requires_approval,
             (array_agg(open))[1] AS open, range_agg(free) AS free, range_intersect_agg(booked) AS booked,
             count(*)::int AS room_count, coalesce(bool_or(asked), false) AS has_asked
      FROM per_room`
    : sql`SELECT *, 1 AS room_count, true AS has_asked FROM per_room`;
  return sql`
    WITH target AS (
      SELECT rooms.id AS room_id, rooms.space_id, spaces.time_zone, rooms.capacity, rooms.position,
             rooms.booking_step_minutes AS step, rooms.min_duration_minutes AS min_d,
             rooms.max_duration_minutes AS max_d, rooms.buffer_minutes AS buffer,
             rooms.lead_time_minutes AS lead, rooms.horizon_days AS horizon, rooms.requires_approval,
             ${asked} AS asked
      FROM rooms JOIN spaces ON spaces.id = rooms.space_id
      WHERE ${targetCondition(target)} AND spaces.status = 'published' AND rooms.archived_at IS NULL
    ),
    span AS (
      SELECT space_id,
             tstzrange(${from}::timestamp AT TIME ZONE time_zone, (${to} + 1)::timestamp AT TIME ZONE time_zone) AS days,
             ${openHoursSql(sql`one_space.space_id`, sql`one_space.time_zone`, from, to)} AS open_hours
      FROM (SELECT DISTINCT space_id, time_zone FROM target) AS one_space
    ),
    held AS (
      SELECT target.room_id,
             range_agg(tstzrange(reservations.starts_at - make_interval(mins => target.buffer),
                                 reservations.blocked_until)) AS held,
             range_agg(tstzrange(reservations.starts_at, reservations.ends_at)) AS booked
      FROM target
      JOIN span ON span.space_id = target.space_id
      JOIN reservations ON reservations.room_id = target.room_id
        AND ${activeStatusSql(sql`reservations.status`)}
        AND tstzrange(reservations.starts_at, reservations.blocked_until, '[)')
            && tstzrange(lower(span.days) - interval '1 day', upper(span.days) + interval '1 day')
      GROUP BY target.room_id
    ),
    per_room AS (
      SELECT target.*, span.open_hours * tstzmultirange(span.days) AS open,
             (span.open_hours * tstzmultirange(span.days)
               * tstzmultirange(tstzrange(${now} + make_interval(mins => target.lead),
                                          ${now} + make_interval(mins => target.horizon * 1440 + target.max_d))))
               - coalesce(held.held, '{}'::tstzmultirange) AS free,
             coalesce(held.booked, '{}'::tstzmultirange) AS booked
      FROM target
      JOIN span ON span.space_id = target.space_id
      LEFT JOIN held ON held.room_id = target.room_id
    ),
    result AS MATERIALIZED (${rows})
    SELECT room_id, time_zone, capacity, step, min_d, max_d, horizon, requires_approval, room_count, has_asked,
           ${asJson('result.open')} AS open, ${asJson('result.free')} AS free, ${asJson('result.booked')} AS booked
    FROM result`;
}

/** Each local date of [from, to] as the UTC instants it spans in `timeZone` (23, 24 or 25 hours). */
export function localDays(
  from: string,
  to: string,
  timeZone: string,
): Array<{ date: string; span: TInterval }> {
  return datesBetween(from, to).map((date) => ({
    date,
    span: {
      start: startOfDayIn(date, timeZone).toISOString(),
      end: startOfDayIn(addDays(date, 1), timeZone).toISOString(),
    },
  }));
}

function clip(intervals: TInterval[], span: TInterval): TInterval[] {
  return intervals
    .filter((interval) => interval.start < span.end && interval.end > span.start)
    .map((interval) => ({
      start: interval.start > span.start ? interval.start : span.start,
      end: interval.end < span.end ? interval.end : span.end,
    }));
}

function timesOf(row: RoomRow) {
  return { open: intervalsOf(row.open), free: intervalsOf(row.free), booked: intervalsOf(row.booked) };
}

function startsOf(row: RoomRow, window: AvailabilityWindow, times: ReturnType<typeof timesOf>) {
  return classifyStarts(wallClockStarts(window.from, window.to, row.time_zone, row.step), times, {
    stepMinutes: row.step,
    minDurationMinutes: row.min_d,
    latestStart: window.now.getTime() + row.horizon * 86_400_000,
  });
}

export async function getRoomAvailability(
  { db, now }: ServiceContext,
  input: { roomId: string; from: string; to: string; anyDesk: boolean },
): Promise<TRoomAvailability> {
  const window = { from: input.from, to: input.to, now };
  const target = { roomId: input.roomId, anyDesk: input.anyDesk };
  const [row] = await rowsOf<RoomRow>(db, availabilityQuery(target, window, input.anyDesk));
  // The union of nothing is one row of nulls: the room is not offered (nor is it when only its group is).
  if (!row?.room_id || !row.has_asked) throw new AppError('not-found', `No bookable room ${input.roomId}`);
  const times = timesOf(row);
  const slots: TSlot[] = startsOf(row, window, times).map((start) => ({
    startsAt: new Date(start.instant).toISOString(),
    date: start.date,
    time: start.time,
    state: start.state,
  }));
  const days: TAvailabilityDay[] = localDays(input.from, input.to, row.time_zone).map(({ date, span }) => ({
    date,
    open: clip(times.open, span),
    free: clip(times.free, span),
  }));
  return {
    roomId: input.roomId,
    timeZone: row.time_zone,
    capacity: row.capacity,
    stepMinutes: row.step,
    minDurationMinutes: row.min_d,
    maxDurationMinutes: row.max_d,
    requiresApproval: row.requires_approval,
    // A desk alone is a group of one: it books that desk.
    anyDesk: input.anyDesk && row.room_count > 1,
    days,
    slots,
  };
}

/** Every offered room of a published space over a few days, in one query. */
export async function getSpaceAvailability(
  { db, now }: ServiceContext,
  input: { spaceId: string; from: string; to: string },
): Promise<TSpaceAvailability> {
  const window = { from: input.from, to: input.to, now };
  const ids = sql`(SELECT array_agg(id ORDER BY position, name) FROM rooms WHERE space_id = ${input.spaceId})`;
  const [space] = await rowsOf<{ time_zone: string; room_ids: string[] | null }>(
    db,
    sql`SELECT time_zone, ${ids}::text[] AS room_ids FROM spaces WHERE id = ${input.spaceId} AND status = 'published'`,
  );
  if (!space) throw new AppError('not-found', `No published space ${input.spaceId}`);
  const roomIds = space.room_ids ?? [];
  const rows = roomIds.length ? await rowsOf<RoomRow>(db, availabilityQuery({ roomIds }, window, false)) : [];
  const byId = new Map(rows.map((row) => [row.room_id, row]));
  return {
    spaceId: input.spaceId,
    timeZone: space.time_zone,
    rooms: roomIds.flatMap((roomId) => {
      const row = byId.get(roomId);
      if (!row) return [];
      const times = timesOf(row);
      const starts = startsOf(row, window, times)
        .filter((start) => start.state === 'free')
        .map((start) => new Date(start.instant).toISOString());
      return [{ roomId, free: times.free, starts }];
    }),
  };
}

/** Open and free time of many rooms (of any published spaces) at once: the demo data uses it. */
export async function roomOpenAndFree(
  db: Db,
  roomIds: string[],
  window: AvailabilityWindow,
): Promise<Map<string, { open: TInterval[]; free: TInterval[] }>> {
  if (roomIds.length === 0) return new Map();
  const rows = await rowsOf<RoomRow>(db, availabilityQuery({ roomIds }, window, false));
  return new Map(
    rows.map((row) => [row.room_id, { open: intervalsOf(row.open), free: intervalsOf(row.free) }]),
  );
}

/**
 * A bookable room: its space is published and it is not archived. The desks of its group when `anyDesk`
 * (the room itself first), else just the room. `not-found` for anything else.
 */
export async function bookableRoomIds(db: Db | Tx, roomId: string, anyDesk: boolean): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`
    SELECT rooms.id FROM rooms JOIN spaces ON spaces.id = rooms.space_id
    WHERE ${targetCondition({ roomId, anyDesk })} AND spaces.status = 'published' AND rooms.archived_at IS NULL
    ORDER BY rooms.id = ${roomId} DESC, rooms.position, rooms.name`,
  );
  if (rows.length === 0 || rows[0]!.id !== roomId)
    throw new AppError('not-found', `No bookable room ${roomId}`);
  return rows.map((row) => row.id);
}

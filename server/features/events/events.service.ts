import { sql } from 'drizzle-orm';
import { AppError, refused } from '#contract/errors';
import { localToInstant, type TEventForm, type TManagedEvent } from '#contract/events';
import { localDaySql } from '../../db/calendar-sql';
import { spaceSummaryOf } from '../../db/space-summary';
import { rowsOf } from '../../db/rows';
import { activeStatusSql, holdsTimeSql } from '../../db/schema/reservations';
import type { Tx } from '../../db/transaction';
import { changesBetween } from '../../platform/activity';
import { enqueueJob, wakeJobRunner } from '../../platform/jobs';
import { requireRight } from '../../platform/policy';
import {
  logActivity,
  unitOfWork,
  type ServiceContext,
  type WorkContext,
} from '../../platform/service-context';
import { eventMailJob } from './event-mails';
import { standingCharges } from './event-payments';
import { announcedOf, eventDetails, selectEvents, toManaged, type EventRow } from './event-view';
import { refundAndLog } from './registrations.service';
import { lockEvent, notFound } from './registration-records';
import { offerHoursOf, queueRefill } from './waitlist.service';
import { UPCOMING_REGISTRATION_STATUSES } from '#contract/events.plain';
import { statusIn } from '../../db/status-sql';

/**
 * What owners and managers do to their space's events (docs/decisions/025-events-and-waitlist.md). An event
 * with a room holds it through its own reservation row (`reservations.event_id`): the reservations'
 * exclusion constraint decides, so an event cannot be placed over a booking and no booking takes its time.
 */

interface EventTimes {
  startsAt: Date;
  endsAt: Date;
  deadline: Date;
}

/** The form's wall-clock times read in the space's zone; a time the spring change skips is a field error. */
function timesOf(form: TEventForm, timeZone: string): EventTimes {
  const read = (field: 'startsAt' | 'endsAt' | 'registrationDeadline', value: string) => {
    const instant = localToInstant(value, timeZone);
    if (!instant) {
      throw new AppError('invalid-argument', 'A time the clock change skips', {
        reason: 'time-skipped',
        fields: [{ path: `event.${field}`, message: 'time-skipped' }],
      });
    }
    return instant;
  };
  const startsAt = read('startsAt', form.startsAt);
  const endsAt = read('endsAt', form.endsAt);
  const deadline = form.registrationDeadline
    ? read('registrationDeadline', form.registrationDeadline)
    : startsAt;
  if (endsAt <= startsAt) {
    throw new AppError('invalid-argument', 'The end must follow the start', {
      fields: [{ path: 'event.endsAt', message: 'range-order' }],
    });
  }
  return { startsAt, endsAt, deadline: deadline > startsAt ? startsAt : deadline };
}

/** A room of the space that may hold an event (not archived), with its buffer. */
async function roomOf(tx: Tx, spaceId: string, roomId: string): Promise<{ buffer: number }> {
  const [room] = await rowsOf<{ buffer_minutes: number }>(
    tx,
    sql`SELECT buffer_minutes FROM rooms WHERE id = ${roomId} AND space_id = ${spaceId} AND archived_at IS NULL`,
  );
  if (!room) {
    throw new AppError('invalid-argument', 'Not a room of this space', {
      fields: [{ path: 'event.roomId', message: 'unknown-room' }],
    });
  }
  return { buffer: Number(room.buffer_minutes) };
}

/** The slot a refused hold ran into, for the form's message. */
async function conflictOf(tx: Tx, roomId: string, times: EventTimes, eventId: string) {
  const [row] = await rowsOf<{ starts_at: string; ends_at: string }>(
    tx,
    sql`SELECT to_json(starts_at) #>> '{}' AS starts_at, to_json(ends_at) #>> '{}' AS ends_at FROM reservations
        WHERE room_id = ${roomId} AND ${activeStatusSql(sql`status`)} AND event_id IS DISTINCT FROM ${eventId}
          AND ${holdsTimeSql(times.startsAt, times.endsAt)}
        ORDER BY starts_at LIMIT 1`,
  );
  return row
    ? { startsAt: new Date(row.starts_at).toISOString(), endsAt: new Date(row.ends_at).toISOString() }
    : null;
}

const roomTaken = (conflict: unknown) =>
  new AppError('already-exists', 'The room is booked over this time', {
    reason: 'room-taken',
    conflict,
    fields: [{ path: 'event.roomId', message: 'room-taken' }],
  });

/**
 * Puts the event's hold on its room (or moves it, or lifts it), in the event's transaction. The insert is
 * speculative (`ON CONFLICT DO NOTHING`, as bookings do: decision 010), so a taken slot inserts nothing;
 * a move is an UPDATE the constraint checks the same way (23P01 → `room-taken`).
 */
async function placeHold(
  work: WorkContext,
  event: { id: string; spaceId: string; roomId: string | null; title: string },
  times: EventTimes,
): Promise<void> {
  if (!event.roomId) {
    await work.db.execute(sql`DELETE FROM reservations WHERE event_id = ${event.id}`);
    return;
  }
  const { buffer } = await roomOf(work.db, event.spaceId, event.roomId);
  const starts = sql`${times.startsAt.toISOString()}::timestamptz`;
  const ends = sql`${times.endsAt.toISOString()}::timestamptz`;
  const blocked = sql`${ends} + make_interval(mins => ${buffer})`;
  const [existing] = await rowsOf<{ id: string }>(
    work.db,
    sql`SELECT id FROM reservations WHERE event_id = ${event.id}`,
  );
  if (existing) {
    try {
      await work.db.execute(sql`SAVEPOINT event_hold`);
      await work.db.execute(sql`
        UPDATE reservations SET room_id = ${event.roomId}, starts_at = ${starts}, ends_at = ${ends},
          blocked_until = ${blocked}, title = ${event.title}, status = 'confirmed', updated_at = now()
        WHERE id = ${existing.id}`);
      await work.db.execute(sql`RELEASE SAVEPOINT event_hold`);
    } catch (error) {
      await work.db.execute(sql`ROLLBACK TO SAVEPOINT event_hold`);
      const conflict = await conflictOf(work.db, event.roomId, times, event.id);
      if (conflict) throw roomTaken(conflict);
      throw error;
    }
    return;
  }
  const inserted = await rowsOf<{ id: string }>(
    work.db,
    sql`INSERT INTO reservations (room_id, space_id, user_id, starts_at, ends_at, blocked_until, attendees, title,
          status, price_excl_vat_cents, vat_cents, total_cents, vat_rate_basis_points, pricing_basis,
          reminder_sent_at, event_id)
        VALUES (${event.roomId}, ${event.spaceId}, ${work.actor!.id}, ${starts}, ${ends}, ${blocked}, 1, ${event.title},
          'confirmed', 0, 0, 0, 0, 'hourly', ${work.now.toISOString()}::timestamptz, ${event.id})
        ON CONFLICT DO NOTHING RETURNING id`,
  );
  if (inserted.length === 0) throw roomTaken(await conflictOf(work.db, event.roomId, times, event.id));
}

async function managedRow(ctx: ServiceContext, id: string): Promise<EventRow> {
  const [row] = await selectEvents(ctx.db, sql`events.id = ${id}`, { counts: 'all' });
  if (!row) throw notFound(id);
  await requireRight(ctx, 'manage', row.space_id);
  return row;
}

export async function listManagedEvents(ctx: ServiceContext, spaceId: string) {
  await requireRight(ctx, 'manage', spaceId);
  const rows = await selectEvents(ctx.db, sql`events.space_id = ${spaceId}`, {
    orderBy: sql`events.starts_at DESC`,
    limit: 500,
    counts: 'all',
  });
  return {
    events: rows.map(toManaged),
    settings: { spaceId, offerHours: await offerHoursOf(ctx.db, spaceId) },
  };
}

/** How many published events of the space take place on a day of its calendar (the manager's home). */
export async function countEventsOnDay(
  ctx: ServiceContext,
  input: { spaceId: string; date: string },
): Promise<{ count: number }> {
  await requireRight(ctx, 'manage', input.spaceId);
  const [row] = await rowsOf<{ count: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS count FROM events e JOIN spaces s ON s.id = e.space_id
      WHERE e.space_id = ${input.spaceId}::uuid AND e.status = 'published'
        AND ${localDaySql(input.date, sql`s.time_zone`)} && tstzrange(e.starts_at, e.ends_at)`,
  );
  return { count: Number(row?.count ?? 0) };
}

export async function getManagedEvent(ctx: ServiceContext, id: string): Promise<TManagedEvent> {
  return toManaged(await managedRow(ctx, id));
}

function columnsOf(form: TEventForm, times: EventTimes) {
  return sql`room_id = ${form.roomId}, title_fr = ${form.titleFr}, title_en = ${form.titleEn},
    description_fr = ${form.descriptionFr}, description_en = ${form.descriptionEn},
    starts_at = ${times.startsAt.toISOString()}::timestamptz, ends_at = ${times.endsAt.toISOString()}::timestamptz,
    registration_deadline = ${times.deadline.toISOString()}::timestamptz, capacity = ${form.capacity},
    members_only = ${form.membersOnly}, price_excl_vat_cents = ${form.priceExclVatCents},
    vat_rate_basis_points = ${form.vatRateBasisPoints},
    credit_minutes = ${form.priceExclVatCents > 0 ? form.creditMinutes : null}`;
}

export async function createEvent(ctx: ServiceContext, input: { spaceId: string; event: TEventForm }) {
  await requireRight(ctx, 'manage', input.spaceId);
  const times = timesOf(input.event, (await spaceSummaryOf(ctx.db, input.spaceId)).timeZone);
  return unitOfWork(ctx, async (work) => {
    const [created] = await rowsOf<{ id: string }>(
      work.db,
      sql`INSERT INTO events (space_id, title_fr, starts_at, ends_at, registration_deadline, capacity, created_by_id)
          VALUES (${input.spaceId}, ${input.event.titleFr}, ${times.startsAt.toISOString()}::timestamptz,
            ${times.endsAt.toISOString()}::timestamptz, ${times.deadline.toISOString()}::timestamptz,
            ${input.event.capacity}, ${work.actor!.id})
          RETURNING id`,
    );
    const id = created!.id;
    await work.db.execute(sql`UPDATE events SET ${columnsOf(input.event, times)} WHERE id = ${id}`);
    await placeHold(
      work,
      { id, spaceId: input.spaceId, roomId: input.event.roomId, title: input.event.titleFr },
      times,
    );
    const [row] = await selectEvents(work.db, sql`events.id = ${id}`);
    await logActivity(work, {
      kind: 'event.created',
      subject: { type: 'event', id },
      spaceId: input.spaceId,
      details: eventDetails(row!),
    });
    return { id };
  });
}

const TRACKED = [
  'titleFr',
  'titleEn',
  'startsAt',
  'endsAt',
  'registrationDeadline',
  'capacity',
  'roomId',
  'membersOnly',
  'priceExclVatCents',
  'vatRateBasisPoints',
  'creditMinutes',
] as const;

function trackedOf(row: EventRow) {
  return {
    ...announcedOf(row),
    roomId: row.room_id,
    membersOnly: row.members_only,
    priceExclVatCents: Number(row.price_excl_vat_cents),
    vatRateBasisPoints: Number(row.vat_rate_basis_points),
    creditMinutes: row.credit_minutes === null ? null : Number(row.credit_minutes),
  };
}

/**
 * After a published event's time or place changed: its calendar files' sequence grows, reminders are due
 * again for the new time, and everyone registered, offered a place or in line is told (with what it was).
 */
async function tellScheduleChange(work: WorkContext, before: EventRow): Promise<number> {
  await work.db.execute(sql`
    UPDATE events SET schedule_version = schedule_version + 1 WHERE id = ${before.id}`);
  await work.db.execute(sql`
    UPDATE event_registrations SET reminded_at = NULL WHERE event_id = ${before.id} AND reminded_at IS NOT NULL`);
  const people = await rowsOf<{ id: string }>(
    work.db,
    sql`SELECT id FROM event_registrations WHERE event_id = ${before.id} AND ${statusIn(sql`status`, UPCOMING_REGISTRATION_STATUSES)}`,
  );
  const previous = {
    startsAt: new Date(before.starts_at).toISOString(),
    endsAt: new Date(before.ends_at).toISOString(),
    roomName: before.room_name,
  };
  for (const { id } of people) {
    await enqueueJob(work.db, eventMailJob, { event: 'event-changed', registrationId: id, previous });
  }
  return people.length;
}

export async function updateEvent(ctx: ServiceContext, input: { id: string; event: TEventForm }) {
  const current = await managedRow(ctx, input.id);
  const times = timesOf(input.event, current.time_zone);
  const grew = await unitOfWork(ctx, async (work) => {
    const before = await lockEvent(work, input.id);
    if (before.status === 'cancelled') throw refused('already-cancelled', 'This event is cancelled');
    if (input.event.capacity < Number(before.taken)) {
      throw new AppError('failed-precondition', 'More people hold a place than this capacity', {
        reason: 'capacity-below-registered',
        fields: [{ path: 'event.capacity', message: 'capacity-below-registered' }],
      });
    }
    await work.db.execute(
      sql`UPDATE events SET ${columnsOf(input.event, times)}, updated_at = now() WHERE id = ${input.id}`,
    );
    await placeHold(
      work,
      { id: input.id, spaceId: before.space_id, roomId: input.event.roomId, title: input.event.titleFr },
      times,
    );
    const [after] = await selectEvents(work.db, sql`events.id = ${input.id}`);
    const changes = changesBetween(trackedOf(before), trackedOf(after!), TRACKED);
    const moved = Boolean(changes.startsAt || changes.endsAt || changes.roomId);
    const told = moved && before.status === 'published' ? await tellScheduleChange(work, before) : 0;
    if (
      Object.keys(changes).length > 0 ||
      before.description_fr !== input.event.descriptionFr ||
      before.description_en !== input.event.descriptionEn
    ) {
      await logActivity(work, {
        kind: 'event.updated',
        subject: { type: 'event', id: input.id },
        spaceId: before.space_id,
        changes,
        details: { ...eventDetails(after!), ...(told > 0 ? { told } : {}) },
      });
    }
    const more =
      input.event.capacity > before.capacity || times.deadline > new Date(before.registration_deadline);
    if (more && before.status === 'published') await queueRefill(work, input.id);
    return more || told > 0;
  });
  if (grew) wakeJobRunner();
  return { id: input.id };
}

export async function publishEvent(ctx: ServiceContext, id: string) {
  await managedRow(ctx, id);
  await unitOfWork(ctx, async (work) => {
    const row = await lockEvent(work, id);
    if (row.status !== 'draft') throw refused('not-draft', 'Only a draft is published');
    await work.db.execute(
      sql`UPDATE events SET status = 'published', published_at = ${work.now.toISOString()}::timestamptz, updated_at = now() WHERE id = ${id}`,
    );
    await logActivity(work, {
      kind: 'event.published',
      subject: { type: 'event', id },
      spaceId: row.space_id,
      changes: { status: { before: 'draft', after: 'published' } },
      details: eventDetails(row),
    });
  });
  return { id };
}

/**
 * Cancels an event: everyone registered, offered a place or in line is told by e-mail, every paid place is
 * refunded (credit back to its lot, or the order cancelled and its invoice credited), so is what members
 * who left after the refund limit were charged, and the room's time is freed, in one unit of work.
 */
export async function cancelEvent(ctx: ServiceContext, input: { id: string; reason: string }) {
  await managedRow(ctx, input.id);
  const outcome = await unitOfWork(ctx, async (work) => {
    const row = await lockEvent(work, input.id);
    if (row.status === 'cancelled') throw refused('already-cancelled', 'This event is already cancelled');
    await work.db.execute(sql`
      UPDATE events SET status = 'cancelled', cancelled_at = ${work.now.toISOString()}::timestamptz,
        cancellation_reason = ${input.reason || null}, updated_at = now()
      WHERE id = ${input.id}`);
    await work.db
      .execute(sql`UPDATE reservations SET status = 'cancelled', cancelled_at = ${work.now.toISOString()}::timestamptz,
        cancelled_by_role = 'manager', cancelled_by_id = ${work.actor!.id}, updated_at = now()
      WHERE event_id = ${input.id} AND ${activeStatusSql(sql`status`)}`);
    const ended = await rowsOf<{ id: string; user_id: string; round: number }>(
      work.db,
      sql`UPDATE event_registrations SET status = 'cancelled', end_reason = 'event-cancelled',
            cancelled_at = ${work.now.toISOString()}::timestamptz, waitlist_position = NULL,
            offer_expires_at = NULL, updated_at = now()
          WHERE event_id = ${input.id} AND ${statusIn(sql`status`, UPCOMING_REGISTRATION_STATUSES)}
          RETURNING id, user_id, round`,
    );
    // Only people who had not yet come: a past event's attendees keep their record (and what they paid).
    const placesEnded = new Set(ended.map((registration) => registration.id));
    for (const id of placesEnded)
      await enqueueJob(work.db, eventMailJob, { event: 'event-cancelled', registrationId: id });
    // Nobody is charged for an event that is cancelled: the places still held, and what members who left
    // after the refund limit still owe or paid for theirs (the space's policy while the event was to be
    // held), are given back; those members are told too.
    const leavers = new Set<string>();
    for (const charge of await standingCharges(work.db, input.id)) {
      await refundAndLog(work, row, charge, 'event-cancelled');
      if (!placesEnded.has(charge.id)) leavers.add(charge.id);
    }
    for (const id of leavers)
      await enqueueJob(work.db, eventMailJob, { event: 'event-cancelled', registrationId: id });
    await logActivity(work, {
      kind: 'event.cancelled',
      subject: { type: 'event', id: input.id },
      spaceId: row.space_id,
      changes: { status: { before: row.status, after: 'cancelled' } },
      details: {
        ...eventDetails(row),
        told: ended.length,
        ...(leavers.size ? { leaversRefunded: leavers.size } : {}),
        ...(input.reason ? { reason: input.reason } : {}),
      },
    });
    return { told: ended.length, mailed: placesEnded.size + leavers.size };
  });
  if (outcome.mailed > 0) wakeJobRunner();
  return { id: input.id, told: outcome.told };
}

const WEEK_MS = 7 * 24 * 3_600_000;

/** A copy as a draft, a week later, with the same room when it is free then. */
export async function duplicateEvent(ctx: ServiceContext, id: string) {
  const source = await managedRow(ctx, id);
  const shift = (instant: string) => new Date(new Date(instant).getTime() + WEEK_MS);
  const times = {
    startsAt: shift(source.starts_at),
    endsAt: shift(source.ends_at),
    deadline: shift(source.registration_deadline),
  };
  return unitOfWork(ctx, async (work) => {
    const [created] = await rowsOf<{ id: string }>(
      work.db,
      sql`INSERT INTO events (space_id, room_id, title_fr, title_en, description_fr, description_en, cover_key,
            cover_alt_fr, cover_alt_en, starts_at, ends_at, registration_deadline, capacity, members_only,
            price_excl_vat_cents, vat_rate_basis_points, credit_minutes, created_by_id)
          SELECT space_id, room_id, title_fr, title_en, description_fr, description_en, cover_key,
            cover_alt_fr, cover_alt_en,
            ${times.startsAt.toISOString()}::timestamptz, ${times.endsAt.toISOString()}::timestamptz,
            ${times.deadline.toISOString()}::timestamptz, capacity, members_only, price_excl_vat_cents,
            vat_rate_basis_points, credit_minutes, ${work.actor!.id}
          FROM events WHERE id = ${id} RETURNING id`,
    );
    const copy = created!.id;
    await placeHold(
      work,
      { id: copy, spaceId: source.space_id, roomId: source.room_id, title: source.title_fr },
      times,
    );
    const [row] = await selectEvents(work.db, sql`events.id = ${copy}`);
    await logActivity(work, {
      kind: 'event.created',
      subject: { type: 'event', id: copy },
      spaceId: source.space_id,
      details: { ...eventDetails(row!), duplicatedFrom: id },
    });
    return { id: copy };
  });
}

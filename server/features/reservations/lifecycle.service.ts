import { sql, type SQL } from 'drizzle-orm';
import type { CreditRefund } from '#contract/activity-details';
import { AppError, refused } from '#contract/errors';
import { isActiveStatus, type ReservationStatus } from '#contract/reservations';
import type { Db } from '../../db/client';
import { activeStatusSql } from '../../db/schema/reservations';
import { rowsOf } from '../../db/rows';
import { changesBetween } from '../../platform/activity';
import { wakeJobRunner } from '../../platform/jobs';
import {
  isSelf,
  requireSignedIn,
  reservationStanding,
  roleGrantsSql,
  type PolicyScope,
} from '../../platform/policy';
import {
  logActivity,
  unitOfWork,
  type LoggedActivity,
  type ServiceContext,
  type WorkContext,
} from '../../platform/service-context';
import type { NoShowRefund } from '#contract/check-in';
import { checkInClosesSql } from '../../db/check-in-settings';
import { refundBooking, type RefundOutcome } from '../../billing/credit-ledger';
import { creditSale, invoiceBooking } from '../../billing/invoicing';
import { queueManagerMailSql, queueReservationMail, type ReservationMailEvent } from './notifications';
import { reservationActivity } from './reservation-activity';
import { findReservationRecord, freeCancellationOfRecord, type ReservationRecord } from './reservation-view';
import { NO_SHOW_FROM_STATUSES } from '#contract/reservations';
import { statusIn } from '../../db/status-sql';

/**
 * How a reservation moves on: pending → confirmed → completed, or → cancelled | declined | no_show.
 * Each change is one conditional UPDATE (`WHERE status = …`), so two people acting at once cannot both
 * win, and the member's e-mail is queued in the same transaction.
 */

const notFound = (id: string) => new AppError('not-found', `No reservation ${id}`);

/** The reservation if the person may see it (its member, a manager of its space, an admin). */
export async function visibleRecord(
  scope: PolicyScope,
  id: string,
): Promise<{ record: ReservationRecord; manages: boolean }> {
  const record = await findReservationRecord(scope.db, id);
  if (!record) throw notFound(id);
  const standing = await reservationStanding(scope, { memberId: record.member.id, spaceId: record.space.id });
  if (!standing) throw notFound(id);
  return { record, manages: standing === 'manager' };
}

/** A manager-only action: its member gets `permission-denied`, anyone else `not-found`. */
async function managedRecord(ctx: ServiceContext, id: string): Promise<ReservationRecord> {
  const { record, manages } = await visibleRecord(ctx, id);
  if (!manages) throw new AppError('permission-denied', 'Only the managers of the space may do this');
  return record;
}

const refusedBecause = (reason: string, details: Record<string, unknown> = {}) =>
  refused(reason, `Refused: ${reason}`, details);

/** The kinds of a reservation's status change made by a transition or the sweep. */
type TransitionKind =
  | 'reservation.cancelled'
  | 'reservation.approved'
  | 'reservation.declined'
  | 'reservation.no_show'
  | 'reservation.completed';

interface Transition {
  /** What must still hold for the change to apply (`status = 'pending'`). */
  condition: SQL;
  assignments: SQL;
  /** The status it moves to, for the log's before/after. */
  status: ReservationStatus;
  mail: ReservationMailEvent | null;
  kind: TransitionKind;
  /** The kind's data besides the slot and a refund (a cancellation's author and reason). */
  details?: { by?: string; reason?: string | null };
  /** A booking paid by credit gets its credit back, to the same lot, in the same transaction. */
  refundsCredit?: boolean;
  /** Its invoice: issued when the booking is confirmed, credited in full when it is cancelled. */
  invoice?: 'issue' | 'credit';
}

/**
 * Applies a transition where its condition still holds, in one unit of work with the member's e-mail and
 * the activity entry; false when someone else changed the reservation first (then nothing is written).
 */
async function transition(
  ctx: ServiceContext,
  record: ReservationRecord,
  change: Transition,
): Promise<boolean> {
  const id = record.reservation.id;
  const changed = await unitOfWork(ctx, async (work) => {
    const [before] = await rowsOf<{ status: ReservationStatus }>(
      work.db,
      sql`SELECT status FROM reservations WHERE id = ${id} FOR UPDATE`,
    );
    const rows = await rowsOf<{ id: string }>(
      work.db,
      sql`UPDATE reservations SET ${change.assignments}, updated_at = now() WHERE id = ${id} AND event_id IS NULL AND ${change.condition} RETURNING id`,
    );
    if (!before || rows.length === 0) return false;
    if (change.mail) await queueReservationMail(work.db, id, change.mail);
    const refund = change.refundsCredit
      ? await refundBooking(work.db, { reservationId: id, actorId: work.actor?.id ?? null, now: work.now })
      : { status: 'none' as const };
    if (change.invoice === 'issue') await invoiceBooking(work, id);
    if (change.invoice === 'credit') await creditSale(work, { reservationId: id }, 'reservation-cancelled');
    await logActivity(
      work,
      reservationActivity(work, record, change.kind, {
        changes: changesBetween({ status: before.status }, { status: change.status }, ['status']),
        details: { ...change.details, ...refundDetails(refund) },
      }),
    );
    return true;
  });
  if (changed && change.mail) wakeJobRunner();
  return changed;
}

/** What the log keeps of a cancellation's refund: how much went back, or that the lot had expired. */
function refundDetails(refund: RefundOutcome): CreditRefund {
  if (refund.status === 'none') return {};
  return { creditRefund: refund.status, creditAmount: refund.amount, creditUnit: refund.unit };
}

async function reload(db: Db, id: string): Promise<ReservationRecord> {
  const record = await findReservationRecord(db, id);
  if (!record) throw notFound(id);
  return record;
}

/**
 * A member cancels a confirmed booking until the space's free-cancellation limit, a pending request
 * until its start; past that, `failed-precondition` with the limit. A manager (or admin) cancels any
 * active reservation at any time and must say why; the member is told.
 */
export async function cancelReservation(
  ctx: ServiceContext,
  input: { id: string; reason?: string },
): Promise<{ record: ReservationRecord; as: 'member' | 'manager' }> {
  const user = requireSignedIn(ctx.actor);
  const { now } = ctx;
  const { record, manages } = await visibleRecord(ctx, input.id);
  if (!isActiveStatus(record.reservation.status)) throw refusedBecause('not-active');
  const terms = freeCancellationOfRecord(record, now);
  const withinPolicy = terms !== null && !terms.passed;
  let as: 'member' | 'manager';
  if (isSelf(user, record.member.id) && withinPolicy) as = 'member';
  else if (manages) {
    if (!input.reason) {
      throw new AppError('invalid-argument', 'A manager gives a reason to cancel', {
        reason: 'reason-required',
        fields: [{ path: 'reason', message: 'required' }],
      });
    }
    as = 'manager';
  } else {
    throw refusedBecause('cancellation-window-closed', {
      freeCancellationUntil: terms?.until.toISOString() ?? null,
      freeCancellationHours: record.freeCancellationHours,
    });
  }
  const changed = await transition(ctx, record, {
    condition: activeStatusSql(sql`status`),
    assignments: sql`status = 'cancelled', cancelled_at = ${now.toISOString()}::timestamptz, cancelled_by_id = ${user.id},
        cancelled_by_role = ${as}, cancellation_reason = ${input.reason ?? null}, expires_at = NULL`,
    status: 'cancelled',
    mail: 'cancelled',
    kind: 'reservation.cancelled',
    details: { by: as, reason: input.reason ?? null },
    refundsCredit: true,
    invoice: 'credit',
  });
  if (!changed) throw refusedBecause('not-active');
  return { record: await reload(ctx.db, input.id), as };
}

/**
 * Past the free-cancellation limit, the member asks the space to cancel: the request is recorded and every
 * owner and manager of the space is e-mailed, in one statement (the mail jobs commit with the request),
 * logged in the same unit of work. Asking again changes nothing; while the member may still cancel
 * themselves, they are told to.
 */
export async function requestCancellation(
  ctx: ServiceContext,
  input: { id: string; message: string },
): Promise<ReservationRecord> {
  const user = requireSignedIn(ctx.actor);
  const { now } = ctx;
  const { record } = await visibleRecord(ctx, input.id);
  if (!isSelf(user, record.member.id)) {
    throw new AppError('permission-denied', 'Only its member asks to cancel a reservation');
  }
  if (!isActiveStatus(record.reservation.status)) throw refusedBecause('not-active');
  const terms = freeCancellationOfRecord(record, now);
  if (terms && !terms.passed) {
    throw refusedBecause('cancellation-window-open', { freeCancellationUntil: terms.until.toISOString() });
  }
  const asked = await unitOfWork(ctx, async (work) => {
    const [row] = await rowsOf<{ asked: number }>(
      work.db,
      sql`
      WITH asked AS (
        UPDATE reservations
        SET cancellation_requested_at = ${now.toISOString()}::timestamptz,
            cancellation_request_message = ${input.message || null}, updated_at = now()
        WHERE id = ${input.id} AND ${activeStatusSql(sql`status`)} AND cancellation_requested_at IS NULL
        RETURNING id, space_id
      ), mailed AS (
        ${queueManagerMailSql(
          sql`SELECT asked.id AS reservation_id, members.user_id AS recipient_id
              FROM asked JOIN space_members AS members
                ON members.space_id = asked.space_id
               AND ${roleGrantsSql(sql`members.role`, 'manage')}`,
          'cancellation-requested',
        )}
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM asked)::int AS asked, (SELECT count(*) FROM mailed)::int AS mailed`,
    );
    if (!row || row.asked === 0) return false;
    await logActivity(
      work,
      reservationActivity(work, record, 'reservation.cancellation_requested', {
        details: { message: input.message || null },
      }),
    );
    return true;
  });
  if (asked) wakeJobRunner();
  return reload(ctx.db, input.id);
}

/** A manager accepts a pending request before it expires; the member gets the confirmation. */
export async function approveReservation(ctx: ServiceContext, id: string) {
  const user = requireSignedIn(ctx.actor);
  const record = await managedRecord(ctx, id);
  const at = sql`${ctx.now.toISOString()}::timestamptz`;
  const changed = await transition(ctx, record, {
    condition: sql`status = 'pending' AND (expires_at IS NULL OR expires_at > ${at})`,
    assignments: sql`status = 'confirmed', decided_by_id = ${user.id}, decided_at = ${at}, expires_at = NULL`,
    status: 'confirmed',
    mail: 'approved',
    kind: 'reservation.approved',
    invoice: 'issue',
  });
  if (!changed) throw refusedBecause('not-pending');
  return reload(ctx.db, id);
}

export async function declineReservation(ctx: ServiceContext, input: { id: string; reason: string }) {
  const user = requireSignedIn(ctx.actor);
  const record = await managedRecord(ctx, input.id);
  const at = sql`${ctx.now.toISOString()}::timestamptz`;
  const changed = await transition(ctx, record, {
    condition: sql`status = 'pending'`,
    assignments: sql`status = 'declined', decided_by_id = ${user.id}, decided_at = ${at}, decline_reason = ${input.reason},
        expires_at = NULL`,
    status: 'declined',
    mail: 'declined',
    kind: 'reservation.declined',
    details: { reason: input.reason },
    refundsCredit: true,
  });
  if (!changed) throw refusedBecause('not-pending');
  return reload(ctx.db, input.id);
}

/** After the start: nobody came (from confirmed, or from completed when the sweep was first). */
export async function markNoShow(ctx: ServiceContext, id: string) {
  const user = requireSignedIn(ctx.actor);
  const record = await managedRecord(ctx, id);
  if (record.reservation.startsAt.getTime() > ctx.now.getTime()) throw refusedBecause('not-started');
  const changed = await transition(ctx, record, {
    condition: statusIn(sql`status`, NO_SHOW_FROM_STATUSES),
    assignments: sql`status = 'no_show', decided_by_id = ${user.id}, decided_at = ${ctx.now.toISOString()}::timestamptz`,
    status: 'no_show',
    mail: null,
    kind: 'reservation.no_show',
  });
  if (!changed) throw refusedBecause('not-active');
  return reload(ctx.db, id);
}

export async function markCompleted(ctx: ServiceContext, id: string) {
  const record = await managedRecord(ctx, id);
  if (record.reservation.startsAt.getTime() > ctx.now.getTime()) throw refusedBecause('not-started');
  const changed = await transition(ctx, record, {
    condition: sql`status = 'confirmed'`,
    assignments: sql`status = 'completed'`,
    status: 'completed',
    mail: null,
    kind: 'reservation.completed',
  });
  if (!changed) throw refusedBecause('not-active');
  return reload(ctx.db, id);
}

export interface SweepResult {
  expired: number;
  /** Confirmed bookings nobody checked in by the end of the grace period, made no-shows (issue 33). */
  released: number;
  completed: number;
  reminded: number;
}

/** A reminder goes 24 h before the start, to bookings made more than 24 h ahead. */
export const REMINDER_HOURS = 24;
const FINISHED_JOBS_KEPT_DAYS = 7;

/** What the sweep's log entries say of a reservation it changed (its UPDATE returns it). */
interface SweptRow extends Record<string, unknown> {
  id: string;
  space_id: string;
  user_id: string;
  starts_ms: number;
  ends_ms: number;
  room_name: string;
  space_name: string;
  time_zone: string;
}

const sweptColumns = sql`reservations.id, reservations.space_id, reservations.user_id,
  (extract(epoch FROM reservations.starts_at) * 1000)::float8 AS starts_ms,
  (extract(epoch FROM reservations.ends_at) * 1000)::float8 AS ends_ms,
  rooms.name AS room_name, spaces.name AS space_name, spaces.time_zone`;

/** The system's entry for a reservation the sweep moved on (actor: the system; about: its member). */
function sweptEntry(
  row: SweptRow,
  kind: 'reservation.cancelled' | 'reservation.completed',
  change: { before: ReservationStatus; after: ReservationStatus },
  details: CreditRefund & { by?: string; reason?: string | null } = {},
): LoggedActivity<'reservation.cancelled' | 'reservation.completed'> {
  return {
    kind,
    subject: { type: 'reservation', id: row.id },
    spaceId: row.space_id,
    aboutUserId: row.user_id,
    changes: { status: change },
    details: { ...slotOf(row), ...details },
  };
}

/** The slot a swept row's entry keeps, for its sentence once the room is renamed or gone. */
function slotOf(row: SweptRow) {
  return {
    roomName: row.room_name,
    spaceName: row.space_name,
    startsAt: new Date(Number(row.starts_ms)).toISOString(),
    endsAt: new Date(Number(row.ends_ms)).toISOString(),
    timeZone: row.time_zone,
  };
}

/**
 * What a released booking gives back under its space's rule (contract/check-in.ts): `credits` its credits
 * (to the same lot, as a cancellation does), `money` its credits or, booked at price, a credit note of its
 * invoice; `none` nothing. Its entry for the log, in the release's unit of work.
 */
async function giveBackNoShow(
  work: WorkContext,
  row: SweptRow & { no_show_refund: NoShowRefund },
): Promise<LoggedActivity<'reservation.released'>> {
  const rule = row.no_show_refund;
  const refund: RefundOutcome =
    rule === 'none'
      ? { status: 'none' }
      : await refundBooking(work.db, { reservationId: row.id, actorId: null, now: work.now });
  const note =
    rule === 'money' && refund.status === 'none'
      ? await creditSale(work, { reservationId: row.id }, 'reservation-no-show')
      : null;
  return {
    kind: 'reservation.released',
    subject: { type: 'reservation', id: row.id },
    spaceId: row.space_id,
    aboutUserId: row.user_id,
    changes: { status: { before: 'confirmed', after: 'no_show' } },
    details: {
      ...slotOf(row),
      noShowRefund: rule,
      releasedAt: work.now.toISOString(),
      ...refundDetails(refund),
      ...(note ? { creditNoteNumber: note.number } : {}),
    },
  };
}

/**
 * The background sweep (a recurring job, with the system's context): pending requests past their expiry
 * are cancelled by the system, confirmed bookings past their end are completed, reminders become due. One
 * unit of work, with the member's e-mails queued and each change logged in it; conditional updates make a
 * second sweep a no-op.
 */
export async function sweepReservations(ctx: ServiceContext): Promise<SweepResult> {
  const at = sql`${ctx.now.toISOString()}::timestamptz`;
  const result = await unitOfWork(ctx, async (work) => {
    const run = <T extends Record<string, unknown>>(query: SQL) => rowsOf<T>(work.db, query);
    const expired = await run<SweptRow>(sql`
      UPDATE reservations
      SET status = 'cancelled', cancelled_at = ${at}, cancelled_by_role = 'system',
          cancellation_reason = 'expired', expires_at = NULL, updated_at = now()
      FROM rooms, spaces
      WHERE reservations.status = 'pending' AND reservations.expires_at <= ${at}
        AND rooms.id = reservations.room_id AND spaces.id = reservations.space_id
      RETURNING ${sweptColumns}`);
    // Before completion: a booking whose check-in closed at its end is a no-show, not completed.
    const released = await run<SweptRow & { no_show_refund: NoShowRefund }>(sql`
      UPDATE reservations SET status = 'no_show', released_at = ${at}, updated_at = now()
      FROM rooms, spaces, space_booking_policies AS policies
      WHERE reservations.status = 'confirmed' AND reservations.checked_in_at IS NULL
        AND reservations.event_id IS NULL
        AND policies.space_id = reservations.space_id AND policies.release_unclaimed
        AND ${checkInClosesSql(sql`reservations`, sql`policies`)} <= ${at}
        AND rooms.id = reservations.room_id AND spaces.id = reservations.space_id
      RETURNING ${sweptColumns}, policies.no_show_refund`);
    const releasedEntries: LoggedActivity<'reservation.released'>[] = [];
    for (const row of released) {
      await queueReservationMail(work.db, row.id, 'released');
      releasedEntries.push(await giveBackNoShow(work, row));
    }
    const completed = await run<SweptRow>(sql`
      UPDATE reservations SET status = 'completed', updated_at = now()
      FROM rooms, spaces
      WHERE reservations.status = 'confirmed' AND reservations.ends_at <= ${at} AND reservations.event_id IS NULL
        AND rooms.id = reservations.room_id AND spaces.id = reservations.space_id
      RETURNING ${sweptColumns}`);
    const reminded = await run<{ id: string }>(sql`
      UPDATE reservations SET reminder_sent_at = ${at}
      WHERE status = 'confirmed' AND reminder_sent_at IS NULL AND event_id IS NULL
        AND starts_at > ${at} AND starts_at <= ${at} + make_interval(hours => ${REMINDER_HOURS})
        AND created_at <= starts_at - make_interval(hours => ${REMINDER_HOURS})
      RETURNING id`);
    for (const { id } of expired) await queueReservationMail(work.db, id, 'expired');
    const refunds = new Map<string, RefundOutcome>();
    for (const { id } of expired) {
      refunds.set(id, await refundBooking(work.db, { reservationId: id, actorId: null, now: work.now }));
    }
    for (const { id } of reminded) await queueReservationMail(work.db, id, 'reminder');
    // A reminder is a message, not a change of the reservation: not logged.
    await logActivity(work, [
      ...expired.map((row) =>
        sweptEntry(
          row,
          'reservation.cancelled',
          { before: 'pending', after: 'cancelled' },
          { by: 'system', reason: 'expired', ...refundDetails(refunds.get(row.id) ?? { status: 'none' }) },
        ),
      ),
      ...releasedEntries,
      ...completed.map((row) =>
        sweptEntry(row, 'reservation.completed', { before: 'confirmed', after: 'completed' }),
      ),
    ]);
    await work.db.execute(sql`
      DELETE FROM jobs WHERE status = 'done'
        AND finished_at < ${at} - make_interval(days => ${FINISHED_JOBS_KEPT_DAYS})`);
    return {
      expired: expired.length,
      released: released.length,
      completed: completed.length,
      reminded: reminded.length,
    };
  });
  if (result.expired + result.released + result.reminded > 0) wakeJobRunner();
  return result;
}

import { sql } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import { isActiveStatus } from '#contract/reservations';
import type { Db } from '../../db/client';
import { activeStatusSql } from '../../db/schema/reservations';
import { rowsOf } from '../../db/rows';
import { wakeJobRunner } from '../../platform/jobs';
import { isSelf, reservationStanding, SPACE_RIGHTS } from '../../platform/policy';
import type { SessionUser } from '../../platform/session';
import { queueManagerMailSql, queueReservationMail, type ReservationMailEvent } from './notifications';
import { findReservationRecord, freeCancellationOfRecord, type ReservationRecord } from './reservation-view';

/**
 * How a reservation moves on: pending → confirmed → completed, or → cancelled | declined | no_show.
 * Each change is one conditional UPDATE (`WHERE status = …`), so two people acting at once cannot both
 * win, and the member's e-mail is queued in the same transaction.
 */

const notFound = (id: string) => new AppError('not-found', `No reservation ${id}`);

/** The reservation if the person may see it (its member, a manager of its space, an admin). */
export async function visibleRecord(
  db: Db,
  user: SessionUser,
  id: string,
): Promise<{ record: ReservationRecord; manages: boolean }> {
  const record = await findReservationRecord(db, id);
  if (!record) throw notFound(id);
  const standing = await reservationStanding(
    { db, actor: user },
    { memberId: record.member.id, spaceId: record.space.id },
  );
  if (!standing) throw notFound(id);
  return { record, manages: standing === 'manager' };
}

/** A manager-only action: its member gets `permission-denied`, anyone else `not-found`. */
async function managedRecord(db: Db, user: SessionUser, id: string): Promise<ReservationRecord> {
  const { record, manages } = await visibleRecord(db, user, id);
  if (!manages) throw new AppError('permission-denied', 'Only the managers of the space may do this');
  return record;
}

const refusedBecause = (reason: string, details: Record<string, unknown> = {}) =>
  new AppError('failed-precondition', `Refused: ${reason}`, { reason, ...details });

/** Applies `assignments` where `condition` still holds; false when someone else changed it first. */
async function transition(
  db: Db,
  id: string,
  condition: ReturnType<typeof sql>,
  assignments: ReturnType<typeof sql>,
  mail: ReservationMailEvent | null,
): Promise<boolean> {
  const changed = await db.transaction(async (tx) => {
    const rows = await rowsOf<{ id: string }>(
      tx,
      sql`UPDATE reservations SET ${assignments}, updated_at = now() WHERE id = ${id} AND ${condition} RETURNING id`,
    );
    if (rows.length > 0 && mail) await queueReservationMail(tx, id, mail);
    return rows.length > 0;
  });
  if (changed && mail) wakeJobRunner();
  return changed;
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
  db: Db,
  user: SessionUser,
  input: { id: string; reason?: string },
  now: Date,
): Promise<{ record: ReservationRecord; as: 'member' | 'manager' }> {
  const { record, manages } = await visibleRecord(db, user, input.id);
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
  const changed = await transition(
    db,
    input.id,
    activeStatusSql(sql`status`),
    sql`status = 'cancelled', cancelled_at = ${now.toISOString()}::timestamptz, cancelled_by_id = ${user.id},
        cancelled_by_role = ${as}, cancellation_reason = ${input.reason ?? null}, expires_at = NULL`,
    'cancelled',
  );
  if (!changed) throw refusedBecause('not-active');
  return { record: await reload(db, input.id), as };
}

/**
 * Past the free-cancellation limit, the member asks the space to cancel: the request is recorded and every
 * owner and manager of the space is e-mailed, in one statement (the mail jobs commit with the request).
 * Asking again changes nothing; while the member may still cancel themselves, they are told to.
 */
export async function requestCancellation(
  db: Db,
  user: SessionUser,
  input: { id: string; message: string },
  now: Date,
): Promise<ReservationRecord> {
  const { record } = await visibleRecord(db, user, input.id);
  if (!isSelf(user, record.member.id)) {
    throw new AppError('permission-denied', 'Only its member asks to cancel a reservation');
  }
  if (!isActiveStatus(record.reservation.status)) throw refusedBecause('not-active');
  const terms = freeCancellationOfRecord(record, now);
  if (terms && !terms.passed) {
    throw refusedBecause('cancellation-window-open', { freeCancellationUntil: terms.until.toISOString() });
  }
  const [row] = await rowsOf<{ asked: number }>(
    db,
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
             AND members.role IN (${sql.join(
               SPACE_RIGHTS.manage.map((role) => sql`${role}`),
               sql`, `,
             )})`,
        'cancellation-requested',
      )}
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM asked)::int AS asked, (SELECT count(*) FROM mailed)::int AS mailed`,
  );
  if (row && row.asked > 0) wakeJobRunner();
  return reload(db, input.id);
}

/** A manager accepts a pending request before it expires; the member gets the confirmation. */
export async function approveReservation(db: Db, user: SessionUser, id: string, now: Date) {
  await managedRecord(db, user, id);
  const at = sql`${now.toISOString()}::timestamptz`;
  const changed = await transition(
    db,
    id,
    sql`status = 'pending' AND (expires_at IS NULL OR expires_at > ${at})`,
    sql`status = 'confirmed', decided_by_id = ${user.id}, decided_at = ${at}, expires_at = NULL`,
    'approved',
  );
  if (!changed) throw refusedBecause('not-pending');
  return reload(db, id);
}

export async function declineReservation(db: Db, user: SessionUser, id: string, reason: string, now: Date) {
  await managedRecord(db, user, id);
  const at = sql`${now.toISOString()}::timestamptz`;
  const changed = await transition(
    db,
    id,
    sql`status = 'pending'`,
    sql`status = 'declined', decided_by_id = ${user.id}, decided_at = ${at}, decline_reason = ${reason},
        expires_at = NULL`,
    'declined',
  );
  if (!changed) throw refusedBecause('not-pending');
  return reload(db, id);
}

/** After the start: nobody came (from confirmed, or from completed when the sweep was first). */
export async function markNoShow(db: Db, user: SessionUser, id: string, now: Date) {
  const record = await managedRecord(db, user, id);
  if (record.reservation.startsAt.getTime() > now.getTime()) throw refusedBecause('not-started');
  const changed = await transition(
    db,
    id,
    sql`status IN ('confirmed', 'completed')`,
    sql`status = 'no_show', decided_by_id = ${user.id}, decided_at = ${now.toISOString()}::timestamptz`,
    null,
  );
  if (!changed) throw refusedBecause('not-active');
  return reload(db, id);
}

export async function markCompleted(db: Db, user: SessionUser, id: string, now: Date) {
  const record = await managedRecord(db, user, id);
  if (record.reservation.startsAt.getTime() > now.getTime()) throw refusedBecause('not-started');
  const changed = await transition(db, id, sql`status = 'confirmed'`, sql`status = 'completed'`, null);
  if (!changed) throw refusedBecause('not-active');
  return reload(db, id);
}

export interface SweepResult {
  expired: number;
  completed: number;
  reminded: number;
}

/** A reminder goes 24 h before the start, to bookings made more than 24 h ahead. */
export const REMINDER_HOURS = 24;
const FINISHED_JOBS_KEPT_DAYS = 7;

/**
 * The background sweep (a recurring job): pending requests past their expiry are cancelled by the
 * system, confirmed bookings past their end are completed, reminders become due. One transaction, with
 * the member's e-mails queued in it; conditional updates make a second sweep a no-op.
 */
export async function sweepReservations(db: Db, now: Date): Promise<SweepResult> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.transaction(async (tx) => {
    const run = (query: ReturnType<typeof sql>) => rowsOf<{ id: string }>(tx, query);
    const expired = await run(sql`
      UPDATE reservations
      SET status = 'cancelled', cancelled_at = ${at}, cancelled_by_role = 'system',
          cancellation_reason = 'expired', expires_at = NULL, updated_at = now()
      WHERE status = 'pending' AND expires_at <= ${at}
      RETURNING id`);
    const completed = await run(sql`
      UPDATE reservations SET status = 'completed', updated_at = now()
      WHERE status = 'confirmed' AND ends_at <= ${at}
      RETURNING id`);
    const reminded = await run(sql`
      UPDATE reservations SET reminder_sent_at = ${at}
      WHERE status = 'confirmed' AND reminder_sent_at IS NULL
        AND starts_at > ${at} AND starts_at <= ${at} + make_interval(hours => ${REMINDER_HOURS})
        AND created_at <= starts_at - make_interval(hours => ${REMINDER_HOURS})
      RETURNING id`);
    for (const { id } of expired) await queueReservationMail(tx, id, 'expired');
    for (const { id } of reminded) await queueReservationMail(tx, id, 'reminder');
    await tx.execute(sql`
      DELETE FROM jobs WHERE status = 'done'
        AND finished_at < ${at} - make_interval(days => ${FINISHED_JOBS_KEPT_DAYS})`);
    return { expired: expired.length, completed: completed.length, reminded: reminded.length };
  });
  if (result.expired + result.reminded > 0) wakeJobRunner();
  return result;
}

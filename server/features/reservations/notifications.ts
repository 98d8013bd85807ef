import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/transaction';
import { enqueueJob } from '../../platform/jobs';
import {
  managerMailJob,
  reservationMailJob,
  type ManagerMailEvent,
  type ReservationMailEvent,
} from './reservation-mails';
import { PENDING_JOB_STATUSES } from '../../db/schema/jobs';
import { statusIn } from '../../db/status-sql';

export type { ManagerMailEvent, ReservationMailEvent } from './reservation-mails';

export const RESERVATION_MAIL_JOB = reservationMailJob.kind;
/** An e-mail about a reservation to one of its space's managers (the member's goes by the job above). */
export const RESERVATION_MANAGER_MAIL_JOB = managerMailJob.kind;

const dedupeKeyOf = (reservationId: string, event: ReservationMailEvent) =>
  `reservation-mail:${reservationId}:${event}`;

/**
 * The same job as `queueReservationMail`, as an INSERT to put in a statement's WITH clause: the e-mail of the
 * reservation `idExpression` (e.g. the id a sibling INSERT … RETURNING gave) commits with it; nothing is
 * queued when that expression is null (the sibling inserted nothing). Its payload is built here in SQL, so
 * `reservationMailJob`'s schema is checked by the runner (a malformed row fails at once).
 */
export function queueMailSql(idExpression: SQL, event: ReservationMailEvent): SQL {
  return sql`
    INSERT INTO jobs (kind, payload, dedupe_key)
    SELECT ${RESERVATION_MAIL_JOB}, jsonb_build_object('reservationId', mailed.id, 'event', ${event}::text),
           'reservation-mail:' || mailed.id || ':' || ${event}::text
    FROM (SELECT ${idExpression} AS id) AS mailed
    WHERE mailed.id IS NOT NULL
    ON CONFLICT (dedupe_key) WHERE ${statusIn(sql`status`, PENDING_JOB_STATUSES)} DO NOTHING`;
}

/**
 * The managers' e-mails as an INSERT for a statement's WITH clause: one job per row of `recipients`, a
 * query answering `reservation_id` and `recipient_id` (nothing queued when it answers no row).
 */
export function queueManagerMailSql(recipients: SQL, event: ManagerMailEvent): SQL {
  return sql`
    INSERT INTO jobs (kind, payload, dedupe_key)
    SELECT ${RESERVATION_MANAGER_MAIL_JOB},
           jsonb_build_object('reservationId', mailed.reservation_id, 'recipientId', mailed.recipient_id,
                              'event', ${event}::text),
           'reservation-manager-mail:' || mailed.reservation_id || ':' || ${event}::text || ':' || mailed.recipient_id
    FROM (${recipients}) AS mailed
    ON CONFLICT (dedupe_key) WHERE ${statusIn(sql`status`, PENDING_JOB_STATUSES)} DO NOTHING`;
}

/**
 * Queues the member's e-mail in the caller's transaction: it is sent if and only if the change commits
 * (the job runner delivers it, again after a restart if need be).
 */
export async function queueReservationMail(
  executor: Db | Tx,
  reservationId: string,
  event: ReservationMailEvent,
): Promise<void> {
  await enqueueJob(
    executor,
    reservationMailJob,
    { reservationId, event },
    { dedupeKey: dedupeKeyOf(reservationId, event) },
  );
}

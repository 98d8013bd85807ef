import { eq } from 'drizzle-orm';
import { DEFAULT_LOCALE, isLocale } from '#contract/locale';
import { isActiveStatus } from '#contract/reservations';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import type { Config } from '../../platform/config';
import type { JobHandler, RecurringJob } from '../../platform/jobs';
import { sendMail, type MailAttachment } from '../../platform/mail';
import { roleGrants, spaceRoleOf } from '../../platform/policy';
import { reservationsCalendar } from './ics';
import { systemContext } from '../../platform/service-context';
import { sweepReservations } from './lifecycle.service';
import {
  isManagerMailEvent,
  isReservationMailEvent,
  RESERVATION_MAIL_JOB,
  RESERVATION_MANAGER_MAIL_JOB,
  RESERVATION_SWEEP_JOB,
  type ReservationMailEvent,
} from './notifications';
import { renderManagerMail, renderReservationMail } from './reservation-mails';
import { findReservationRecord, freeCancellationOfRecord } from './reservation-view';

/** Events whose e-mail carries the booking as an `.ics` (a cancellation's removes it from calendars). */
const WITH_ICS = new Set<ReservationMailEvent>(['confirmed', 'approved', 'reminder', 'cancelled']);

/** The sweep (expiry, completion, reminders) runs every minute, in one process at a time. */
export const RESERVATION_SWEEP_EVERY_MS = 60_000;

export const reservationRecurringJobs: RecurringJob[] = [
  { kind: RESERVATION_SWEEP_JOB, everyMs: RESERVATION_SWEEP_EVERY_MS },
];

/** Sends one reservation e-mail in its member's language; nothing when it no longer applies. */
export async function sendReservationMail(
  db: Db,
  payload: Record<string, unknown>,
  settings: { baseUrl: string; now: Date },
): Promise<boolean> {
  const { reservationId, event } = payload;
  if (typeof reservationId !== 'string' || !isReservationMailEvent(event)) {
    throw new Error(`bad reservation mail payload ${JSON.stringify(payload)}`);
  }
  const record = await findReservationRecord(db, reservationId);
  if (!record) return false;
  // A reminder for a booking cancelled since it was queued would be wrong; the other events happened.
  if (event === 'reminder' && record.reservation.status !== 'confirmed') return false;
  const locale = isLocale(record.member.locale) ? record.member.locale : DEFAULT_LOCALE;
  const mail = renderReservationMail(locale, event, record, {
    baseUrl: settings.baseUrl,
    freeCancellation: freeCancellationOfRecord(record, settings.now),
  });
  const attachments: MailAttachment[] = WITH_ICS.has(event)
    ? [
        {
          filename: 'reservation.ics',
          content: reservationsCalendar([record], { locale, baseUrl: settings.baseUrl, now: settings.now }),
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        },
      ]
    : [];
  await sendMail({ to: record.member.email, ...mail, attachments });
  return true;
}

/**
 * Sends one e-mail to a manager of the reservation's space, in their language; nothing when it no longer
 * applies (the reservation was cancelled meanwhile, or they no longer run the space).
 */
export async function sendManagerMail(
  db: Db,
  payload: Record<string, unknown>,
  settings: { baseUrl: string },
): Promise<boolean> {
  const { reservationId, recipientId, event } = payload;
  if (typeof reservationId !== 'string' || typeof recipientId !== 'string' || !isManagerMailEvent(event)) {
    throw new Error(`bad manager mail payload ${JSON.stringify(payload)}`);
  }
  const record = await findReservationRecord(db, reservationId);
  if (!record || !isActiveStatus(record.reservation.status)) return false;
  const [recipient] = await db
    .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, recipientId))
    .limit(1);
  if (!recipient) return false;
  // Their own role, now: someone no longer managing the space is not e-mailed (admins are not counted).
  if (!roleGrants(await spaceRoleOf(db, recipient.id, record.space.id), 'manage')) return false;
  const locale = isLocale(recipient.locale) ? recipient.locale : DEFAULT_LOCALE;
  const mail = renderManagerMail(locale, event, record, recipient, { baseUrl: settings.baseUrl });
  await sendMail({ to: recipient.email, ...mail });
  return true;
}

export function reservationJobHandlers(config: Pick<Config, 'baseUrl'>): Record<string, JobHandler> {
  return {
    [RESERVATION_MAIL_JOB]: async (payload, ctx) => {
      await sendReservationMail(ctx.db, payload, { baseUrl: config.baseUrl, now: ctx.now });
    },
    [RESERVATION_MANAGER_MAIL_JOB]: async (payload, ctx) => {
      await sendManagerMail(ctx.db, payload, { baseUrl: config.baseUrl });
    },
    [RESERVATION_SWEEP_JOB]: async (_payload, ctx) => {
      const result = await sweepReservations(systemContext(ctx));
      if (result.expired + result.completed + result.reminded > 0)
        ctx.log.info('reservations swept', { ...result });
    },
  };
}

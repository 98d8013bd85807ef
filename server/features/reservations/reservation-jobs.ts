import { DEFAULT_LOCALE, isLocale } from '#contract/locale';
import type { Db } from '../../db/client';
import type { Config } from '../../platform/config';
import type { JobHandler, RecurringJob } from '../../platform/jobs';
import { sendMail, type MailAttachment } from '../../platform/mail';
import { reservationsCalendar } from './ics';
import { sweepReservations } from './lifecycle.service';
import {
  isReservationMailEvent,
  RESERVATION_MAIL_JOB,
  RESERVATION_SWEEP_JOB,
  type ReservationMailEvent,
} from './notifications';
import { renderReservationMail } from './reservation-mails';
import { findReservationRecord, freeCancellationUntil } from './reservation-view';

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
    freeCancellationUntil: freeCancellationUntil(record),
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

export function reservationJobHandlers(config: Pick<Config, 'baseUrl'>): Record<string, JobHandler> {
  return {
    [RESERVATION_MAIL_JOB]: async (payload, ctx) => {
      await sendReservationMail(ctx.db, payload, { baseUrl: config.baseUrl, now: ctx.now });
    },
    [RESERVATION_SWEEP_JOB]: async (_payload, ctx) => {
      const result = await sweepReservations(ctx.db, ctx.now);
      if (result.expired + result.completed + result.reminded > 0)
        ctx.log.info('reservations swept', { ...result });
    },
  };
}

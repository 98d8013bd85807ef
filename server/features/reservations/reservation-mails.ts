import type { Translate } from '#contract/translator';
import { z } from 'zod';
import type { FreeCancellation } from '#contract/cancellation';
import { ZUuid } from '#contract/input';
import type { Locale } from '#contract/locale';
import { formatCredit } from '#contract/formulas.plain';
import { formatMoney, formatVatRate } from '#contract/money';
import {
  formatDay,
  formatDuration,
  formatMoment,
  formatSlot,
  formatTime,
  zoneCity,
} from '#contract/reservation-format';
import { isActiveStatus } from '#contract/reservations';
import { checkInWindowOf } from '#contract/check-in';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { MailAttachment } from '../../platform/mail';
import { defineMail, type MailCategory, accountRecipientOf } from '../../platform/mail-jobs';
import { greetingFor, type MailContent } from '../../platform/mail-layout';
import { roleGrants, spaceRoleOf } from '../../platform/policy';
import { reservationsCalendar } from './ics';
import { findReservationRecord, freeCancellationOfRecord, type ReservationRecord } from './reservation-view';

/** What happened to a reservation that its member is told about by e-mail. */
export const RESERVATION_MAIL_EVENTS = [
  'confirmed',
  'requested',
  'approved',
  'declined',
  'cancelled',
  'expired',
  'reminder',
  'released',
] as const;
export type ReservationMailEvent = (typeof RESERVATION_MAIL_EVENTS)[number];

/** What happened to a reservation that its space's managers are told about by e-mail. */
export const MANAGER_MAIL_EVENTS = ['cancellation-requested'] as const;
export type ManagerMailEvent = (typeof MANAGER_MAIL_EVENTS)[number];

/**
 * Which member e-mails a /profile setting may turn off. A booking's confirmation (on booking or on approval),
 * its refusal, its cancellation and a request's expiry are always sent: the member must know whether they
 * have a booking. The acknowledgement of a request and the reminder are courtesies.
 */
const MEMBER_CATEGORY: Record<ReservationMailEvent, MailCategory> = {
  confirmed: 'transactional',
  approved: 'transactional',
  declined: 'transactional',
  cancelled: 'transactional',
  expired: 'transactional',
  released: 'transactional',
  requested: 'reservationUpdates',
  reminder: 'reminders',
};

/** Events whose e-mail carries the booking as an `.ics` (a cancellation's removes it from calendars). */
const WITH_ICS = new Set<ReservationMailEvent>(['confirmed', 'approved', 'reminder', 'cancelled']);

/** The rows every reservation e-mail lists: where, when, who, the price. */
function detailsOf(t: Translate, locale: Locale, record: ReservationRecord): Array<[string, string]> {
  const r = record.reservation;
  const zone = record.space.timeZone;
  const when = t('reservation.when', {
    slot: formatSlot(locale, r.startsAt.toISOString(), r.endsAt.toISOString(), zone),
    zone: t('reservation.zone', { city: zoneCity(zone) }),
    duration: formatDuration(locale, Math.round((r.endsAt.getTime() - r.startsAt.getTime()) / 60_000)),
  });
  const label = (key: string, values?: Record<string, string>) => t(`reservation.labels.${key}`, values);
  return [
    [label('space'), record.space.name],
    [
      label('address'),
      [record.space.addressLine, `${record.space.postcode} ${record.space.city}`.trim()]
        .filter(Boolean)
        .join(', '),
    ],
    [label('room'), record.room.name],
    [label('when'), when],
    [label('attendees'), String(r.attendees)],
    ...(r.title ? ([[label('title'), r.title]] as Array<[string, string]>) : []),
    ...paymentRows(t, locale, record),
  ];
}

/** How it is paid: the credit it took (its price not charged), or its price, excluding VAT, VAT and total. */
function paymentRows(t: Translate, locale: Locale, record: ReservationRecord): Array<[string, string]> {
  const r = record.reservation;
  const label = (key: string, values?: Record<string, string>) => t(`reservation.labels.${key}`, values);
  const { amount, unit, refunded } = record.credit;
  if (amount !== null && unit) {
    const credit = formatCredit(locale, amount, unit, (key, values) => t(`formulas.${key}`, values));
    const total = formatMoney(r.totalCents, locale, r.currency);
    return [
      [
        label('payment'),
        t(refunded ? 'reservation.creditsRefunded' : 'reservation.paidWithCredits', { credit, total }),
      ],
    ];
  }
  return [
    [label('priceExclVat'), formatMoney(r.priceExclVatCents, locale, r.currency)],
    [
      label('vat', { rate: formatVatRate(r.vatRateBasisPoints, locale) }),
      formatMoney(r.vatCents, locale, r.currency),
    ],
    [label('total'), formatMoney(r.totalCents, locale, r.currency)],
  ];
}

/**
 * The member's e-mail about `event`. `freeCancellation` is the limit at sending time
 * (contract/cancellation.ts): a limit already past is never promised, the mail says what to do instead.
 */
export function writeReservationMail(
  locale: Locale,
  t: Translate,
  event: ReservationMailEvent,
  record: ReservationRecord,
  options: { baseUrl: string; freeCancellation: FreeCancellation | null; creditNote?: boolean },
): MailContent {
  const key = (part: string) => `reservation.events.${event}.${part}`;
  const r = record.reservation;
  const zone = record.space.timeZone;
  const startsAt = r.startsAt.toISOString();
  const terms = options.freeCancellation;
  const values = {
    room: record.room.name,
    date: formatDay(locale, startsAt, zone),
    time: formatTime(locale, startsAt, zone),
    by: t(`reservation.cancelledBy.${r.cancelledByRole ?? 'system'}`),
    freeUntil: terms ? formatMoment(locale, terms.until, zone) : '',
    hours: String(record.freeCancellationHours),
    grace: String(record.checkIn.graceMinutes),
  };
  // The events that speak of cancelling say the limit while it is ahead, what to do once it is past, and
  // nothing about it when there is none (the reservation is no longer active).
  const speaksOfCancelling = event === 'confirmed' || event === 'approved' || event === 'reminder';
  const next = !speaksOfCancelling
    ? key('next')
    : !terms
      ? null
      : terms.passed
        ? key('nextLate')
        : key('next');
  const link =
    event === 'declined' || event === 'cancelled' || event === 'expired' || event === 'released'
      ? `${options.baseUrl}/reservations`
      : `${options.baseUrl}/result?reservation=${r.id}`;
  const reason =
    event === 'declined'
      ? r.declineReason
      : event === 'cancelled' && r.cancelledByRole === 'manager'
        ? r.cancellationReason
        : null;
  return {
    subject: t(key('subject'), values),
    greeting: greetingFor(locale, record.member.name),
    paragraphs: [t(key('lead'), values)],
    details: [
      ...detailsOf(t, locale, record),
      ...(reason ? ([[t('reservation.labels.reason'), reason]] as Array<[string, string]>) : []),
    ],
    notes: [
      ...(event === 'released' ? [t(key(releasedRefundOf(record, options.creditNote === true)))] : []),
      ...(next ? [t(next, values)] : []),
      ...(speaksOfCancelling && r.status === 'confirmed' ? [checkInNote(locale, t, record)] : []),
    ],
    action: { label: t(key('button')), url: link },
  };
}

/** What a released booking's member got back: its credits, a credit note of its price, or nothing. */
function releasedRefundOf(record: ReservationRecord, creditNote: boolean): 'none' | 'credits' | 'money' {
  if (record.credit.refunded) return 'credits';
  return creditNote ? 'money' : 'none';
}

/** Whether the booking's invoice was credited (a credit note issued for it). */
async function hasCreditNote(db: Db, reservationId: string): Promise<boolean> {
  const [row] = await rowsOf<{ credited: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM invoices AS invoice JOIN invoices AS note ON note.credited_invoice_id = invoice.id
                       WHERE invoice.reservation_id = ${reservationId}) AS credited`,
  );
  return row?.credited === true;
}

/** When and how to check in (contract/check-in.ts), with the code the room's door display asks for. */
function checkInNote(locale: Locale, t: Translate, record: ReservationRecord): string {
  const window = checkInWindowOf(record.reservation, record.checkIn);
  const zone = record.space.timeZone;
  return t(record.checkIn.releaseUnclaimed ? 'reservation.checkInReleasing' : 'reservation.checkIn', {
    opens: formatMoment(locale, window.opensAt, zone),
    closes: formatTime(locale, window.closesAt.toISOString(), zone),
    code: record.reservation.checkInCode,
  });
}

/** An e-mail to one of the space's managers (`recipient`) about a reservation of its member. */
export function writeManagerMail(
  locale: Locale,
  t: Translate,
  event: ManagerMailEvent,
  record: ReservationRecord,
  recipient: { name: string },
  options: { baseUrl: string },
): MailContent {
  const key = (part: string) => `reservation.managerEvents.${event}.${part}`;
  const r = record.reservation;
  const values = {
    member: record.member.name,
    space: record.space.name,
    room: record.room.name,
    date: formatDay(locale, r.startsAt.toISOString(), record.space.timeZone),
  };
  return {
    subject: t(key('subject'), values),
    greeting: greetingFor(locale, recipient.name),
    paragraphs: [t(key('lead'), values)],
    details: [
      [t('reservation.labels.member'), `${record.member.name} (${record.member.email})`],
      ...detailsOf(t, locale, record),
      ...(r.cancellationRequestMessage
        ? ([[t('reservation.labels.message'), r.cancellationRequestMessage]] as Array<[string, string]>)
        : []),
    ],
    action: { label: t(key('button')), url: `${options.baseUrl}/reservations?view=approvals` },
  };
}

/**
 * The member's e-mail about a reservation event, in their language, with the booking as an `.ics` where it
 * belongs. Nothing is sent when it no longer applies: the reservation is gone, or a reminder's booking was
 * cancelled since it was queued (the other events happened).
 */
export const reservationMailJob = defineMail({
  kind: 'reservations.mail',
  payload: z.object({ reservationId: ZUuid, event: z.enum(RESERVATION_MAIL_EVENTS) }),
  async compose({ reservationId, event }, ctx) {
    const record = await findReservationRecord(ctx.db, reservationId);
    if (!record) return null;
    if (event === 'reminder' && record.reservation.status !== 'confirmed') return null;
    const freeCancellation = freeCancellationOfRecord(record, ctx.now);
    const creditNote = event === 'released' && (await hasCreditNote(ctx.db, reservationId));
    return {
      to: { email: record.member.email, userId: record.member.id, locale: record.member.locale },
      category: MEMBER_CATEGORY[event],
      write: (locale, t) => {
        const attachments: MailAttachment[] = WITH_ICS.has(event)
          ? [
              {
                filename: 'reservation.ics',
                content: reservationsCalendar([record], { locale, baseUrl: ctx.baseUrl, now: ctx.now }),
                contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
              },
            ]
          : [];
        const content = writeReservationMail(locale, t, event, record, {
          baseUrl: ctx.baseUrl,
          freeCancellation,
          creditNote,
        });
        return { ...content, attachments };
      },
    };
  },
});

/**
 * An e-mail to one manager of the reservation's space, in their language. Nothing is sent when it no longer
 * applies: the reservation was cancelled meanwhile, or they no longer run the space (admins are not counted).
 * A manager may turn these off (`reservationUpdates`): the requests also wait in their approvals queue.
 */
export const managerMailJob = defineMail({
  kind: 'reservations.managerMail',
  payload: z.object({
    reservationId: ZUuid,
    recipientId: z.string().min(1),
    event: z.enum(MANAGER_MAIL_EVENTS),
  }),
  async compose({ reservationId, recipientId, event }, ctx) {
    const record = await findReservationRecord(ctx.db, reservationId);
    if (!record || !isActiveStatus(record.reservation.status)) return null;
    const recipient = await accountRecipientOf(ctx.db, recipientId);
    if (!recipient) return null;
    if (!roleGrants(await spaceRoleOf(ctx.db, recipient.id, record.space.id), 'manage')) return null;
    return {
      to: recipient.to,
      category: 'reservationUpdates',
      write: (locale, t) => writeManagerMail(locale, t, event, record, recipient, { baseUrl: ctx.baseUrl }),
    };
  },
});

import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { eventPath, eventTitleIn } from '#contract/events';
import type { RegistrationStatus } from '#contract/events.plain';
import { formatCredit, type CreditUnit } from '#contract/formulas.plain';
import { ZUuid } from '#contract/input';
import { formatMoney } from '#contract/money';
import { formatMoment, formatSlot } from '#contract/reservation-format';
import { rowsOf } from '../../db/rows';
import { defineMail } from '../../platform/mail-jobs';
import { greetingFor } from '../../platform/mail-layout';
import { eventCalendar } from './event-ics';

/** What a person is told by e-mail about their registration. All transactional: they must know where they stand. */
export const EVENT_MAIL_EVENTS = [
  'registered',
  'waitlisted',
  'offer',
  'offer-expired',
  'event-cancelled',
  'event-changed',
  'reminder',
] as const;

/** The status a message still applies to when its job runs (an offer accepted meanwhile is not re-sent). */
const STILL: Record<(typeof EVENT_MAIL_EVENTS)[number], RegistrationStatus[]> = {
  registered: ['registered'],
  waitlisted: ['waitlisted', 'offered'],
  offer: ['offered'],
  'offer-expired': ['cancelled'],
  'event-cancelled': ['cancelled'],
  'event-changed': ['registered', 'offered', 'waitlisted'],
  reminder: ['registered'],
};

/** The messages that carry the event's calendar file (a change carries the next SEQUENCE of the same UID). */
const WITH_CALENDAR = new Set<string>(['registered', 'event-changed']);

interface MailRow extends Record<string, unknown> {
  status: RegistrationStatus;
  position: number | null;
  offer_expires_at: string | null;
  user_id: string;
  name: string;
  email: string;
  locale: string | null;
  event_id: string;
  title_fr: string;
  title_en: string;
  starts_at: string;
  ends_at: string;
  event_status: 'draft' | 'published' | 'cancelled';
  cancellation_reason: string | null;
  space_name: string;
  address: string;
  time_zone: string;
  room_name: string | null;
  schedule_version: number;
  refunded: boolean;
  /** The order given back had not been paid: the member no longer owes it (nothing is paid back). */
  owed_cancelled: boolean;
  /** How the place of this round is paid: the credit it took, or its order's total (neither: free). */
  credit_amount: number | null;
  credit_unit: CreditUnit | null;
  order_total_cents: number | null;
}

/**
 * The registration e-mails, in the recipient's language, read when the job runs: registered (with the
 * event's calendar file), waitlisted (with their place in line), offer (with the accept link and its time
 * limit), offer expired, event cancelled.
 */
export const eventMailJob = defineMail({
  kind: 'events.mail',
  payload: z.object({
    event: z.enum(EVENT_MAIL_EVENTS),
    registrationId: ZUuid,
    /** What an `event-changed` message says it was before. */
    previous: z
      .object({ startsAt: z.string(), endsAt: z.string(), roomName: z.string().nullable() })
      .optional(),
  }),
  async compose({ event, registrationId, previous }, ctx) {
    const [row] = await rowsOf<MailRow>(
      ctx.db,
      sql`SELECT r.status, r.user_id, to_json(r.offer_expires_at) #>> '{}' AS offer_expires_at,
            (SELECT count(*) FROM event_registrations w WHERE w.event_id = r.event_id AND w.status = 'waitlisted'
              AND w.waitlist_position <= r.waitlist_position)::int AS position,
            users.name, users.email, users.locale, events.id AS event_id, events.title_fr, events.title_en,
            to_json(events.starts_at) #>> '{}' AS starts_at, to_json(events.ends_at) #>> '{}' AS ends_at,
            events.status AS event_status, events.cancellation_reason, events.schedule_version,
            (EXISTS (SELECT 1 FROM credit_entries f WHERE f.registration_id = r.id AND f.registration_round = r.round
                       AND f.kind = 'refund')
             OR EXISTS (SELECT 1 FROM orders o WHERE o.registration_id = r.id AND o.period_index = r.round
                          AND o.status = 'cancelled')) AS refunded,
            EXISTS (SELECT 1 FROM orders o WHERE o.registration_id = r.id AND o.period_index = r.round
                      AND o.status = 'cancelled' AND o.paid_at IS NULL) AS owed_cancelled,
            (SELECT -f.amount FROM credit_entries f WHERE f.registration_id = r.id AND f.registration_round = r.round
               AND f.kind = 'debit')::int AS credit_amount,
            (SELECT l.unit FROM credit_entries f JOIN credit_lots l ON l.id = f.lot_id WHERE f.registration_id = r.id
               AND f.registration_round = r.round AND f.kind = 'debit') AS credit_unit,
            (SELECT o.total_cents FROM orders o WHERE o.registration_id = r.id AND o.period_index = r.round)::int
              AS order_total_cents,
            spaces.name AS space_name, spaces.time_zone, rooms.name AS room_name,
            concat_ws(', ', spaces.name, nullif(spaces.address_line, ''), nullif(concat_ws(' ', spaces.postcode, spaces.city), '')) AS address
          FROM event_registrations r JOIN users ON users.id = r.user_id JOIN events ON events.id = r.event_id
            JOIN spaces ON spaces.id = events.space_id LEFT JOIN rooms ON rooms.id = events.room_id
          WHERE r.id = ${registrationId}`,
    );
    if (!row || !STILL[event].includes(row.status)) return null;
    const url = `${ctx.baseUrl}${eventPath(row.event_id)}`;
    return {
      to: { email: row.email, userId: row.user_id, locale: row.locale },
      category: 'transactional',
      write: (locale, t) => {
        const title = eventTitleIn({ titleFr: row.title_fr, titleEn: row.title_en }, locale);
        const when = formatSlot(locale, row.starts_at, row.ends_at, row.time_zone);
        const values = {
          event: title,
          space: row.space_name,
          position: row.position ?? 0,
          until: row.offer_expires_at ? formatMoment(locale, row.offer_expires_at, row.time_zone) : '',
        };
        const key = (part: string) => `events.${event}.${part}`;
        const details: Array<[string, string]> = [
          [t('events.labels.event'), title],
          [t('events.labels.when'), when],
          [t('events.labels.where'), row.room_name ? `${row.room_name}, ${row.address}` : row.address],
        ];
        if (event === 'waitlisted') details.push([t('events.labels.position'), String(values.position)]);
        if (event === 'registered' || event === 'reminder') {
          // How the place is paid: the credit it took, or its price (a free place says nothing).
          if (row.credit_amount !== null && row.credit_unit) {
            const credit = formatCredit(locale, Number(row.credit_amount), row.credit_unit, (key, values) =>
              t(`formulas.${key}`, values),
            );
            details.push([t('events.labels.paid'), t('events.labels.paidWithCredits', { credit })]);
          } else if (row.order_total_cents) {
            const total = formatMoney(Number(row.order_total_cents), locale);
            details.push([t('events.labels.paid'), t('events.labels.paidPrice', { total })]);
          }
        }
        if (event === 'offer') details.push([t('events.labels.until'), values.until]);
        if (event === 'event-changed' && previous) {
          const before = formatSlot(locale, previous.startsAt, previous.endsAt, row.time_zone);
          details.push([
            t('events.labels.before'),
            previous.roomName ? `${before} · ${previous.roomName}` : before,
          ]);
        }
        const notes: string[] = [];
        if (event === 'event-cancelled' && row.cancellation_reason)
          notes.push(t('events.labels.reason', { reason: row.cancellation_reason }));
        if (event === 'event-cancelled' && row.refunded)
          notes.push(t(row.owed_cancelled ? 'events.labels.cancelledOwed' : 'events.labels.cancelledRefund'));
        return {
          subject: t(key('subject'), values),
          greeting: greetingFor(locale, row.name),
          paragraphs: [t(key('lead'), values)],
          details,
          notes,
          action: { label: t(key('button')), url: event === 'offer' ? `${url}?offer=accept` : url },
          attachments: WITH_CALENDAR.has(event)
            ? [
                {
                  filename: 'event.ics',
                  content: eventCalendar(
                    {
                      id: row.event_id,
                      titleFr: row.title_fr,
                      titleEn: row.title_en,
                      startsAt: new Date(row.starts_at),
                      endsAt: new Date(row.ends_at),
                      status: row.event_status,
                      timeZone: row.time_zone,
                      location: row.room_name ? `${row.room_name}, ${row.address}` : row.address,
                      sequence: Number(row.schedule_version),
                    },
                    { locale, baseUrl: ctx.baseUrl, now: ctx.now },
                  ),
                  contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
                },
              ]
            : [],
        };
      },
    };
  },
});

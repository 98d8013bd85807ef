import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Locale } from '#contract/locale';
import { formatMoment } from '#contract/reservation-format';
import { isRepeatedWallClock } from '../../platform/calendar-times';
import { freeCancellationOfRecord, type ReservationRecord } from './reservation-view';

/**
 * iCalendar for reservations. Times are written as wall-clock times of the space's zone with its TZID
 * (`DTSTART;TZID=Europe/Paris:20260329T090000`) and the zone's VTIMEZONE, so a calendar shows 09:00 in
 * Paris whatever the machine's zone (UTC here): ical-generator reads the zone from a TZDate, not from the
 * process. docs/decisions/010-reservations-no-double-booking.md (times).
 */

const TEXT: Record<
  Locale,
  { pending: string; booked: string; manage: string; freeUntil: string; late: string }
> = {
  fr: {
    pending: 'Demande en attente de validation par l’espace.',
    booked: 'Réservation Escale',
    manage: 'Gérer mes réservations :',
    freeUntil: 'Annulation gratuite jusqu’au {when}.',
    late: 'Annulation gratuite en ligne terminée : pour annuler, demandez-le à l’espace depuis vos réservations.',
  },
  en: {
    pending: 'Request waiting for the space’s approval.',
    booked: 'Escale booking',
    manage: 'Manage my reservations:',
    freeUntil: 'Free cancellation until {when}.',
    late: 'Free online cancellation is over: to cancel, ask the space from your reservations.',
  },
};

/** What the member may do about cancelling, as of `now` (contract/cancellation.ts); none once inactive. */
function cancellationLine(record: ReservationRecord, locale: Locale, now: Date): string[] {
  const terms = freeCancellationOfRecord(record, now);
  if (!terms) return [];
  if (terms.passed) return [TEXT[locale].late];
  return [TEXT[locale].freeUntil.replace('{when}', formatMoment(locale, terms.until, record.space.timeZone))];
}

const STATUS: Record<string, ICalEventStatus> = {
  pending: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  completed: ICalEventStatus.CONFIRMED,
  no_show: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
  declined: ICalEventStatus.CANCELLED,
};

export interface CalendarOptions {
  locale: Locale;
  baseUrl: string;
  name?: string;
  now?: Date;
}

export function eventTitle(record: ReservationRecord): string {
  const title = record.reservation.title.trim();
  return title ? `${title} · ${record.room.name}` : `${record.room.name} · ${record.space.name}`;
}

export function addressOf(record: ReservationRecord): string {
  const { space } = record;
  return [space.name, space.addressLine, [space.postcode, space.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
}

/** One calendar holding the reservations given, each event in its own space's zone. */
export function reservationsCalendar(records: ReservationRecord[], options: CalendarOptions): string {
  const text = TEXT[options.locale];
  const calendar = ical({
    prodId: { company: 'Escale', product: 'Reservations', language: options.locale.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    name: options.name,
    // No calendar-wide zone: each event names its own; the generator adds each zone's VTIMEZONE.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  for (const record of records) {
    const r = record.reservation;
    const zone = record.space.timeZone;
    const cancelled = r.status === 'cancelled' || r.status === 'declined';
    const inUtc = isRepeatedWallClock(r.startsAt, zone) || isRepeatedWallClock(r.endsAt, zone);
    calendar.createEvent({
      id: `${r.id}@escale`,
      sequence: cancelled ? 1 : 0,
      stamp: options.now ?? new Date(),
      start: inUtc ? r.startsAt : new TZDate(r.startsAt.getTime(), zone),
      end: inUtc ? r.endsAt : new TZDate(r.endsAt.getTime(), zone),
      timezone: inUtc ? null : zone,
      summary: eventTitle(record),
      location: addressOf(record),
      status: STATUS[r.status] ?? ICalEventStatus.CONFIRMED,
      description: [
        r.status === 'pending' ? text.pending : text.booked,
        ...cancellationLine(record, options.locale, options.now ?? new Date()),
        `${text.manage} ${options.baseUrl}/reservations`,
      ].join('\n'),
      url: `${options.baseUrl}/result?reservation=${r.id}`,
    });
  }
  return calendar.toString();
}

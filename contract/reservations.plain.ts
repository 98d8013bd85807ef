import { callableRef } from './callable';
import type {
  cancelReservation,
  checkInReservation,
  createFeedToken,
  createReservation,
  getAvailability,
  getBookingPolicy,
  quoteReservation,
  requestCancellation,
  ReservationStatus,
  revokeFeedToken,
} from './reservations';

/** What the booking panel needs of the reservations contract without its schemas (issue 18). */

/**
 * Why a request was refused, in `details.reason`: the browser translates these (never the message).
 * Rule failures come with `invalid-argument`, the rest with the code named beside them.
 */
export const BOOKING_REFUSALS = [
  'end-before-start',
  'step', // start not on the room's step, or duration not a multiple of it
  'min-duration',
  'max-duration',
  'lead-time', // starts too soon
  'horizon', // starts too far ahead
  'closed', // outside opening hours or on a closure day
  'capacity', // more attendees than seats
  'no-price', // the room has no price for that length
  'slot-taken', // already-exists: another booking holds the time
  'no-desk-free', // already-exists: every desk of the group is taken
  'email-not-verified', // failed-precondition
  'billing-details-missing', // failed-precondition: at price, its invoice needs billing details not given
  'idempotency-key-reused', // failed-precondition: same key, different booking
  'cancellation-window-closed', // failed-precondition: too late for a member to cancel
  'not-active', // failed-precondition: already cancelled, declined, completed…
  'not-pending', // failed-precondition: only requests are approved or declined
  'not-started', // failed-precondition: no-show or completion before the start
  'cancellation-window-open', // failed-precondition: the member may still cancel it themselves
  'not-enough-credit', // failed-precondition: paid by credit, no usable lot holds enough
  'no-usable-credit', // failed-precondition: paid by credit, no lot covers this room and time
  'already-checked-in', // failed-precondition: contract/check-in.ts
  'check-in-not-open', // failed-precondition: before its check-in window
  'check-in-closed', // failed-precondition: after it (the end of the grace period, or the end)
] as const;
export type BookingRefusal = (typeof BOOKING_REFUSALS)[number];

/** The booking panel's operations, by name (contract/callable.ts, CallableRef). */
export const bookingCalls = {
  getAvailability: callableRef<typeof getAvailability>('reservations.getAvailability'),
  getPolicy: callableRef<typeof getBookingPolicy>('reservations.getPolicy'),
  quote: callableRef<typeof quoteReservation>('reservations.quote'),
  create: callableRef<typeof createReservation>('reservations.create'),
};

/** The longest reason a manager gives for a cancellation or a decline, and a member's cancellation request. */
export const MAX_REASON_LENGTH = 500;

/** A member's operations on their reservations and calendar feed (/reservations), by name (CallableRef). */
export const myReservationCalls = {
  cancel: callableRef<typeof cancelReservation>('reservations.cancel'),
  requestCancellation: callableRef<typeof requestCancellation>('reservations.requestCancellation'),
  checkIn: callableRef<typeof checkInReservation>('reservations.checkIn'),
  createFeedToken: callableRef<typeof createFeedToken>('reservations.createFeedToken'),
  revokeFeedToken: callableRef<typeof revokeFeedToken>('reservations.revokeFeedToken'),
};

/**
 * The statuses that hold a room: two reservations in them never overlap (the exclusion constraint), they
 * are the member's upcoming ones and the ones that can still be cancelled. The SQL form is
 * `activeStatusSql` (server/db/schema/reservations.ts).
 */
export const ACTIVE_RESERVATION_STATUSES = [
  'pending',
  'confirmed',
] as const satisfies readonly ReservationStatus[];

export function isActiveStatus(status: string): boolean {
  return (ACTIVE_RESERVATION_STATUSES as readonly string[]).includes(status);
}

/** The `.ics` of one reservation, for its member (cookie session). */
export function reservationIcsPath(id: string): string {
  return `/api/reservations/${id}.ics`;
}

/** A Google Calendar "add event" link (times in UTC, zone named for display). */
export function googleCalendarUrl(input: {
  title: string;
  startsAt: string;
  endsAt: string;
  details: string;
  location: string;
  timeZone: string;
}): string {
  const compact = (iso: string) =>
    new Date(iso)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: input.title,
    dates: `${compact(input.startsAt)}/${compact(input.endsAt)}`,
    details: input.details,
    location: input.location,
    ctz: input.timeZone,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

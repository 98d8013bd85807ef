import { callableRef } from './callable';
import type {
  createReservation,
  getAvailability,
  getBookingPolicy,
  quoteReservation,
  ReservationStatus,
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

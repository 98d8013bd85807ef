/**
 * The one rule for "until when may the member cancel for free", used by the booking panel's warning, the
 * server's checks, the reservation card, /result, the e-mails and the calendar files alike, so no screen
 * promises a limit another one has already passed (docs/decisions/010-reservations-no-double-booking.md).
 *
 * A confirmed booking: until `freeCancellationHours` before its start. A pending request: until its start
 * (it expires then). Past that limit the member can no longer cancel online; the space's managers still
 * can, at any time, saying why.
 */

export interface FreeCancellation {
  /** The last instant the member may cancel online, free of charge. */
  until: Date;
  /** Whether `until` is already behind `now` (a booking made inside the window is born with it passed). */
  passed: boolean;
}

export interface CancellableReservation {
  status: string;
  startsAt: Date | string;
}

/** The member's free-cancellation limit of a reservation at `now`; null once it is no longer active. */
export function freeCancellationOf(
  reservation: CancellableReservation,
  freeCancellationHours: number,
  now: Date,
): FreeCancellation | null {
  const startsAt = new Date(reservation.startsAt).getTime();
  let until: number;
  if (reservation.status === 'pending') until = startsAt;
  else if (reservation.status === 'confirmed') until = startsAt - freeCancellationHours * 3_600_000;
  else return null;
  return { until: new Date(until), passed: now.getTime() > until };
}

/**
 * Whether a booking starting at `startsAt`, made at `now`, would be born inside the space's
 * free-cancellation window: its member could not cancel it online at all. The booking panel says so before
 * the member confirms.
 */
export function startsInsideFreeCancellationWindow(
  startsAt: Date | string,
  freeCancellationHours: number,
  now: Date,
): boolean {
  return freeCancellationOf({ status: 'confirmed', startsAt }, freeCancellationHours, now)?.passed ?? false;
}

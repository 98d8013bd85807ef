/**
 * The one rule for checking in to a booking and for releasing one nobody claimed (issue 33,
 * docs/decisions/034-check-in-and-release.md), read by the reservations card, /result, the e-mails, the
 * planning, the door display and the server alike, so no screen offers a check-in the server refuses.
 *
 * A confirmed booking may be checked in from `opensMinutes` before its start until its check-in closes:
 * the end of the grace period after its start when the space releases unclaimed bookings, else its end.
 * When the space releases them, a booking not checked in when its check-in closes becomes a no-show
 * (`no_show`) and the rest of its slot is free at once.
 */

/** What comes back to the member of a released booking: nothing, its credits, or its credits and its price. */
export const NO_SHOW_REFUNDS = ['none', 'credits', 'money'] as const;
export type NoShowRefund = (typeof NO_SHOW_REFUNDS)[number];

/** Who checked a booking in. */
export const CHECK_IN_VIAS = ['member', 'manager', 'display'] as const;
export type CheckInVia = (typeof CHECK_IN_VIAS)[number];

/** A space's check-in settings; a space that has set none has `DEFAULT_CHECK_IN_SETTINGS`. */
export interface CheckInSettings {
  /** Whether a booking not checked in by the end of the grace period is released (a no-show). */
  releaseUnclaimed: boolean;
  /** Minutes after the start a member has to check in when release is on. */
  graceMinutes: number;
  /** What comes back to the member of a released booking. */
  noShowRefund: NoShowRefund;
  /** Minutes before the start the check-in opens. */
  opensMinutes: number;
}

export const DEFAULT_CHECK_IN_SETTINGS: CheckInSettings = {
  releaseUnclaimed: false,
  graceMinutes: 15,
  noShowRefund: 'none',
  opensMinutes: 15,
};
export const MAX_GRACE_MINUTES = 240;
export const MAX_CHECK_IN_OPENS_MINUTES = 120;

/** A booking's short check-in code: six digits, shown in its confirmation, typed on the room's door display. */
export const CHECK_IN_CODE_LENGTH = 6;
export const CHECK_IN_CODE_PATTERN = new RegExp(`^\\d{${CHECK_IN_CODE_LENGTH}}$`);

export interface CheckInWindow {
  opensAt: Date;
  /** The end of the grace period when the space releases unclaimed bookings (never after the end), else the end. */
  closesAt: Date;
}

export function checkInWindowOf(
  booking: { startsAt: Date | string; endsAt: Date | string },
  settings: CheckInSettings,
): CheckInWindow {
  const startsAt = new Date(booking.startsAt).getTime();
  const endsAt = new Date(booking.endsAt).getTime();
  const closesAt = settings.releaseUnclaimed
    ? Math.min(startsAt + settings.graceMinutes * 60_000, endsAt)
    : endsAt;
  return { opensAt: new Date(startsAt - settings.opensMinutes * 60_000), closesAt: new Date(closesAt) };
}

/** Why a check-in is refused at `now`, or null when it may happen (`details.reason` of the refusal). */
export type CheckInRefusal = 'not-active' | 'already-checked-in' | 'check-in-not-open' | 'check-in-closed';

export function checkInRefusalOf(
  booking: {
    status: string;
    startsAt: Date | string;
    endsAt: Date | string;
    checkedInAt: Date | string | null;
  },
  settings: CheckInSettings,
  now: Date,
): CheckInRefusal | null {
  if (booking.checkedInAt !== null) return 'already-checked-in';
  if (booking.status !== 'confirmed') return 'not-active';
  const window = checkInWindowOf(booking, settings);
  if (now.getTime() < window.opensAt.getTime()) return 'check-in-not-open';
  if (now.getTime() >= window.closesAt.getTime()) return 'check-in-closed';
  return null;
}

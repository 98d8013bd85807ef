import { tzOffset } from '@date-fns/tz';
import { AppError } from '#contract/errors';
import { minutesBetween, type BookingRefusal } from '#contract/reservations';
import { MAX_BOOKING_MINUTES, MAX_HORIZON_DAYS } from '#contract/rooms';

/** The rules of a room a booking is checked against (the columns of `rooms`). */
export interface RoomRules {
  capacity: number;
  bookingStepMinutes: number;
  minDurationMinutes: number;
  maxDurationMinutes: number;
  leadTimeMinutes: number;
  horizonDays: number;
}

export interface SlotRequest {
  startsAt: Date;
  endsAt: Date;
  attendees: number;
}

/** A refused booking: `invalid-argument` with the reason the browser translates and the field at fault. */
export function refusal(
  reason: BookingRefusal,
  field: string,
  extra: Record<string, unknown> = {},
): AppError {
  return new AppError('invalid-argument', `Booking refused: ${reason}`, {
    reason,
    fields: [{ path: field, message: reason }],
    ...extra,
  });
}

/** Minutes since midnight on the wall clock of `timeZone` (09:30 in Paris → 570, whatever the offset). */
export function wallClockMinutes(instant: Date, timeZone: string): number {
  const local = instant.getTime() + tzOffset(timeZone, instant) * 60_000;
  return Math.floor((local % 86_400_000) / 60_000);
}

/**
 * What is refused before anything is read, whatever the room: an end that is not after the start, a length
 * no room allows, a start farther ahead than any room opens. Besides sparing the database a hopeless
 * request, it keeps the opening hours a booking is checked against to a day or two.
 */
export function checkSlotBounds(slot: { startsAt: Date; endsAt: Date }, now: Date): void {
  const length = slot.endsAt.getTime() - slot.startsAt.getTime();
  if (!(length > 0)) throw refusal('end-before-start', 'endsAt');
  if (length > MAX_BOOKING_MINUTES * 60_000) {
    throw refusal('max-duration', 'endsAt', { maxDurationMinutes: MAX_BOOKING_MINUTES });
  }
  if (slot.startsAt.getTime() > now.getTime() + MAX_HORIZON_DAYS * 86_400_000) {
    throw refusal('horizon', 'startsAt', { horizonDays: MAX_HORIZON_DAYS });
  }
}

/**
 * The rules that need no database: step, length, lead time, horizon and capacity. Opening hours, closures
 * and other bookings are the database's to check. Steps are read on the space's wall clock (a 30-minute
 * step starts at :00 and :30 local time on every day, daylight-saving days included); lengths are real
 * elapsed minutes (09:00–12:00 is 180 minutes, and 01:00–04:00 on the March change is 120).
 */
export function checkSlotRules(rules: RoomRules, slot: SlotRequest, timeZone: string, now: Date): number {
  const minutes = minutesBetween(slot.startsAt, slot.endsAt);
  if (slot.endsAt.getTime() <= slot.startsAt.getTime()) throw refusal('end-before-start', 'endsAt');
  const step = rules.bookingStepMinutes;
  const startsOnStep =
    slot.startsAt.getTime() % 60_000 === 0 && wallClockMinutes(slot.startsAt, timeZone) % step === 0;
  if (!startsOnStep) throw refusal('step', 'startsAt', { stepMinutes: step });
  if ((slot.endsAt.getTime() - slot.startsAt.getTime()) % (step * 60_000) !== 0) {
    throw refusal('step', 'endsAt', { stepMinutes: step });
  }
  if (minutes < rules.minDurationMinutes) {
    throw refusal('min-duration', 'endsAt', { minDurationMinutes: rules.minDurationMinutes });
  }
  if (minutes > rules.maxDurationMinutes) {
    throw refusal('max-duration', 'endsAt', { maxDurationMinutes: rules.maxDurationMinutes });
  }
  const earliest = now.getTime() + rules.leadTimeMinutes * 60_000;
  if (slot.startsAt.getTime() < earliest) {
    throw refusal('lead-time', 'startsAt', { leadTimeMinutes: rules.leadTimeMinutes });
  }
  const latest = now.getTime() + rules.horizonDays * 86_400_000;
  if (slot.startsAt.getTime() > latest) {
    throw refusal('horizon', 'startsAt', { horizonDays: rules.horizonDays });
  }
  if (slot.attendees > rules.capacity) throw refusal('capacity', 'attendees', { capacity: rules.capacity });
  return minutes;
}

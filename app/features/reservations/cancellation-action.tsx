import type { TReservation } from '#contract/reservations';
import { isActiveStatus } from '#contract/reservations.plain';
import { CancelButton } from './cancel-button';
import { RequestCancellationButton } from './request-cancellation-button';

/**
 * The member's way out of an active reservation: cancel it while the free-cancellation limit is ahead,
 * else ask the space to (once); nothing when it is no longer active.
 */
export function CancellationAction({
  reservation,
  onChanged,
}: {
  reservation: TReservation;
  onChanged: (reservation: TReservation) => void;
}) {
  if (reservation.canCancel) return <CancelButton reservation={reservation} onCancelled={onChanged} />;
  const active = isActiveStatus(reservation.status);
  if (!active || reservation.cancellationRequestedAt) return null;
  return <RequestCancellationButton reservation={reservation} onRequested={onChanged} />;
}

import { useTranslation } from '~/platform/translation';
import type { TReservation } from '#contract/reservations';
import { MAX_REASON_LENGTH, myReservationCalls } from '#contract/reservations.plain';
import { call } from '~/platform/callable-client';
import { ReasonDialog, useSlotWords } from './reason-dialog';

/**
 * Past the free-cancellation limit the member cannot cancel online: they ask the space, with an optional
 * message; its managers are e-mailed and decide. Calls `onRequested` with the updated reservation.
 */
export function RequestCancellationButton({
  reservation,
  onRequested,
}: {
  reservation: TReservation;
  onRequested: (reservation: TReservation) => void;
}) {
  const { t } = useTranslation('reservations');
  const when = useSlotWords(reservation);
  return (
    <ReasonDialog
      triggerLabel={t('askToCancel.button')}
      title={t('askToCancel.title', { space: reservation.space.name })}
      description={t('askToCancel.description', {
        room: reservation.room.name,
        when,
        space: reservation.space.name,
      })}
      field={{
        label: t('askToCancel.message'),
        hint: t('askToCancel.messageHint', { max: MAX_REASON_LENGTH }),
        minLength: 0,
      }}
      keepLabel={t('askToCancel.keep')}
      confirmLabel={t('askToCancel.send')}
      sendingLabel={t('askToCancel.sending')}
      success={t('askToCancel.done', { space: reservation.space.name })}
      send={(message) => call(myReservationCalls.requestCancellation, { id: reservation.id, message })}
      onDone={onRequested}
    />
  );
}

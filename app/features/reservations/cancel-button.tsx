import type { ReactNode } from 'react';
import { useTranslation } from '~/platform/translation';
import type { TReservation } from '#contract/reservations';
import { MAX_REASON_LENGTH, myReservationCalls } from '#contract/reservations.plain';
import { call } from '~/platform/callable-client';
import { ReasonDialog, useSlotWords } from './reason-dialog';

/** What the dialog names of the reservation: a full one, or a planning entry. */
export interface CancelSubject {
  id: string;
  room: { name: string };
  startsAt: string;
  endsAt: string;
  space: { timeZone: string };
}

/** A reason is required of a manager: at least this long once trimmed (contract `ZReason`). */
const MIN_REASON_LENGTH = 3;

/**
 * Cancel, one click then a confirmation. As a manager (`asManager`) a reason is asked, which the member
 * receives by e-mail. `trigger` replaces the default button (a block of the planning, say); `memberName`
 * says whose booking it is. Calls `onCancelled` with the updated reservation.
 */
export function CancelButton({
  reservation,
  asManager = false,
  memberName,
  trigger,
  onCancelled,
}: {
  reservation: CancelSubject;
  asManager?: boolean;
  memberName?: string;
  trigger?: ReactNode;
  onCancelled: (reservation: TReservation) => void;
}) {
  const { t } = useTranslation('reservations');
  const when = useSlotWords(reservation);
  return (
    <ReasonDialog
      trigger={trigger}
      triggerLabel={t('cancel.button')}
      triggerVariant="outline-danger"
      title={t('cancel.title')}
      description={
        memberName
          ? t('cancel.descriptionMember', { room: reservation.room.name, when, member: memberName })
          : t('cancel.description', { room: reservation.room.name, when })
      }
      field={
        asManager
          ? {
              label: t('cancel.reason'),
              hint: t('cancel.reasonHint', { max: MAX_REASON_LENGTH }),
              minLength: MIN_REASON_LENGTH,
            }
          : undefined
      }
      keepLabel={t('cancel.keep')}
      confirmLabel={t('cancel.confirm')}
      sendingLabel={t('cancel.sending')}
      confirmVariant="danger"
      success={t(asManager ? 'cancel.doneManager' : 'cancel.done')}
      send={(reason) =>
        call(myReservationCalls.cancel, { id: reservation.id, ...(asManager ? { reason } : {}) })
      }
      onDone={onCancelled}
    />
  );
}

import { useState, type ReactNode } from 'react';
import { messageOfError } from '~/platform/form-errors';
import { useTranslation } from '~/platform/translation';
import { formatSlot } from '#contract/reservation-format';
import { cancelReservation, MAX_REASON_LENGTH, type TReservation } from '#contract/reservations';
import { call } from '~/platform/callable-client';
import { Button } from '~/ui/button';
import { Dialog, DialogClose } from '~/ui/dialog';
import { Textarea } from '~/ui/field';
import { toast } from '~/ui/toast-store';
import { useLocale } from '~/platform/use-locale';

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
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const when = formatSlot(locale, reservation.startsAt, reservation.endsAt, reservation.space.timeZone);
  const reasonTooShort = reason.trim().length < MIN_REASON_LENGTH;

  async function cancel() {
    setSending(true);
    setProblem(null);
    try {
      const updated = await call(cancelReservation, {
        id: reservation.id,
        ...(asManager ? { reason: reason.trim() } : {}),
      });
      setOpen(false);
      toast({ title: t(asManager ? 'cancel.doneManager' : 'cancel.done'), color: 'success' });
      onCancelled(updated);
    } catch (error) {
      setProblem(messageOfError(t, error, 'reservations'));
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setProblem(null);
      }}
      trigger={
        trigger ?? (
          <Button variant="outline-danger" size="sm">
            {t('cancel.button')}
          </Button>
        )
      }
      title={t('cancel.title')}
      description={
        memberName
          ? t('cancel.descriptionMember', { room: reservation.room.name, when, member: memberName })
          : t('cancel.description', { room: reservation.room.name, when })
      }
    >
      {asManager ? (
        <Textarea
          label={t('cancel.reason')}
          hint={t('cancel.reasonHint', { max: MAX_REASON_LENGTH })}
          value={reason}
          required
          maxLength={MAX_REASON_LENGTH}
          onChange={(event) => setReason(event.target.value)}
        />
      ) : null}
      {problem ? (
        <p role="alert" className="text-danger mt-3 text-sm">
          {problem}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline">{t('cancel.keep')}</Button>
        </DialogClose>
        <Button
          variant="danger"
          onClick={() => void cancel()}
          disabled={sending || (asManager && reasonTooShort)}
        >
          {sending ? t('cancel.sending') : t('cancel.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSlot } from '#contract/reservation-format';
import { cancelReservation, type TReservation } from '#contract/reservations';
import { call } from '~/platform/callable-client';
import { Button } from '~/ui/button';
import { Dialog, DialogClose } from '~/ui/dialog';
import { Textarea } from '~/ui/field';
import { toast } from '~/ui/toast-store';
import { useLocale } from './format';
import { refusalMessage } from './refusal-message';

/**
 * Cancel, one click then a confirmation. As a manager (`asManager`) a reason is asked and sent to the
 * member. Calls `onCancelled` with the updated reservation.
 */
export function CancelButton({
  reservation,
  asManager = false,
  onCancelled,
}: {
  reservation: TReservation;
  asManager?: boolean;
  onCancelled: (reservation: TReservation) => void;
}) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const when = formatSlot(locale, reservation.startsAt, reservation.endsAt, reservation.space.timeZone);

  async function cancel() {
    setSending(true);
    setProblem(null);
    try {
      const updated = await call(cancelReservation, {
        id: reservation.id,
        ...(asManager ? { reason: reason.trim() } : {}),
      });
      setOpen(false);
      toast({ title: t('cancel.done'), color: 'success' });
      onCancelled(updated);
    } catch (error) {
      setProblem(refusalMessage(t, error));
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
        <Button variant="outline" size="sm" className="text-danger">
          {t('cancel.button')}
        </Button>
      }
      title={t('cancel.title')}
      description={t('cancel.description', { room: reservation.room.name, when })}
    >
      {asManager ? (
        <Textarea
          label={t('cancel.reason')}
          hint={t('cancel.reasonHint')}
          value={reason}
          maxLength={500}
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
          disabled={sending || (asManager && reason.trim().length < 3)}
        >
          {sending ? t('cancel.sending') : t('cancel.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}

import { useState } from 'react';
import { messageOfError } from '~/platform/form-errors';
import { useTranslation } from '~/platform/translation';
import { formatSlot } from '#contract/reservation-format';
import { MAX_REASON_LENGTH, requestCancellation, type TReservation } from '#contract/reservations';
import { call } from '~/platform/callable-client';
import { Button } from '~/ui/button';
import { Dialog, DialogClose } from '~/ui/dialog';
import { Textarea } from '~/ui/field';
import { toast } from '~/ui/toast-store';
import { useLocale } from '~/platform/use-locale';

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
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const when = formatSlot(locale, reservation.startsAt, reservation.endsAt, reservation.space.timeZone);

  async function send() {
    setSending(true);
    setProblem(null);
    try {
      const updated = await call(requestCancellation, { id: reservation.id, message: message.trim() });
      setOpen(false);
      toast({ title: t('askToCancel.done', { space: reservation.space.name }), color: 'success' });
      onRequested(updated);
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
        <Button variant="outline" size="sm">
          {t('askToCancel.button')}
        </Button>
      }
      title={t('askToCancel.title', { space: reservation.space.name })}
      description={t('askToCancel.description', {
        room: reservation.room.name,
        when,
        space: reservation.space.name,
      })}
    >
      <Textarea
        label={t('askToCancel.message')}
        hint={t('askToCancel.messageHint', { max: MAX_REASON_LENGTH })}
        value={message}
        maxLength={MAX_REASON_LENGTH}
        onChange={(event) => setMessage(event.target.value)}
      />
      {problem ? (
        <p role="alert" className="text-danger mt-3 text-sm">
          {problem}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline">{t('askToCancel.keep')}</Button>
        </DialogClose>
        <Button onClick={() => void send()} disabled={sending}>
          {sending ? t('askToCancel.sending') : t('askToCancel.send')}
        </Button>
      </div>
    </Dialog>
  );
}

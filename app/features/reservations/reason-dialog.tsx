import { useState, type ReactNode } from 'react';
import { MAX_REASON_LENGTH } from '#contract/reservations.plain';
import { formatSlot } from '#contract/reservation-format';
import { useForm } from '~/platform/use-form';
import { useLocale } from '~/platform/use-locale';
import { Button, type ButtonVariant } from '~/ui/button';
import { Dialog, DialogClose } from '~/ui/dialog';
import { Textarea } from '~/ui/field';
import { FailureText } from '~/ui/failure-text';

/** The text the other side receives with the decision (a manager's reason, a member's message). */
export interface ReasonField {
  label: string;
  hint: string;
  /** Shortest text accepted once trimmed; the confirm button waits for it (0: the text is optional). */
  minLength: number;
}

/**
 * A decision on a reservation, confirmed in a dialog, with the text that goes with it: cancelling, declining a
 * request, asking the space to cancel. Sent through the form hook: the text's refusal beside it, any other
 * failure in the dialog, the success as a toast. `send` gets the trimmed text ('' without a field).
 */
export function ReasonDialog<T>({
  trigger,
  triggerLabel,
  triggerVariant = 'outline',
  title,
  description,
  field,
  keepLabel,
  confirmLabel,
  sendingLabel,
  confirmVariant = 'primary',
  success,
  send,
  onDone,
}: {
  /** What opens the dialog; without it, a small button that says `triggerLabel`. */
  trigger?: ReactNode;
  triggerLabel?: string;
  triggerVariant?: ButtonVariant;
  title: string;
  description?: string;
  field?: ReasonField;
  keepLabel: string;
  confirmLabel: string;
  sendingLabel?: string;
  confirmVariant?: ButtonVariant;
  success: string;
  send: (text: string) => Promise<T>;
  onDone: (result: T) => void;
}) {
  const form = useForm({ namespace: 'reservations', failureIn: 'form' });
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const tooShort = field ? text.trim().length < field.minLength : false;

  async function confirm() {
    const result = await form.run(() => send(text.trim()), success);
    if (result === null) return;
    setOpen(false);
    onDone(result);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        form.setFailure(null);
      }}
      trigger={
        trigger ?? (
          <Button variant={triggerVariant} size="sm">
            {triggerLabel}
          </Button>
        )
      }
      title={title}
      description={description}
    >
      {field ? (
        <Textarea
          label={field.label}
          hint={field.hint}
          value={text}
          required={field.minLength > 0}
          maxLength={MAX_REASON_LENGTH}
          onChange={(event) => setText(event.target.value)}
          error={form.errorOf('reason') ?? form.errorOf('message')}
        />
      ) : null}
      <FailureText className="mt-3">{form.failure}</FailureText>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline">{keepLabel}</Button>
        </DialogClose>
        <Button variant={confirmVariant} onClick={() => void confirm()} disabled={form.pending || tooShort}>
          {form.pending && sendingLabel ? sendingLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

/** A reservation's slot in words, in the page's language and its space's zone: what a decision's dialog names. */
export function useSlotWords(reservation: { startsAt: string; endsAt: string; space: { timeZone: string } }) {
  const locale = useLocale();
  return formatSlot(locale, reservation.startsAt, reservation.endsAt, reservation.space.timeZone);
}

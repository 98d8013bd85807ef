import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '~/platform/translation';
import { COMMUNITY_LIMITS } from '#contract/community';
import { useForm } from '~/platform/use-form';
import { Button, type ButtonVariant } from '~/ui/button';
import { Dialog } from '~/ui/dialog';
import { Textarea } from '~/ui/field';

/**
 * A button opening a dialog with one text to write and send: a message relayed by e-mail, a report, a
 * moderator's reason. The field's error shows next to it; any other refusal as a toast.
 */
interface TextDialogProps {
  /** The button's label; without it the dialog is opened by its owner (`open`, `onOpenChange`). */
  trigger?: ReactNode;
  triggerVariant?: ButtonVariant;
  title: string;
  description?: ReactNode;
  label: string;
  hint?: string;
  maxLength: number;
  submitLabel: string;
  success: string;
  send: (text: string) => Promise<unknown>;
  /** The input's field name, as the callable's errors name it. */
  fieldName?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

export function TextDialog({
  trigger,
  triggerVariant = 'outline',
  title,
  description,
  label,
  hint,
  maxLength,
  submitLabel,
  success,
  send,
  fieldName = 'message',
  open: controlledOpen,
  onOpenChange,
}: TextDialogProps) {
  const { t } = useTranslation('community');
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  const form = useForm({ namespace: 'community', fieldMessages: 'community:errors' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('text') ?? '').trim();
    if (!text) {
      form.setErrors({ [fieldName]: fieldName === 'reason' ? 'reasonRequired' : 'messageRequired' });
      return;
    }
    const sent = await form.run(async () => {
      await send(text);
      return true;
    }, success);
    if (sent) setOpen(false);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.setErrors({});
      }}
      trigger={
        trigger ? (
          <Button variant={triggerVariant} size="sm">
            {trigger}
          </Button>
        ) : undefined
      }
      title={title}
      description={description}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Textarea
          name="text"
          required
          maxLength={maxLength}
          label={label}
          hint={hint}
          rows={5}
          error={form.errorOf(fieldName)}
        />
        <Button type="submit" disabled={form.pending} className="self-start">
          {form.pending ? t('sending') : submitLabel}
        </Button>
      </form>
    </Dialog>
  );
}

/** Reporting an ad or a profile to the space's team, with its reason. */
export function ReportDialog(
  props: Pick<TextDialogProps, 'trigger' | 'triggerVariant' | 'title' | 'send' | 'open' | 'onOpenChange'>,
) {
  const { t } = useTranslation('community');
  return (
    <TextDialog
      description={t('report.description')}
      label={t('report.reason')}
      maxLength={COMMUNITY_LIMITS.reason}
      submitLabel={t('report.send')}
      success={t('report.sent')}
      fieldName="reason"
      {...props}
    />
  );
}

/** A message relayed by e-mail to a member (a contact, a reply to an ad): neither sees the other's address. */
export function MessageDialog(
  props: Pick<
    TextDialogProps,
    'trigger' | 'triggerVariant' | 'title' | 'success' | 'send' | 'open' | 'onOpenChange'
  >,
) {
  const { t } = useTranslation('community');
  return (
    <TextDialog
      description={t('contact.privacy')}
      label={t('contact.message')}
      maxLength={COMMUNITY_LIMITS.message}
      submitLabel={t('contact.send')}
      {...props}
    />
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { ZResetRequestForm } from '#contract/auth';
import { authClient } from '~/platform/auth-client';
import { fieldErrorsOfZod, messageOfError, translateField, type FieldErrors } from '~/platform/form-errors';
import { Button } from '~/ui/button';
import { Input } from '~/ui/field';
import { Notice } from '~/ui/notice';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ResetRequestForm() {
  const { t } = useTranslation('auth');
  const [fields, setFields] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZResetRequestForm.safeParse({ email: new FormData(event.currentTarget).get('email') });
    setFailure(null);
    if (!parsed.success) {
      setFields(fieldErrorsOfZod(parsed.error));
      return;
    }
    setFields({});
    setPending(true);
    try {
      await authClient.requestPasswordReset(parsed.data.email);
      setSentTo(parsed.data.email);
    } catch (error) {
      setFailure(messageOfError(t, error));
    } finally {
      setPending(false);
    }
  }

  if (sentTo) {
    return (
      <Notice tone="success">
        <p className="font-semibold">{t('reset.requestSentTitle')}</p>
        <p className="mt-1">{t('reset.requestSent', { email: sentTo })}</p>
      </Notice>
    );
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <Input
        name="email"
        type="email"
        autoComplete="email"
        required
        label={t('reset.email')}
        error={translateField(t, fields.email)}
      />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? t('reset.requestSubmitting') : t('reset.requestSubmit')}
      </Button>
    </form>
  );
}

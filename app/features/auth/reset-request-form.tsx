import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { ZResetRequestForm } from '#contract/auth';
import { authClient } from '~/platform/auth-client';
import { useForm } from '~/platform/use-form';
import { Button } from '~/ui/button';
import { Input } from '~/ui/field';
import { Notice } from '~/ui/notice';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ResetRequestForm() {
  const { t } = useTranslation('auth');
  const form = useForm({ namespace: 'auth', failureIn: 'form' });
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFailure(null);
    const request = form.check(ZResetRequestForm, { email: new FormData(event.currentTarget).get('email') });
    if (!request) return;
    const sent = await form.run(async () => {
      await authClient.requestPasswordReset(request.email);
      return true;
    });
    if (sent) setSentTo(request.email);
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
      {form.failure ? <Notice tone="error">{form.failure}</Notice> : null}
      <Input
        name="email"
        type="email"
        autoComplete="email"
        required
        label={t('reset.email')}
        error={form.errorOf('email')}
      />
      <Button type="submit" disabled={form.pending} className="w-full">
        {form.pending ? t('reset.requestSubmitting') : t('reset.requestSubmit')}
      </Button>
    </form>
  );
}

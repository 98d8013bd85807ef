import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { authClient } from '~/platform/auth-client';
import { useForm } from '~/platform/use-form';
import { Notice } from '~/ui/notice';
import { AuthForm, EmailInput } from './auth-form';

/** The form's schema, and zod with it, load once the form is used rather than with the page. */
const loadSchemas = () => import('#contract/auth');

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ResetRequestForm() {
  const { t } = useTranslation('auth');
  const form = useForm({ namespace: 'auth', failureIn: 'form' });
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = new FormData(event.currentTarget).get('email');
    form.setFailure(null);
    const request = await form.checkLoaded(loadSchemas, (schemas) => schemas.ZResetRequestForm, { email });
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
    <AuthForm
      onSubmit={submit}
      onFocusCapture={() => void loadSchemas().catch(() => undefined)}
      form={form}
      submitLabel={{ idle: t('reset.requestSubmit'), pending: t('reset.requestSubmitting') }}
    >
      <EmailInput label={t('reset.email')} error={form.errorOf('email')} />
    </AuthForm>
  );
}

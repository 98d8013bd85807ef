import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { AppError } from '#contract/errors';
import { announceSignedOut, authClient } from '~/platform/auth-client';
import { loginPath } from '~/platform/auth-paths';
import { useForm } from '~/platform/use-form';
import { buttonClass } from '~/ui/button';
import { TextLink } from '~/ui/link';
import { Notice } from '~/ui/notice';
import { PasswordInput } from '~/ui/password-input';
import { AuthForm } from './auth-form';

/** The form's schema, and zod with it, load once the form is used rather than with the page. */
const loadSchemas = () => import('#contract/auth');

/** Sets the new password from a reset link's token; the link then stops working and every session ends. */
export function NewPasswordForm({ token, onInvalidToken }: { token: string; onInvalidToken: () => void }) {
  const { t } = useTranslation('auth');
  const form = useForm({ namespace: 'auth', failureIn: 'form' });
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    form.setFailure(null);
    const reset = await form.checkLoaded(loadSchemas, (schemas) => schemas.ZNewPasswordForm, {
      password: values.get('password'),
      confirmation: values.get('confirmation'),
    });
    if (!reset) return;
    const changed = await form.run(async () => {
      try {
        await authClient.resetPassword(token, reset.password);
      } catch (error) {
        // A used or expired link: the page offers a new one instead of a message.
        if (error instanceof AppError && error.details?.authCode === 'INVALID_TOKEN') return false;
        throw error;
      }
      return true;
    });
    if (changed === false) onInvalidToken();
    if (!changed) return;
    // Every session of this person ended, maybe one in another tab of this browser.
    announceSignedOut();
    setDone(true);
  }

  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <Notice tone="success">
          <p className="font-semibold">{t('reset.doneTitle')}</p>
          <p className="mt-1">{t('reset.doneText')}</p>
        </Notice>
        <a href={loginPath()} className={buttonClass('primary')}>
          {t('reset.loginButton')}
        </a>
      </div>
    );
  }
  return (
    <AuthForm
      onSubmit={submit}
      onFocusCapture={() => void loadSchemas().catch(() => undefined)}
      form={form}
      submitLabel={{ idle: t('reset.newSubmit'), pending: t('reset.newSubmitting') }}
      after={
        <TextLink to={loginPath()} className="self-center text-sm">
          {t('reset.backToLogin')}
        </TextLink>
      }
    >
      <PasswordInput
        purpose="new"
        name="password"
        label={t('reset.newPassword')}
        error={form.errorOf('password')}
      />
      <PasswordInput
        name="confirmation"
        purpose="confirmation"
        label={t('reset.confirmation')}
        error={form.errorOf('confirmation')}
      />
    </AuthForm>
  );
}

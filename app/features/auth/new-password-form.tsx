import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { PASSWORD_MIN_LENGTH, ZNewPasswordForm } from '#contract/auth';
import { AppError } from '#contract/errors';
import { announceSignedOut, authClient } from '~/platform/auth-client';
import { loginPath } from '~/platform/auth-paths';
import { useForm } from '~/platform/use-form';
import { Button, buttonClass } from '~/ui/button';
import { TextLink } from '~/ui/link';
import { Notice } from '~/ui/notice';
import { PasswordInput } from '~/ui/password-input';

/** Sets the new password from a reset link's token; the link then stops working and every session ends. */
export function NewPasswordForm({ token, onInvalidToken }: { token: string; onInvalidToken: () => void }) {
  const { t } = useTranslation('auth');
  const form = useForm({ namespace: 'auth', failureIn: 'form' });
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    form.setFailure(null);
    const reset = form.check(ZNewPasswordForm, {
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
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {form.failure ? <Notice tone="error">{form.failure}</Notice> : null}
      <PasswordInput
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        label={t('reset.newPassword')}
        hint={t('signup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        error={form.errorOf('password')}
        showLabel={t('showPassword')}
        hideLabel={t('hidePassword')}
      />
      <PasswordInput
        name="confirmation"
        autoComplete="new-password"
        required
        label={t('reset.confirmation')}
        error={form.errorOf('confirmation')}
        showLabel={t('showPassword')}
        hideLabel={t('hidePassword')}
      />
      <Button type="submit" disabled={form.pending} className="w-full">
        {form.pending ? t('reset.newSubmitting') : t('reset.newSubmit')}
      </Button>
      <TextLink to={loginPath()} className="self-center text-sm">
        {t('reset.backToLogin')}
      </TextLink>
    </form>
  );
}

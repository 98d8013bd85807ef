import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { PASSWORD_MIN_LENGTH, ZNewPasswordForm } from '#contract/auth';
import { AppError } from '#contract/errors';
import { announceSignedOut, authClient } from '~/platform/auth-client';
import { loginPath } from '~/platform/auth-paths';
import { fieldErrorsOfZod, messageOfError, translateField, type FieldErrors } from '~/platform/form-errors';
import { Button, buttonClass } from '~/ui/button';
import { TextLink } from '~/ui/link';
import { Notice } from '~/ui/notice';
import { PasswordInput } from '~/ui/password-input';

/** Sets the new password from a reset link's token; the link then stops working and every session ends. */
export function NewPasswordForm({ token, onInvalidToken }: { token: string; onInvalidToken: () => void }) {
  const { t } = useTranslation('auth');
  const [fields, setFields] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = ZNewPasswordForm.safeParse({
      password: form.get('password'),
      confirmation: form.get('confirmation'),
    });
    setFailure(null);
    if (!parsed.success) {
      setFields(fieldErrorsOfZod(parsed.error));
      return;
    }
    setFields({});
    setPending(true);
    try {
      await authClient.resetPassword(token, parsed.data.password);
      // Every session of this person ended, maybe one in another tab of this browser.
      announceSignedOut();
      setDone(true);
    } catch (error) {
      const authCode = error instanceof AppError ? error.details?.authCode : undefined;
      if (authCode === 'INVALID_TOKEN') onInvalidToken();
      else if (authCode === 'PASSWORD_TOO_SHORT') setFields({ password: 'passwordTooShort' });
      else setFailure(messageOfError(t, error));
    } finally {
      setPending(false);
    }
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
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <PasswordInput
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        label={t('reset.newPassword')}
        hint={t('signup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        error={translateField(t, fields.password)}
        showLabel={t('showPassword')}
        hideLabel={t('hidePassword')}
      />
      <PasswordInput
        name="confirmation"
        autoComplete="new-password"
        required
        label={t('reset.confirmation')}
        error={translateField(t, fields.confirmation)}
        showLabel={t('showPassword')}
        hideLabel={t('hidePassword')}
      />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? t('reset.newSubmitting') : t('reset.newSubmit')}
      </Button>
      <TextLink to={loginPath()} className="self-center text-sm">
        {t('reset.backToLogin')}
      </TextLink>
    </form>
  );
}

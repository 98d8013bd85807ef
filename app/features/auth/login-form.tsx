import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { RESET_PATH } from '#contract/auth.plain';
import { AppError } from '#contract/errors';
import { authClient } from '~/platform/auth-client';
import { signupPath } from '~/platform/auth-paths';
import { fieldErrorsOfZod, messageOfError, translateField, type FieldErrors } from '~/platform/form-errors';
import { Button } from '~/ui/button';
import { Input } from '~/ui/field';
import { TextLink } from '~/ui/link';
import { Notice } from '~/ui/notice';
import { PasswordInput } from '~/ui/password-input';

/** The form's schema, and zod with it, load once the form is used rather than with the page. */
const loadSchemas = () => import('#contract/auth');

/** E-mail and password; a wrong password and an unknown address get the same message. */
export function LoginForm({ redirectTo, notice }: { redirectTo: string; notice: string | null }) {
  const { t } = useTranslation('auth');
  const [fields, setFields] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFailure(null);
    let schemas: Awaited<ReturnType<typeof loadSchemas>>;
    try {
      schemas = await loadSchemas();
    } catch (error) {
      setFailure(messageOfError(t, error));
      return;
    }
    const parsed = schemas.ZSignInForm.safeParse({
      email: form.get('email'),
      password: form.get('password'),
    });
    if (!parsed.success) {
      setFields(fieldErrorsOfZod(parsed.error));
      return;
    }
    setFields({});
    setPending(true);
    try {
      await authClient.signIn(parsed.data);
      // A fresh page load: every part of the app sees the new session.
      window.location.assign(redirectTo);
    } catch (error) {
      setPending(false);
      const wrong = error instanceof AppError && error.code === 'unauthenticated';
      setFailure(wrong ? t('login.wrongCredentials') : messageOfError(t, error));
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      onFocusCapture={() => void loadSchemas().catch(() => undefined)}
      className="flex flex-col gap-4"
    >
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <Input
        name="email"
        type="email"
        autoComplete="email"
        required
        label={t('login.email')}
        error={translateField(t, fields.email)}
      />
      <div className="flex flex-col gap-1">
        <PasswordInput
          name="password"
          autoComplete="current-password"
          required
          label={t('login.password')}
          error={translateField(t, fields.password)}
          showLabel={t('showPassword')}
          hideLabel={t('hidePassword')}
        />
        <TextLink to={RESET_PATH} className="self-end text-sm">
          {t('login.forgot')}
        </TextLink>
      </div>
      <Button type="submit" disabled={pending} className="mt-2 w-full">
        {pending ? t('login.submitting') : t('login.submit')}
      </Button>
      <p className="text-ink-soft text-center text-sm">
        {t('login.noAccount')} <TextLink to={signupPath(redirectTo)}>{t('login.signupLink')}</TextLink>
      </p>
    </form>
  );
}

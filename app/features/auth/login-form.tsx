import type { FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { RESET_PATH } from '#contract/auth.plain';
import { AppError } from '#contract/errors';
import { authClient } from '~/platform/auth-client';
import { signupPath } from '~/platform/auth-paths';
import { useForm } from '~/platform/use-form';
import { TextLink } from '~/ui/link';
import { PasswordInput } from '~/ui/password-input';
import { AuthForm, EmailInput } from './auth-form';

/** The form's schema, and zod with it, load once the form is used rather than with the page. */
const loadSchemas = () => import('#contract/auth');

/** E-mail and password; a wrong password and an unknown address get the same message. */
export function LoginForm({ redirectTo, notice }: { redirectTo: string; notice: string | null }) {
  const { t } = useTranslation('auth');
  const form = useForm({
    namespace: 'auth',
    failureIn: 'form',
    // A wrong password and an unknown address get the same words.
    messageOf: (error) =>
      error instanceof AppError && error.code === 'unauthenticated' ? t('login.wrongCredentials') : undefined,
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    form.setFailure(null);
    const credentials = await form.checkLoaded(loadSchemas, (schemas) => schemas.ZSignInForm, {
      email: values.get('email'),
      password: values.get('password'),
    });
    if (!credentials) return;
    await form.run(
      async () => {
        await authClient.signIn(credentials);
        // A fresh page load: every part of the app sees the new session.
        window.location.assign(redirectTo);
      },
      undefined,
      { leaves: true },
    );
  }

  return (
    <AuthForm
      onSubmit={submit}
      onFocusCapture={() => void loadSchemas().catch(() => undefined)}
      notice={notice}
      form={form}
      submitLabel={{ idle: t('login.submit'), pending: t('login.submitting') }}
      after={
        <p className="text-ink-soft text-center text-sm">
          {t('login.noAccount')} <TextLink to={signupPath(redirectTo)}>{t('login.signupLink')}</TextLink>
        </p>
      }
    >
      <EmailInput label={t('login.email')} error={form.errorOf('email')} />
      <div className="flex flex-col gap-1">
        <PasswordInput
          name="password"
          purpose="current"
          label={t('login.password')}
          error={form.errorOf('password')}
        />
        <TextLink to={RESET_PATH} className="self-end text-sm">
          {t('login.forgot')}
        </TextLink>
      </div>
    </AuthForm>
  );
}

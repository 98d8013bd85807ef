import type { FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { RESET_PATH } from '#contract/auth.plain';
import { AppError } from '#contract/errors';
import { authClient } from '~/platform/auth-client';
import { signupPath } from '~/platform/auth-paths';
import { useForm } from '~/platform/use-form';
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
    let schemas: Awaited<ReturnType<typeof loadSchemas>>;
    try {
      schemas = await loadSchemas();
    } catch (error) {
      form.fail(error);
      return;
    }
    const credentials = form.check(schemas.ZSignInForm, {
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
    <form
      noValidate
      onSubmit={submit}
      onFocusCapture={() => void loadSchemas().catch(() => undefined)}
      className="flex flex-col gap-4"
    >
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      {form.failure ? <Notice tone="error">{form.failure}</Notice> : null}
      <Input
        name="email"
        type="email"
        autoComplete="email"
        required
        label={t('login.email')}
        error={form.errorOf('email')}
      />
      <div className="flex flex-col gap-1">
        <PasswordInput
          name="password"
          autoComplete="current-password"
          required
          label={t('login.password')}
          error={form.errorOf('password')}
          showLabel={t('showPassword')}
          hideLabel={t('hidePassword')}
        />
        <TextLink to={RESET_PATH} className="self-end text-sm">
          {t('login.forgot')}
        </TextLink>
      </div>
      <Button type="submit" disabled={form.pending} className="mt-2 w-full">
        {form.pending ? t('login.submitting') : t('login.submit')}
      </Button>
      <p className="text-ink-soft text-center text-sm">
        {t('login.noAccount')} <TextLink to={signupPath(redirectTo)}>{t('login.signupLink')}</TextLink>
      </p>
    </form>
  );
}

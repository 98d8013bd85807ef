import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { isLocale, DEFAULT_LOCALE } from '#contract/locale';
import { authClient } from '~/platform/auth-client';
import { loginPath } from '~/platform/auth-paths';
import { useForm } from '~/platform/use-form';
import { Checkbox, Input } from '~/ui/field';
import { TextLink } from '~/ui/link';
import { PasswordInput } from '~/ui/password-input';
import { AuthForm, EmailInput } from './auth-form';

/** The form's schema, and zod with it, load once the form is used rather than with the page. */
const loadSchemas = () => import('#contract/auth');

/**
 * Name, e-mail, password and terms; then "check your inbox" (the same whether or not the address is new).
 * The confirmation link brings the person back to `redirectTo`.
 */
export function SignupForm({ redirectTo }: { redirectTo: string }) {
  const { t, i18n } = useTranslation('auth');
  const form = useForm({ namespace: 'auth', failureIn: 'form' });
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    form.setFailure(null);
    const signUp = await form.checkLoaded(loadSchemas, (schemas) => schemas.ZSignUpForm, {
      name: values.get('name'),
      email: values.get('email'),
      password: values.get('password'),
      acceptTerms: values.get('acceptTerms') === 'on',
    });
    if (!signUp) return;
    const { name, email, password } = signUp;
    const sent = await form.run(async () => {
      await authClient.signUp({
        name,
        email,
        password,
        locale: isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE,
        back: redirectTo,
      });
      return true;
    });
    if (sent) setSentTo(email);
  }

  if (sentTo) {
    return (
      <div className="flex flex-col items-start gap-4" role="status">
        <MailCheck aria-hidden className="text-primary size-10" />
        <h2 className="text-xl font-semibold">{t('signup.sentTitle')}</h2>
        <p>{t('signup.sentText', { email: sentTo })}</p>
        <p className="text-ink-soft text-sm">{t('signup.sentHint')}</p>
        <TextLink to={loginPath(redirectTo)}>{t('signup.loginLink')}</TextLink>
      </div>
    );
  }

  return (
    <AuthForm
      onSubmit={submit}
      onFocusCapture={() => void loadSchemas().catch(() => undefined)}
      form={form}
      submitLabel={{ idle: t('signup.submit'), pending: t('signup.submitting') }}
      after={
        <p className="text-ink-soft text-center text-sm">
          {t('signup.haveAccount')} <TextLink to={loginPath(redirectTo)}>{t('signup.loginLink')}</TextLink>
        </p>
      }
    >
      <Input name="name" autoComplete="name" required label={t('signup.name')} error={form.errorOf('name')} />
      <EmailInput label={t('signup.email')} error={form.errorOf('email')} />
      <PasswordInput
        purpose="new"
        name="password"
        label={t('signup.password')}
        error={form.errorOf('password')}
      />
      <Checkbox
        name="acceptTerms"
        required
        label={
          <>
            {t('signup.acceptTermsBefore')}
            <TextLink to="/terms" target="_blank">
              {t('signup.termsLink')}
            </TextLink>
            {t('signup.acceptTermsAfter')}
          </>
        }
        error={form.errorOf('acceptTerms')}
      />
    </AuthForm>
  );
}

import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { PASSWORD_MIN_LENGTH, ZSignUpForm } from '#contract/auth';
import { AppError } from '#contract/errors';
import { isLocale, DEFAULT_LOCALE } from '#contract/locale';
import { authClient } from '~/platform/auth-client';
import { loginPath } from '~/platform/auth-paths';
import { fieldErrorsOfZod, messageOfError, translateField, type FieldErrors } from '~/platform/form-errors';
import { Button } from '~/ui/button';
import { Checkbox, Input } from '~/ui/field';
import { TextLink } from '~/ui/link';
import { Notice } from '~/ui/notice';
import { PasswordInput } from '~/ui/password-input';

/** better-auth's refusals that belong to one field. */
const FIELD_OF_AUTH_CODE: Record<string, [field: string, message: string]> = {
  PASSWORD_TOO_SHORT: ['password', 'passwordTooShort'],
  PASSWORD_TOO_LONG: ['password', 'passwordTooLong'],
  INVALID_EMAIL: ['email', 'emailInvalid'],
};

/**
 * Name, e-mail, password and terms; then "check your inbox" (the same whether or not the address is new).
 * The confirmation link brings the person back to `redirectTo`.
 */
export function SignupForm({ redirectTo }: { redirectTo: string }) {
  const { t, i18n } = useTranslation('auth');
  const [fields, setFields] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = ZSignUpForm.safeParse({
      name: form.get('name'),
      email: form.get('email'),
      password: form.get('password'),
      acceptTerms: form.get('acceptTerms') === 'on',
    });
    setFailure(null);
    if (!parsed.success) {
      setFields(fieldErrorsOfZod(parsed.error));
      return;
    }
    setFields({});
    setPending(true);
    try {
      const { name, email, password } = parsed.data;
      await authClient.signUp({
        name,
        email,
        password,
        locale: isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE,
        back: redirectTo,
      });
      setSentTo(email);
    } catch (error) {
      const authCode = error instanceof AppError ? error.details?.authCode : undefined;
      const field = typeof authCode === 'string' ? FIELD_OF_AUTH_CODE[authCode] : undefined;
      if (field) setFields({ [field[0]]: field[1] });
      else setFailure(messageOfError(t, error));
    } finally {
      setPending(false);
    }
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
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <Input
        name="name"
        autoComplete="name"
        required
        label={t('signup.name')}
        error={translateField(t, fields.name)}
      />
      <Input
        name="email"
        type="email"
        autoComplete="email"
        required
        label={t('signup.email')}
        error={translateField(t, fields.email)}
      />
      <PasswordInput
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        label={t('signup.password')}
        hint={t('signup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        error={translateField(t, fields.password)}
        showLabel={t('showPassword')}
        hideLabel={t('hidePassword')}
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
        error={translateField(t, fields.acceptTerms)}
      />
      <Button type="submit" disabled={pending} className="mt-2 w-full">
        {pending ? t('signup.submitting') : t('signup.submit')}
      </Button>
      <p className="text-ink-soft text-center text-sm">
        {t('signup.haveAccount')} <TextLink to={loginPath(redirectTo)}>{t('signup.loginLink')}</TextLink>
      </p>
    </form>
  );
}

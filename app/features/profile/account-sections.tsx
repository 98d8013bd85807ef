import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { changeEmail, changePassword, type TProfile } from '#contract/profile';
import { PASSWORD_MIN_LENGTH } from '#contract/auth.plain';
import { ResendConfirmationButton } from '~/platform/resend-confirmation';
import { call } from '~/platform/callable-client';
import { fieldErrorsOf, messageOfError, translateField, type FieldErrors } from '~/platform/form-errors';
import { Button } from '~/ui/button';
import { Checkbox, Input } from '~/ui/field';
import { Notice } from '~/ui/notice';
import { PasswordInput } from '~/ui/password-input';
import { toast } from '~/ui/toast-store';
import { ProfileSection } from './profile-section';

/** The address, whether it is confirmed, and changing it (the new one must be confirmed first). */
export function EmailSection({ profile }: { profile: TProfile }) {
  const { t } = useTranslation('profile');
  const { t: tAuth } = useTranslation('auth');
  const [fields, setFields] = useState<FieldErrors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const newEmail = String(new FormData(formElement).get('newEmail') ?? '');
    setPending(true);
    setSentTo(null);
    try {
      await call(changeEmail, { newEmail });
      setFields({});
      setSentTo(newEmail.trim().toLowerCase());
      formElement.reset();
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (Object.keys(errors).length) setFields(errors);
      else toast({ title: messageOfError(t, error), color: 'error' });
    } finally {
      setPending(false);
    }
  }

  return (
    <ProfileSection title={t('email.title')}>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <p>{t('email.current', { email: profile.email })}</p>
        <span
          className={
            profile.emailVerified
              ? 'border-success/60 bg-success/10 text-ink rounded-full border px-2 py-0.5 text-xs font-medium'
              : 'border-secondary bg-secondary/20 text-ink rounded-full border px-2 py-0.5 text-xs font-medium'
          }
        >
          {profile.emailVerified ? t('email.verified') : t('email.unverified')}
        </span>
        {profile.emailVerified ? null : <ResendConfirmationButton email={profile.email} />}
      </div>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <Input
          name="newEmail"
          type="email"
          autoComplete="email"
          required
          containerClassName="flex-1"
          label={t('email.newEmail')}
          error={translateField(tAuth, fields.newEmail)}
        />
        <Button type="submit" variant="outline" disabled={pending}>
          {pending ? t('email.submitting') : t('email.submit')}
        </Button>
      </form>
      {sentTo ? (
        <Notice tone="success" className="mt-4">
          {t('email.sent', { email: sentTo })}
        </Notice>
      ) : null}
    </ProfileSection>
  );
}

/** Current password, new one (with the reason when refused), and whether to end the other devices' sessions. */
export function PasswordSection() {
  const { t } = useTranslation('profile');
  const { t: tAuth } = useTranslation('auth');
  const [fields, setFields] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setPending(true);
    try {
      await call(changePassword, {
        currentPassword: String(form.get('currentPassword') ?? ''),
        newPassword: String(form.get('newPassword') ?? ''),
        signOutOtherDevices: form.get('signOutOtherDevices') === 'on',
      });
      setFields({});
      formElement.reset();
      toast({ title: t('password.changed'), color: 'success' });
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (Object.keys(errors).length) setFields(errors);
      else toast({ title: messageOfError(tAuth, error), color: 'error' });
    } finally {
      setPending(false);
    }
  }

  return (
    <ProfileSection title={t('password.title')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <PasswordInput
          name="currentPassword"
          autoComplete="current-password"
          required
          label={t('password.current')}
          error={translateField(tAuth, fields.currentPassword)}
          showLabel={tAuth('showPassword')}
          hideLabel={tAuth('hidePassword')}
        />
        <PasswordInput
          name="newPassword"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          label={t('password.new')}
          hint={tAuth('signup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          error={translateField(tAuth, fields.newPassword)}
          showLabel={tAuth('showPassword')}
          hideLabel={tAuth('hidePassword')}
        />
        <Checkbox name="signOutOtherDevices" defaultChecked label={t('password.signOutOthers')} />
        <Button type="submit" variant="outline" disabled={pending} className="self-start">
          {pending ? t('password.submitting') : t('password.submit')}
        </Button>
      </form>
    </ProfileSection>
  );
}

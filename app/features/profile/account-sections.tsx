import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { changeEmail, changePassword, type TProfile } from '#contract/profile';
import { ResendConfirmationButton } from '~/platform/resend-confirmation';
import { call } from '~/platform/callable-client';
import { useForm } from '~/platform/use-form';
import { Button } from '~/ui/button';
import { Checkbox, Input } from '~/ui/field';
import { Notice } from '~/ui/notice';
import { PasswordInput } from '~/ui/password-input';
import { ProfileSection } from './profile-section';

/** The address, whether it is confirmed, and changing it (the new one must be confirmed first). */
export function EmailSection({ profile }: { profile: TProfile }) {
  const { t } = useTranslation('profile');
  const form = useForm({ namespace: 'profile' });
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const newEmail = String(new FormData(formElement).get('newEmail') ?? '');
    setSentTo(null);
    if (!(await form.run(() => call(changeEmail, { newEmail })))) return;
    setSentTo(newEmail.trim().toLowerCase());
    formElement.reset();
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
          error={form.errorOf('newEmail')}
        />
        <Button type="submit" variant="outline" disabled={form.pending}>
          {form.pending ? t('email.submitting') : t('email.submit')}
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
  const form = useForm({ namespace: 'profile', refusals: 'auth' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const values = new FormData(formElement);
    const changed = await form.run(
      () =>
        call(changePassword, {
          currentPassword: String(values.get('currentPassword') ?? ''),
          newPassword: String(values.get('newPassword') ?? ''),
          signOutOtherDevices: values.get('signOutOtherDevices') === 'on',
        }),
      t('password.changed'),
    );
    if (changed) formElement.reset();
  }

  return (
    <ProfileSection title={t('password.title')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <PasswordInput
          name="currentPassword"
          purpose="current"
          label={t('password.current')}
          error={form.errorOf('currentPassword')}
        />
        <PasswordInput
          purpose="new"
          name="newPassword"
          label={t('password.new')}
          error={form.errorOf('newPassword')}
        />
        <Checkbox name="signOutOtherDevices" defaultChecked label={t('password.signOutOthers')} />
        <Button type="submit" variant="outline" disabled={form.pending} className="self-start">
          {form.pending ? t('password.submitting') : t('password.submit')}
        </Button>
      </form>
    </ProfileSection>
  );
}

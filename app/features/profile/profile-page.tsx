import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '~/platform/translation';
import type { TProfile } from '#contract/profile';
import { toast } from '~/ui/toast-store';
import { EmailSection, PasswordSection } from './account-sections';
import { AvatarSection } from './avatar-section';
import { DetailsForm } from './details-form';
import { DataSection, DeleteAccountSection, SessionsSection } from './leave-sections';

/** /profile: what others see (photo, details), then the account (e-mail, password, sessions, data). */
export function ProfilePage({
  profile: initial,
  emailConfirmed,
  children,
}: {
  profile: TProfile;
  emailConfirmed: boolean;
  /** Sections other features add after the details (the community directory's). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('profile');
  const [profile, setProfile] = useState(initial);
  // A reloaded page (after a revalidation) brings a fresh profile: it replaces the local copy.
  const [loaded, setLoaded] = useState(initial);
  if (loaded !== initial) {
    setLoaded(initial);
    setProfile(initial);
  }
  useEffect(() => {
    if (emailConfirmed) toast({ title: t('emailConfirmed'), color: 'success' });
  }, [emailConfirmed, t]);

  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
      <p className="text-ink-soft mt-2">{t('intro')}</p>
      <div className="mt-8 flex flex-col gap-6">
        <AvatarSection profile={profile} onChange={setProfile} />
        <DetailsForm profile={profile} onChange={setProfile} />
        {children}
        <EmailSection profile={profile} />
        <PasswordSection />
        <SessionsSection />
        <DataSection />
        <DeleteAccountSection profile={profile} />
      </div>
    </main>
  );
}

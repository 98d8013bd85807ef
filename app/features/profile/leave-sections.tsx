import type { FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { deleteAccount, exportPersonalData, signOutEverywhere, type TProfile } from '#contract/profile';
import { announceSignedOut, signOutAndLeave } from '~/platform/auth-client';
import { loginPath } from '~/platform/auth-paths';
import { call } from '~/platform/callable-client';
import { useForm } from '~/platform/use-form';
import { Button } from '~/ui/button';
import { Dialog, DialogClose } from '~/ui/dialog';
import { Input } from '~/ui/field';
import { ProfileSection } from './profile-section';

/** Ends every session of the person, this one included. */
export function SessionsSection() {
  const { t } = useTranslation('profile');
  const form = useForm({ namespace: 'profile' });
  async function signOutAll() {
    await form.run(
      async () => {
        await call(signOutEverywhere, {});
        await signOutAndLeave(loginPath());
      },
      undefined,
      { leaves: true },
    );
  }
  return (
    <ProfileSection title={t('sessions.title')}>
      <p className="text-ink-soft mb-4">{t('sessions.text')}</p>
      <Dialog
        title={t('sessions.confirmTitle')}
        description={t('sessions.confirmText')}
        trigger={<Button variant="outline">{t('sessions.button')}</Button>}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="ghost">{t('sessions.cancel')}</Button>
          </DialogClose>
          <Button onClick={signOutAll} disabled={form.pending}>
            {t('sessions.confirm')}
          </Button>
        </div>
      </Dialog>
    </ProfileSection>
  );
}

/** "Download my data": everything we hold, as a JSON file the browser saves. */
export function DataSection() {
  const { t } = useTranslation('profile');
  const form = useForm({ namespace: 'profile' });
  async function download() {
    await form.run(async () => {
      const data = await call(exportPersonalData, {});
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = t('data.fileName', { date: data.exportedAt.slice(0, 10) });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    }, t('data.exported'));
  }
  return (
    <ProfileSection title={t('data.title')}>
      <p className="text-ink-soft mb-4">{t('data.text')}</p>
      <Button variant="outline" onClick={download} disabled={form.pending}>
        {form.pending ? t('data.exporting') : t('data.export')}
      </Button>
    </ProfileSection>
  );
}

/** Deleting the account, confirmed by typing one's e-mail address. */
export function DeleteAccountSection({ profile }: { profile: TProfile }) {
  const { t } = useTranslation('profile');
  const form = useForm({ namespace: 'profile' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const confirmEmail = String(new FormData(event.currentTarget).get('confirmEmail') ?? '');
    await form.run(
      async () => {
        await call(deleteAccount, { confirmEmail });
        announceSignedOut();
        window.location.assign(loginPath(null, { notice: 'deleted' }));
      },
      undefined,
      { leaves: true },
    );
  }

  return (
    <ProfileSection title={t('delete.title')} tone="danger">
      <p className="text-ink-soft mb-4">{t('delete.text')}</p>
      <Dialog
        title={t('delete.confirmTitle')}
        description={t('delete.confirmText', { email: profile.email })}
        trigger={<Button variant="danger">{t('delete.button')}</Button>}
      >
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <Input
            name="confirmEmail"
            type="email"
            autoComplete="off"
            required
            label={t('delete.confirmLabel')}
            error={form.errorOf('confirmEmail')}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="ghost">{t('delete.cancel')}</Button>
            </DialogClose>
            <Button type="submit" variant="danger" disabled={form.pending}>
              {form.pending ? t('delete.deleting') : t('delete.confirm')}
            </Button>
          </div>
        </form>
      </Dialog>
    </ProfileSection>
  );
}

import { useState } from 'react';
import { useTranslation } from '~/platform/translation';
import { useRevalidator } from 'react-router';
import { removeAvatar, setAvatar, type TProfile } from '#contract/profile';
import { FILE_PURPOSES, StorageError } from '#contract/storage';
import { call } from '~/platform/callable-client';
import { useForm } from '~/platform/use-form';
import { deleteFile, imageLimitText, storageMessageKey, uploadFile } from '~/platform/storage-client';
import { Avatar } from '~/ui/avatar';
import { Button } from '~/ui/button';
import { FileButton } from '~/ui/file-button';
import { UploadProgress } from '~/ui/progress';
import { FailureText } from '~/ui/failure-text';
import { ProfileSection } from './profile-section';

type UploadState = { phase: 'idle' } | { phase: 'uploading'; percent: number } | { phase: 'done' };

const ACCEPTED = FILE_PURPOSES.avatar.types.join(',');

/** The picture: upload with a progress bar (checked again on the server, from the bytes), or remove. */
export function AvatarSection({
  profile,
  onChange,
}: {
  profile: TProfile;
  onChange: (next: TProfile) => void;
}) {
  const { t, i18n } = useTranslation('profile');
  const [upload, setUpload] = useState<UploadState>({ phase: 'idle' });
  // Failures are said under the buttons; a file the store refused in its own words (too large, wrong type).
  const form = useForm({
    namespace: 'profile',
    failureIn: 'form',
    fields: false,
    messageOf: (error) =>
      error instanceof StorageError
        ? t(`avatar.errors.${storageMessageKey(error)}`, imageLimitText(i18n.language))
        : undefined,
  });
  const { revalidate } = useRevalidator();

  async function chosen(file: File) {
    form.setFailure(null);
    // A quick check for a quick answer; the server decides from the bytes.
    if (file.size > FILE_PURPOSES.avatar.maxBytes) {
      form.setFailure(t('avatar.errors.size'));
      return;
    }
    setUpload({ phase: 'uploading', percent: 0 });
    const changed = await form.run(async () => {
      const uploaded = await uploadFile(file, {
        purpose: 'avatar',
        onProgress: (fraction) => setUpload({ phase: 'uploading', percent: Math.round(fraction * 100) }),
      });
      try {
        return await call(setAvatar, { key: uploaded.key });
      } catch (error) {
        // Uploaded but not used: do not leave it behind.
        void deleteFile(uploaded.key).catch(() => undefined);
        throw error;
      }
    });
    if (!changed) {
      setUpload({ phase: 'idle' });
      return;
    }
    onChange(changed);
    setUpload({ phase: 'done' });
    void revalidate();
  }

  async function remove() {
    const removed = await form.run(() => call(removeAvatar, {}), t('avatar.removed'));
    if (!removed) return;
    onChange(removed);
    setUpload({ phase: 'idle' });
    void revalidate();
  }

  return (
    <ProfileSection title={t('avatar.title')}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar name={profile.name} image={profile.image} size="lg" />
        <div className="flex flex-1 flex-col gap-3">
          <div className="flex flex-wrap gap-2">
            <FileButton
              variant="outline"
              disabled={form.pending}
              accept={ACCEPTED}
              inputLabel={t('avatar.choose')}
              testId="avatar-input"
              onFiles={([file]) => void chosen(file!)}
            >
              {profile.image ? t('avatar.change') : t('avatar.choose')}
            </FileButton>
            {profile.image ? (
              <Button variant="ghost" onClick={remove} disabled={form.pending}>
                {t('avatar.remove')}
              </Button>
            ) : null}
          </div>
          <p className="text-ink-soft text-sm">{t('avatar.hint')}</p>
          {upload.phase !== 'idle' ? (
            <UploadProgress
              value={upload.phase === 'done' ? 100 : upload.percent}
              label={t('avatar.progress')}
              status={
                upload.phase === 'done'
                  ? t('avatar.done')
                  : t('avatar.uploading', { percent: upload.percent })
              }
            />
          ) : null}
          <FailureText>{form.failure}</FailureText>
        </div>
      </div>
    </ProfileSection>
  );
}

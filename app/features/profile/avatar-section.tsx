import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { useRevalidator } from 'react-router';
import { removeAvatar, setAvatar, type TProfile } from '#contract/profile';
import { FILE_PURPOSES, StorageError } from '#contract/storage';
import { call } from '~/platform/callable-client';
import { useForm } from '~/platform/use-form';
import { deleteFile, uploadFile } from '~/platform/storage-client';
import { Avatar } from '~/ui/avatar';
import { Button } from '~/ui/button';
import { Progress } from '~/ui/progress';
import { FailureText } from '~/ui/failure-text';
import { ProfileSection } from './profile-section';

type UploadState = { phase: 'idle' } | { phase: 'uploading'; percent: number } | { phase: 'done' };

const ACCEPTED = FILE_PURPOSES.avatar.types.join(',');

function messageKeyOf(error: StorageError): string {
  if (error.reason === 'type' || error.reason === 'size' || error.reason === 'empty') return error.reason;
  if (error.code === 'storage/unauthenticated') return 'unauthenticated';
  if (error.code === 'storage/retry-limit-exceeded') return 'retry';
  if (error.code === 'storage/canceled') return 'canceled';
  return 'other';
}

/** The picture: upload with a progress bar (checked again on the server, from the bytes), or remove. */
export function AvatarSection({
  profile,
  onChange,
}: {
  profile: TProfile;
  onChange: (next: TProfile) => void;
}) {
  const { t } = useTranslation('profile');
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<UploadState>({ phase: 'idle' });
  // Failures are said under the buttons; a file the store refused in its own words (too large, wrong type).
  const form = useForm({
    namespace: 'profile',
    failureIn: 'form',
    fields: false,
    messageOf: (error) =>
      error instanceof StorageError ? t(`avatar.errors.${messageKeyOf(error)}`) : undefined,
  });
  const { revalidate } = useRevalidator();

  async function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
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
            <Button variant="outline" onClick={() => input.current?.click()} disabled={form.pending}>
              {profile.image ? t('avatar.change') : t('avatar.choose')}
            </Button>
            {profile.image ? (
              <Button variant="ghost" onClick={remove} disabled={form.pending}>
                {t('avatar.remove')}
              </Button>
            ) : null}
            <input
              ref={input}
              type="file"
              accept={ACCEPTED}
              hidden
              aria-label={t('avatar.choose')}
              data-testid="avatar-input"
              onChange={chosen}
            />
          </div>
          <p className="text-ink-soft text-sm">{t('avatar.hint')}</p>
          {upload.phase !== 'idle' ? (
            <div className="flex flex-col gap-1">
              <Progress value={upload.phase === 'done' ? 100 : upload.percent} label={t('avatar.progress')} />
              <p className="text-ink-soft text-sm" role="status">
                {upload.phase === 'done'
                  ? t('avatar.done')
                  : t('avatar.uploading', { percent: upload.percent })}
              </p>
            </div>
          ) : null}
          <FailureText>{form.failure}</FailureText>
        </div>
      </div>
    </ProfileSection>
  );
}

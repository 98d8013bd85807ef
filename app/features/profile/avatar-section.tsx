import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { useRevalidator } from 'react-router';
import { removeAvatar, setAvatar, type TProfile } from '#contract/profile';
import { FILE_PURPOSES, StorageError } from '#contract/storage';
import { call } from '~/platform/callable-client';
import { messageOfError } from '~/platform/form-errors';
import { deleteFile, uploadFile } from '~/platform/storage-client';
import { Avatar } from '~/ui/avatar';
import { Button } from '~/ui/button';
import { Progress } from '~/ui/progress';
import { toast } from '~/ui/toast-store';
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
  const [failure, setFailure] = useState<string | null>(null);
  const { revalidate } = useRevalidator();

  async function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFailure(null);
    // A quick check for a quick answer; the server decides from the bytes.
    if (file.size > FILE_PURPOSES.avatar.maxBytes) {
      setFailure(t('avatar.errors.size'));
      return;
    }
    setUpload({ phase: 'uploading', percent: 0 });
    let key: string | null = null;
    try {
      const uploaded = await uploadFile(file, {
        purpose: 'avatar',
        onProgress: (fraction) => setUpload({ phase: 'uploading', percent: Math.round(fraction * 100) }),
      });
      key = uploaded.key;
      onChange(await call(setAvatar, { key }));
      setUpload({ phase: 'done' });
      void revalidate();
    } catch (error) {
      setUpload({ phase: 'idle' });
      if (error instanceof StorageError) setFailure(t(`avatar.errors.${messageKeyOf(error)}`));
      else {
        setFailure(messageOfError(t, error));
        // Uploaded but not used: do not leave it behind.
        if (key) void deleteFile(key).catch(() => undefined);
      }
    }
  }

  async function remove() {
    try {
      onChange(await call(removeAvatar, {}));
      setUpload({ phase: 'idle' });
      toast({ title: t('avatar.removed'), color: 'success' });
      void revalidate();
    } catch (error) {
      toast({ title: messageOfError(t, error), color: 'error' });
    }
  }

  const uploading = upload.phase === 'uploading';
  return (
    <ProfileSection title={t('avatar.title')}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar name={profile.name} image={profile.image} size="lg" />
        <div className="flex flex-1 flex-col gap-3">
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => input.current?.click()} disabled={uploading}>
              {profile.image ? t('avatar.change') : t('avatar.choose')}
            </Button>
            {profile.image ? (
              <Button variant="ghost" onClick={remove} disabled={uploading}>
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
          {failure ? (
            <p className="text-danger text-sm" role="alert">
              {failure}
            </p>
          ) : null}
        </div>
      </div>
    </ProfileSection>
  );
}

import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '~/platform/translation';
import { FILE_PURPOSES, StorageError, type FilePurpose } from '#contract/storage';
import { deleteFile, imageLimitText, storageMessageKey, uploadFile } from '~/platform/storage-client';
import { Button } from './button';
import { FailureText } from './failure-text';
import { FileButton } from './file-button';
import { UploadProgress } from './progress';

/** An image chosen for something (an ad, an event's cover): its uploaded file's key and where to show it. */
export interface PickedImage {
  fileKey: string;
  url: string;
}

/**
 * One image, chosen, replaced or removed: the upload goes through the storage client (progress, retries,
 * checked on the server from the bytes) and the caller saves the key with its own operation. An upload
 * that this picker made and that is dropped before being saved (`savedKey`) is deleted at once.
 */
export function ImagePicker({
  purpose,
  image,
  savedKey,
  onChange,
  label,
  previewAlt,
  testId,
  hideLabel = false,
}: {
  purpose: FilePurpose;
  image: PickedImage | null;
  /** The key the server holds now: never deleted from here. */
  savedKey: string | null;
  onChange: (image: PickedImage | null) => void;
  /** The field's name, for its group ("Image de l'annonce"). */
  label: string;
  /** The preview's alternative text (the one typed beside it, or a description). */
  previewAlt: string;
  testId?: string;
  /** Inside a section that already says what it is: the group's name is for screen readers only. */
  hideLabel?: boolean;
}) {
  const { t, i18n } = useTranslation('common');
  const hintId = useId();
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const limits = FILE_PURPOSES[purpose];

  function drop(key: string | undefined) {
    if (key && key !== savedKey) void deleteFile(key).catch(() => undefined);
  }

  async function chosen(file: File) {
    setFailure(null);
    if (file.size > limits.maxBytes) {
      setFailure(t('imagePicker.errors.size', { max: limits.maxBytes / 1024 / 1024 }));
      return;
    }
    setPercent(0);
    try {
      const uploaded = await uploadFile(file, {
        purpose,
        onProgress: (fraction) => setPercent(Math.round(fraction * 100)),
      });
      drop(image?.fileKey);
      onChange({ fileKey: uploaded.key, url: uploaded.url });
    } catch (error) {
      const key = error instanceof StorageError ? storageMessageKey(error) : 'other';
      setFailure(
        t(`imagePicker.errors.${key}`, {
          max: limits.maxBytes / 1024 / 1024,
          ...imageLimitText(i18n.language),
        }),
      );
    } finally {
      setPercent(null);
    }
  }

  return (
    <div role="group" aria-label={label} aria-describedby={hintId} className="flex flex-col gap-3">
      <p className={hideLabel ? 'sr-only' : 'font-medium'}>{label}</p>
      {image ? (
        <img
          src={image.url}
          alt={previewAlt.trim() || t('imagePicker.preview')}
          className="bg-muted aspect-[3/2] w-full max-w-sm rounded-lg object-cover"
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <FileButton
          variant="outline"
          size="sm"
          disabled={percent !== null}
          accept={limits.types.join(',')}
          inputLabel={image ? t('imagePicker.replace') : t('imagePicker.choose')}
          testId={testId}
          onFiles={([file]) => void chosen(file!)}
        >
          <ImagePlus aria-hidden className="size-4" />
          {image ? t('imagePicker.replace') : t('imagePicker.choose')}
        </FileButton>
        {image ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={percent !== null}
            onClick={() => {
              drop(image.fileKey);
              onChange(null);
            }}
          >
            <Trash2 aria-hidden className="size-4" />
            {t('imagePicker.remove')}
          </Button>
        ) : null}
      </div>
      <p id={hintId} className="text-ink-soft text-sm">
        {t('imagePicker.hint', { max: limits.maxBytes / 1024 / 1024 })}
      </p>
      {percent !== null ? (
        <UploadProgress
          value={percent}
          label={t('imagePicker.progress')}
          status={t('imagePicker.uploading', { percent })}
        />
      ) : null}
      <FailureText>{failure}</FailureText>
    </div>
  );
}

import { ArrowDown, ArrowUp, ImagePlus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '~/platform/translation';
import {
  addPhoto,
  removePhoto,
  reorderPhotos,
  updatePhoto,
  type TManagedPhoto,
  type TPhotoOwner,
} from '#contract/back-office';
import { FILE_PURPOSES, StorageError } from '#contract/storage';
import { deleteFile, imageLimitText, storageMessageKey, uploadFile } from '~/platform/storage-client';
import { Button } from '~/ui/button';
import { FileButton } from '~/ui/file-button';
import { Input } from '~/ui/field';
import { Progress } from '~/ui/progress';
import { toast } from '~/ui/toast-store';
import { Section } from '~/ui/section';
import { useOperation } from '~/platform/use-operation';

const PURPOSE = 'space-photo';
const ACCEPTED = FILE_PURPOSES[PURPOSE].types.join(',');

interface Upload {
  id: number;
  name: string;
  percent: number;
}

function PhotoRow({
  photo,
  position,
  count,
  onMove,
  onRemove,
}: {
  photo: TManagedPhoto;
  position: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('backoffice');
  const [altFr, setAltFr] = useState(photo.altFr);
  const [altEn, setAltEn] = useState(photo.altEn);
  const save = useOperation(updatePhoto, { revalidate: false });
  // Alternative texts are saved as they are left: no button to forget.
  const saveAlt = () => {
    if (altFr !== photo.altFr || altEn !== photo.altEn) void save.run({ photoId: photo.id, altFr, altEn });
  };
  return (
    <li className="border-line flex flex-col gap-3 rounded-xl border p-3 sm:flex-row">
      <img
        src={photo.url}
        alt={altFr || altEn}
        className="bg-muted aspect-[3/2] w-full rounded-lg object-cover sm:w-48"
      />
      <div className="flex flex-1 flex-col gap-2">
        <p className="text-ink-soft text-sm">{t('photos.position', { position, count })}</p>
        <div className="grid gap-2 md:grid-cols-2">
          <Input
            label={t('photos.altFr')}
            lang="fr"
            value={altFr}
            maxLength={200}
            onChange={(e) => setAltFr(e.target.value)}
            onBlur={saveAlt}
            error={save.errorOf('altFr')}
          />
          <Input
            label={t('photos.altEn')}
            lang="en"
            value={altEn}
            maxLength={200}
            onChange={(e) => setAltEn(e.target.value)}
            onBlur={saveAlt}
            error={save.errorOf('altEn')}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={position === 1}
            onClick={() => onMove(-1)}
            aria-label={t('photos.moveUp', { position })}
          >
            <ArrowUp aria-hidden className="size-4" />
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={position === count}
            onClick={() => onMove(1)}
            aria-label={t('photos.moveDown', { position })}
          >
            <ArrowDown aria-hidden className="size-4" />
          </Button>
          <Button variant="ghost" size="sm" onClick={onRemove} aria-label={t('photos.remove', { position })}>
            <Trash2 aria-hidden className="size-4" />
          </Button>
        </div>
      </div>
    </li>
  );
}

/**
 * Photos of a space or a room: uploads with a progress bar each (checked on the server from the bytes),
 * alternative texts in both languages, order (the first is the cover) and removal.
 */
export function PhotoManager({
  owner,
  photos,
  title,
  footer,
}: {
  owner: TPhotoOwner;
  photos: TManagedPhoto[];
  title?: string;
  footer?: ReactNode;
}) {
  const { t, i18n } = useTranslation('backoffice');
  const [uploads, setUploads] = useState<Upload[]>([]);
  const attach = useOperation(addPhoto);
  const reorder = useOperation(reorderPhotos);
  const remove = useOperation(removePhoto, { success: t('photos.removed') });

  async function sendOne(file: File, id: number) {
    const progress = (percent: number) =>
      setUploads((list) => list.map((u) => (u.id === id ? { ...u, percent } : u)));
    let key: string | null = null;
    try {
      if (file.size > FILE_PURPOSES[PURPOSE].maxBytes)
        throw new StorageError('storage/quota-exceeded', undefined, { reason: 'size' });
      const uploaded = await uploadFile(file, {
        purpose: PURPOSE,
        onProgress: (fraction) => progress(Math.round(fraction * 100)),
      });
      key = uploaded.key;
      progress(100);
      if (!(await attach.run({ owner, fileKey: uploaded.key, altFr: '', altEn: '' }))) {
        void deleteFile(uploaded.key).catch(() => undefined);
      }
    } catch (error) {
      if (error instanceof StorageError)
        toast({
          title: `${file.name} : ${t(`photos.errors.${storageMessageKey(error)}`, imageLimitText(i18n.language))}`,
          color: 'error',
        });
      else if (key) void deleteFile(key).catch(() => undefined);
    } finally {
      setUploads((list) => list.filter((u) => u.id !== id));
    }
  }

  async function chosen(files: File[]) {
    const started = files.map((file, index) => ({ file, id: Date.now() + index }));
    setUploads((list) => [...list, ...started.map(({ file, id }) => ({ id, name: file.name, percent: 0 }))]);
    // One after the other: each bar moves on its own and the order of the photos is the order chosen.
    for (const { file, id } of started) await sendOne(file, id);
  }

  function move(index: number, delta: -1 | 1) {
    const ids = photos.map((photo) => photo.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + delta, 0, moved!);
    void reorder.run({ owner, photoIds: ids });
  }

  return (
    <Section
      title={title ?? t('photos.title')}
      hint={t('photos.hint')}
      id={`photos-${owner.type}-${owner.id}`}
    >
      {photos.length === 0 && uploads.length === 0 ? (
        <p className="text-ink-soft">{t('photos.none')}</p>
      ) : null}
      <ol className="flex flex-col gap-3">
        {photos.map((photo, index) => (
          <PhotoRow
            key={photo.id}
            photo={photo}
            position={index + 1}
            count={photos.length}
            onMove={(delta) => move(index, delta)}
            onRemove={() => void remove.run({ photoId: photo.id })}
          />
        ))}
      </ol>
      {uploads.length ? (
        <ul className="flex flex-col gap-3" aria-live="polite">
          {uploads.map((upload) => (
            <li key={upload.id} className="flex flex-col gap-1">
              <Progress value={upload.percent} label={t('photos.progress', { name: upload.name })} />
              <p className="text-ink-soft text-sm">
                {t('photos.uploading', { name: upload.name, percent: upload.percent })}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <FileButton
          variant="outline"
          accept={ACCEPTED}
          multiple
          inputLabel={t('photos.choose')}
          testId={`photo-input-${owner.type}`}
          onFiles={(files) => void chosen(files)}
        >
          <ImagePlus aria-hidden className="size-4" />
          {t('photos.choose')}
        </FileButton>
        {footer}
      </div>
    </Section>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { COVER_ALT_MAX, setEventCover } from '#contract/event-cover';
import type { TManagedEvent } from '#contract/events';
import { Section } from '~/ui/section';
import { Button } from '~/ui/button';
import { Input } from '~/ui/field';
import { ImagePicker, type PickedImage } from '~/ui/image-picker';
import { useFormOperation } from '~/platform/use-form-operation';

/**
 * The event's cover, beside its form (its own operation, `events.setCover`): choose, replace or remove the
 * image, with its alternative texts (French required: the page is public). Saved with its own button.
 */
export function EventCoverSection({ event }: { event: TManagedEvent }) {
  const { t } = useTranslation('events');
  const saved = event.cover;
  const [image, setImage] = useState<PickedImage | null>(saved);
  const [altFr, setAltFr] = useState(saved?.altFr ?? '');
  const [altEn, setAltEn] = useState(saved?.altEn ?? '');
  const save = useFormOperation(setEventCover, { namespace: 'events', success: t('office.cover.saved') });
  const changed =
    (image?.fileKey ?? null) !== (saved?.fileKey ?? null) ||
    (image !== null && (altFr !== saved?.altFr || altEn !== saved?.altEn));

  async function submit(form: FormEvent<HTMLFormElement>) {
    form.preventDefault();
    await save.run({
      id: event.id,
      cover: image ? { fileKey: image.fileKey, altFr, altEn } : null,
    });
  }

  return (
    <Section title={t('office.cover.title')} hint={t('office.cover.hint')} id="event-cover">
      <form noValidate onSubmit={(form) => void submit(form)} className="flex flex-col gap-4">
        <ImagePicker
          purpose="event-cover"
          image={image}
          savedKey={saved?.fileKey ?? null}
          onChange={setImage}
          label={t('office.cover.image')}
          previewAlt={altFr}
          testId="event-cover-input"
          hideLabel
        />
        {image ? (
          <div className="grid gap-3 md:grid-cols-2">
            <Input
              label={t('office.cover.altFr')}
              lang="fr"
              required
              maxLength={COVER_ALT_MAX}
              value={altFr}
              onChange={(e) => setAltFr(e.target.value)}
              hint={t('office.cover.altHint')}
              error={save.errorOf('cover.altFr')}
            />
            <Input
              label={t('office.cover.altEn')}
              lang="en"
              maxLength={COVER_ALT_MAX}
              value={altEn}
              onChange={(e) => setAltEn(e.target.value)}
              error={save.errorOf('cover.altEn')}
            />
          </div>
        ) : null}
        <div>
          <Button type="submit" variant="secondary" disabled={!changed || save.pending}>
            {image ? t('office.cover.save') : t('office.cover.saveRemoval')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

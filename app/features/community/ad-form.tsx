import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { useRevalidator } from 'react-router';
import {
  AD_CATEGORIES,
  AD_KINDS,
  COMMUNITY_LIMITS,
  createAd,
  updateAd,
  ZAdInput,
  type TAd,
  type TSpaceOption,
} from '#contract/community';
import { call } from '~/platform/callable-client';
import { useForm } from '~/platform/use-form';
import { useSafeNavigate } from '~/platform/use-safe-navigate';
import { Button } from '~/ui/button';
import { Dialog } from '~/ui/dialog';
import { Checkbox, choicesOf, Input, Select, Textarea } from '~/ui/field';
import { FailureText } from '~/ui/failure-text';
import { ImagePicker, type PickedImage } from '~/ui/image-picker';

/**
 * Posting an ad, or editing one's own: kind, category, title, Markdown text, the spaces it is shown in (among
 * one's own) and its last day (30 days from today when left empty, 90 at most).
 */
export function AdFormDialog({
  spaces,
  ad,
  today,
  latest,
}: {
  spaces: TSpaceOption[];
  /** The ad being edited; absent for a new one. */
  ad?: TAd;
  /** The first and last days an end may be chosen (YYYY-MM-DD). */
  today: string;
  latest: string;
}) {
  const { t } = useTranslation('community');
  const navigate = useSafeNavigate();
  const { revalidate } = useRevalidator();
  const [open, setOpen] = useState(false);
  const form = useForm({ namespace: 'community', fieldMessages: 'community:errors' });
  const saved = ad?.image ?? null;
  const [image, setImage] = useState<PickedImage | null>(saved);
  const [imageAlt, setImageAlt] = useState(saved?.alt ?? '');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    const text = (name: string) => String(values.get(name) ?? '');
    const input = form.check(ZAdInput, {
      kind: text('kind'),
      category: text('category'),
      title: text('title'),
      body: text('body'),
      spaceIds: spaces.filter((space) => values.get(`space-${space.id}`) === 'on').map((space) => space.id),
      endsOn: text('endsOn') || undefined,
      image: image ? { fileKey: image.fileKey, alt: imageAlt } : null,
    });
    if (!input) return;
    if (ad) {
      if (!(await form.run(() => call(updateAd, { id: ad.id, ad: input }), t('adForm.saved')))) return;
      setOpen(false);
      void revalidate();
    } else {
      const created = await form.run(() => call(createAd, input), t('adForm.posted'));
      if (!created) return;
      setOpen(false);
      void navigate(`/ad/${created.id}`);
    }
  }

  const spacesError = form.errorOf('spaceIds');
  const imageError = form.errorOf('image');
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant={ad ? 'outline' : 'primary'} size={ad ? 'sm' : 'md'}>
          {ad ? t('adForm.edit') : t('adForm.new')}
        </Button>
      }
      title={ad ? t('adForm.editTitle') : t('adForm.newTitle')}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            name="kind"
            defaultValue={ad?.kind ?? 'offer'}
            label={t('adForm.kind')}
            choices={choicesOf(AD_KINDS, (kind) => t(`kinds.${kind}`))}
          />
          <Select
            name="category"
            defaultValue={ad?.category ?? 'service'}
            label={t('adForm.category')}
            choices={choicesOf(AD_CATEGORIES, (category) => t(`categories.${category}`))}
          />
        </div>
        <Input
          name="title"
          required
          maxLength={COMMUNITY_LIMITS.adTitle}
          defaultValue={ad?.title ?? ''}
          label={t('adForm.title')}
          error={form.errorOf('title')}
        />
        <Textarea
          name="body"
          required
          rows={6}
          maxLength={COMMUNITY_LIMITS.adBody}
          defaultValue={ad?.body ?? ''}
          label={t('adForm.body')}
          hint={t('adForm.bodyHint')}
          error={form.errorOf('body')}
        />
        <fieldset className="border-line rounded-lg border p-4" aria-invalid={spacesError ? true : undefined}>
          <legend className="px-1 font-medium">{t('adForm.spaces')}</legend>
          <div className="flex flex-col gap-2">
            {spaces.map((space) => (
              <Checkbox
                key={space.id}
                name={`space-${space.id}`}
                defaultChecked={ad ? ad.spaceIds.includes(space.id) : spaces.length === 1}
                label={space.name}
              />
            ))}
          </div>
          <FailureText className="mt-2">{spacesError}</FailureText>
        </fieldset>
        <div className="border-line flex flex-col gap-3 rounded-lg border p-4">
          <ImagePicker
            purpose="ad-image"
            image={image}
            savedKey={saved?.fileKey ?? null}
            onChange={setImage}
            label={t('adForm.image')}
            previewAlt={imageAlt}
            testId="ad-image-input"
          />
          {image ? (
            <Input
              name="imageAlt"
              maxLength={COMMUNITY_LIMITS.imageAlt}
              value={imageAlt}
              onChange={(event) => setImageAlt(event.target.value)}
              label={t('adForm.imageAlt')}
              hint={t('adForm.imageAltHint')}
            />
          ) : null}
          <FailureText>{imageError}</FailureText>
        </div>
        <Input
          name="endsOn"
          type="date"
          min={today}
          max={latest}
          defaultValue={ad?.endsOn ?? ''}
          label={t('adForm.endsOn')}
          hint={t('adForm.endsOnHint', {
            days: COMMUNITY_LIMITS.adDefaultDays,
            max: COMMUNITY_LIMITS.adMaxDays,
          })}
          error={form.errorOf('endsOn')}
        />
        <Button type="submit" disabled={form.pending} className="self-start">
          {form.pending ? t('sending') : ad ? t('adForm.save') : t('adForm.post')}
        </Button>
      </form>
    </Dialog>
  );
}

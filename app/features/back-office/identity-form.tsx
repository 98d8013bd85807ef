import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '~/platform/translation';
import { SPACE_AMENITIES, type SpaceAmenity } from '#contract/amenities';
import { createSpace, updateIdentity, type TSpaceIdentity } from '#contract/back-office';
import { Button } from '~/ui/button';
import { Checkbox, Input, Textarea } from '~/ui/field';
import { Section } from '~/ui/section';
import { useOperation } from '~/platform/use-operation';

const EMPTY: TSpaceIdentity = { name: '', descriptionFr: '', descriptionEn: '', amenities: [] };

/**
 * Name, descriptions in both languages and the space's amenities. Without a space yet (the first step of
 * /start), saving creates the draft first.
 */
export function IdentityForm({
  spaceId,
  initial = EMPTY,
  submitLabel,
  onSaved,
  footer,
}: {
  spaceId: string | null;
  initial?: TSpaceIdentity;
  submitLabel?: string;
  onSaved?: (spaceId: string) => void;
  footer?: ReactNode;
}) {
  const { t } = useTranslation('backoffice');
  const [identity, setIdentity] = useState(initial);
  const create = useOperation(createSpace, { revalidate: false });
  const save = useOperation(updateIdentity, { success: onSaved ? undefined : '' });
  const set = <K extends keyof TSpaceIdentity>(key: K, value: TSpaceIdentity[K]) =>
    setIdentity((current) => ({ ...current, [key]: value }));
  const toggle = (amenity: SpaceAmenity, on: boolean) =>
    set(
      'amenities',
      SPACE_AMENITIES.filter((a) => (a === amenity ? on : identity.amenities.includes(a))),
    );

  async function submit(event: FormEvent) {
    event.preventDefault();
    let id = spaceId;
    if (!id) {
      const created = await create.run({ name: identity.name });
      if (!created) return;
      id = created.id;
    }
    if (await save.run({ spaceId: id, identity })) onSaved?.(id);
  }

  const nameError = save.errorOf('identity.name') ?? create.errorOf('name');
  return (
    <form onSubmit={submit} noValidate>
      <Section title={t('identity.title')}>
        <Input
          label={t('identity.name')}
          value={identity.name}
          onChange={(event) => set('name', event.target.value)}
          error={nameError}
          required
          maxLength={80}
        />
        <div className="grid gap-4 md:grid-cols-2">
          <Textarea
            label={t('identity.descriptionFr')}
            hint={t('identity.descriptionHint')}
            lang="fr"
            rows={6}
            value={identity.descriptionFr}
            onChange={(event) => set('descriptionFr', event.target.value)}
            error={save.errorOf('identity.descriptionFr')}
          />
          <Textarea
            label={t('identity.descriptionEn')}
            lang="en"
            rows={6}
            value={identity.descriptionEn}
            onChange={(event) => set('descriptionEn', event.target.value)}
            error={save.errorOf('identity.descriptionEn')}
          />
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{t('identity.amenities')}</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {SPACE_AMENITIES.map((amenity) => (
              <Checkbox
                key={amenity}
                label={t(`spaces:amenities.${amenity}`)}
                checked={identity.amenities.includes(amenity)}
                onChange={(event) => toggle(amenity, event.target.checked)}
              />
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.pending || create.pending}>
            {save.pending || create.pending ? t('saving') : (submitLabel ?? t('save'))}
          </Button>
          {footer}
        </div>
      </Section>
    </form>
  );
}

import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '~/platform/translation';
import { SPACE_AMENITIES, type SpaceAmenity } from '#contract/amenities';
import { createSpace, updateIdentity, type TSpaceIdentity } from '#contract/back-office';
import { Button } from '~/ui/button';
import { Checkbox, Input, Textarea } from '~/ui/field';
import { Section } from '~/ui/section';
import { choiceToggled, useDraft } from '~/platform/use-draft';
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
  const create = useOperation(createSpace, { revalidate: false });
  const save = useOperation(updateIdentity, { success: onSaved ? undefined : '' });
  const { draft: identity, set, textField } = useDraft(initial, (field) => save.errorOf(`identity.${field}`));
  const toggle = (amenity: SpaceAmenity, on: boolean) =>
    set('amenities', choiceToggled(SPACE_AMENITIES, identity.amenities, amenity, on));

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
        <Input label={t('identity.name')} {...textField('name')} error={nameError} required maxLength={80} />
        <div className="grid gap-4 md:grid-cols-2">
          <Textarea
            label={t('identity.descriptionFr')}
            hint={t('identity.descriptionHint')}
            lang="fr"
            rows={6}
            {...textField('descriptionFr')}
          />
          <Textarea label={t('identity.descriptionEn')} lang="en" rows={6} {...textField('descriptionEn')} />
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

import type { FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import {
  createPartner,
  deletePartner,
  PARTNER_ICONS,
  updatePartner,
  type TPartner,
  type TPartnerInput,
} from '#contract/site-content';
import { useDraft } from '~/platform/use-draft';
import { choicesOf, Input, Select } from '~/ui/field';
import { AddEntryPanel, BilingualFields, EntryFormActions, EntryList, PlacementFields } from './site-entries';
import { useAdminOperation } from './use-admin-operation';

const EMPTY: TPartnerInput = {
  icon: 'handshake',
  position: 0,
  published: true,
  nameFr: '',
  bodyFr: '',
  nameEn: '',
  bodyEn: '',
  websiteUrl: null,
};

/** One partner's form: a new one (no `partner`) or an existing one, with delete. */
function PartnerForm({ partner }: { partner: TPartner | null }) {
  const { t } = useTranslation('admin');
  const { draft: form, set, reset } = useDraft<TPartnerInput>(partner ?? EMPTY);
  const create = useAdminOperation(createPartner);
  const update = useAdminOperation(updatePartner);
  const remove = useAdminOperation(deletePartner);
  const operation = partner ? update : create;
  const errorOf = (field: string) => operation.errorOf(partner ? `partner.${field}` : field);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { ...form, websiteUrl: form.websiteUrl?.trim() || null };
    if (partner) await update.run({ id: partner.id, partner: input }, t('saved'));
    else if (await create.run(input, t('partners.createdToast'))) reset();
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <PlacementFields section="partners" values={form} onChange={set} positionError={errorOf('position')}>
        <Select
          label={t('partners.fields.icon')}
          value={form.icon}
          onChange={(e) => set('icon', e.target.value as TPartnerInput['icon'])}
          choices={choicesOf(PARTNER_ICONS, (icon) => t(`partners.icons.${icon}`))}
        />
      </PlacementFields>
      <BilingualFields
        section="partners"
        title="name"
        text="body"
        values={form}
        onChange={set}
        errorOf={errorOf}
      />
      <Input
        type="url"
        label={t('partners.fields.websiteUrl')}
        value={form.websiteUrl ?? ''}
        onChange={(e) => set('websiteUrl', e.target.value)}
        error={errorOf('websiteUrl')}
      />
      <EntryFormActions
        section="partners"
        saving={operation.pending}
        entryId={partner?.id ?? null}
        remove={remove}
      />
    </form>
  );
}

/** Every partner block in the page's order, each opening into its form; and a form to add one. */
export function PartnersManager({ partners }: { partners: TPartner[] }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <AddEntryPanel section="partners">
        <PartnerForm partner={null} />
      </AddEntryPanel>
      {partners.length ? (
        <EntryList
          section="partners"
          entries={partners}
          titleOf={(partner) => ({ fr: partner.nameFr, en: partner.nameEn })}
          formOf={(partner) => <PartnerForm key={JSON.stringify(partner)} partner={partner} />}
        />
      ) : (
        <p className="text-ink-soft">{t('partners.empty')}</p>
      )}
    </>
  );
}

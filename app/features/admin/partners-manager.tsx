import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import {
  createPartner,
  deletePartner,
  PARTNER_ICONS,
  updatePartner,
  type TPartner,
  type TPartnerInput,
} from '#contract/site-content';
import { localizedText } from '#contract/localized';
import { Button } from '~/ui/button';
import { Checkbox, Input, Select, Textarea } from '~/ui/field';
import { useLocale } from '~/platform/use-locale';
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
  const [form, setForm] = useState<TPartnerInput>(partner ?? EMPTY);
  const create = useAdminOperation(createPartner);
  const update = useAdminOperation(updatePartner);
  const remove = useAdminOperation(deletePartner);
  const operation = partner ? update : create;
  const errorOf = (field: string) => operation.errorOf(partner ? `partner.${field}` : field);
  const set = <K extends keyof TPartnerInput>(key: K, value: TPartnerInput[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { ...form, websiteUrl: form.websiteUrl?.trim() || null };
    if (partner) await update.run({ id: partner.id, partner: input }, t('saved'));
    else if (await create.run(input, t('partners.createdToast'))) setForm(EMPTY);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Select
          label={t('partners.fields.icon')}
          value={form.icon}
          onChange={(e) => set('icon', e.target.value as TPartnerInput['icon'])}
        >
          {PARTNER_ICONS.map((icon) => (
            <option key={icon} value={icon}>
              {t(`partners.icons.${icon}`)}
            </option>
          ))}
        </Select>
        <Input
          type="number"
          min={0}
          max={9999}
          label={t('partners.fields.position')}
          hint={t('partners.fields.positionHint')}
          value={String(form.position)}
          onChange={(e) => set('position', Number(e.target.value))}
          error={errorOf('position')}
        />
        <Checkbox
          className="sm:mt-7"
          label={t('partners.fields.published')}
          checked={form.published}
          onChange={(e) => set('published', e.target.checked)}
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-4" lang="fr">
          <Input
            label={t('partners.fields.nameFr')}
            value={form.nameFr}
            onChange={(e) => set('nameFr', e.target.value)}
            error={errorOf('nameFr')}
            required
          />
          <Textarea
            label={t('partners.fields.bodyFr')}
            rows={5}
            value={form.bodyFr}
            onChange={(e) => set('bodyFr', e.target.value)}
            error={errorOf('bodyFr')}
            required
          />
        </div>
        <div className="flex flex-col gap-4" lang="en">
          <Input
            label={t('partners.fields.nameEn')}
            value={form.nameEn}
            onChange={(e) => set('nameEn', e.target.value)}
            error={errorOf('nameEn')}
            required
          />
          <Textarea
            label={t('partners.fields.bodyEn')}
            rows={5}
            value={form.bodyEn}
            onChange={(e) => set('bodyEn', e.target.value)}
            error={errorOf('bodyEn')}
            required
          />
        </div>
      </div>
      <Input
        type="url"
        label={t('partners.fields.websiteUrl')}
        value={form.websiteUrl ?? ''}
        onChange={(e) => set('websiteUrl', e.target.value)}
        error={errorOf('websiteUrl')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={operation.pending}>
          {operation.pending ? t('saving') : t('save')}
        </Button>
        {partner ? (
          <Button
            variant="danger"
            disabled={remove.pending}
            onClick={async () => {
              if (window.confirm(t('partners.confirmDelete')))
                await remove.run({ id: partner.id }, t('partners.deletedToast'));
            }}
          >
            {t('delete')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** Every partner block in the page's order, each opening into its form; and a form to add one. */
export function PartnersManager({ partners }: { partners: TPartner[] }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  return (
    <>
      <details className="border-line bg-surface rounded-2xl border p-5">
        <summary className="cursor-pointer text-lg font-semibold">{t('partners.add')}</summary>
        <div className="mt-4">
          <PartnerForm partner={null} />
        </div>
      </details>
      {partners.length ? (
        <ul className="border-line divide-line divide-y rounded-xl border">
          {partners.map((partner) => (
            <li key={partner.id}>
              <details className="p-4">
                <summary className="cursor-pointer font-medium">
                  {localizedText(locale, partner.nameFr, partner.nameEn)}
                  {!partner.published ? (
                    <span className="text-ink-soft ml-2 text-sm">({t('partners.hidden')})</span>
                  ) : null}
                </summary>
                <div className="mt-4">
                  <PartnerForm key={JSON.stringify(partner)} partner={partner} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-ink-soft">{t('partners.empty')}</p>
      )}
    </>
  );
}

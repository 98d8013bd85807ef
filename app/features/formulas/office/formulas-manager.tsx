import { Archive, ArchiveRestore, ExternalLink, Pencil, Plus } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import {
  createFormula,
  formulaName,
  formulaPath,
  setFormulaArchived,
  updateFormula,
  updateSalesSettings,
  type TFormula,
  type TSalesSettings,
} from '#contract/formulas';
import { ACTIVATION_MOMENTS, type ActivationMoment } from '#contract/formulas.plain';
import { formatMoney } from '#contract/money';
import { Section } from '~/ui/section';
import { useOperation } from '~/platform/use-operation';
import { useLocale } from '~/platform/use-locale';
import { Button } from '~/ui/button';
import { cn } from '~/ui/cn';
import { Checkbox, choicesOf, Input, Select } from '~/ui/field';
import { toast } from '~/ui/toast-store';
import { useFormatCredit } from '~/platform/use-format-credit';
import { FormulaForm, NEW_FORMULA, draftOf } from './formula-form';

/** The space's formulas: each can be edited or archived (what members hold is untouched); new ones are added here. */
export function FormulasManager({ spaceId, formulas }: { spaceId: string; formulas: TFormula[] }) {
  const { t } = useTranslation(['formulas', 'backoffice', 'spaces']);
  const locale = useLocale();
  const credit = useFormatCredit();
  const [editing, setEditing] = useState<string | 'new' | null>(formulas.length ? null : 'new');
  const create = useOperation(createFormula);
  const update = useOperation(updateFormula, { success: '' });
  const archive = useOperation(setFormulaArchived, { success: '' });

  return (
    <Section title={t('formulas:office.title')} hint={t('formulas:office.hint')} id="formulas-title">
      {formulas.length === 0 && editing !== 'new' ? (
        <p className="text-ink-soft">{t('formulas:office.none')}</p>
      ) : null}
      <ul className="flex flex-col gap-3" aria-label={t('formulas:office.title')}>
        {formulas.map((formula) => {
          const archived = formula.status === 'archived';
          return (
            <li
              key={formula.id}
              className={cn('border-line rounded-xl border p-4', archived && 'bg-muted')}
              data-testid="office-formula"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <h3 className="font-semibold" id={`formula-${formula.id}-title`}>
                    {formulaName(formula, locale)}
                  </h3>
                  <p className="text-ink-soft text-sm">
                    {t(`formulas:kinds.${formula.kind}`)} · {credit(formula.creditAmount, formula.creditUnit)}{' '}
                    · {t('formulas:price.incl', { amount: formatMoney(formula.priceInclVatCents, locale) })}
                    {formula.period ? ` ${t(`formulas:period.${formula.period}`)}` : ''}
                    {archived ? ` · ${t('formulas:office.archived')}` : ''}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={formulaPath(formula.id)}
                    className="border-line hover:bg-muted inline-flex items-center gap-1 rounded-lg border px-3 py-1.5 text-sm"
                  >
                    <ExternalLink aria-hidden className="size-4" />
                    {t('formulas:office.see')}
                    <span className="sr-only">, {formulaName(formula, locale)}</span>
                  </Link>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setEditing(editing === formula.id ? null : formula.id)}
                    aria-expanded={editing === formula.id}
                    aria-describedby={`formula-${formula.id}-title`}
                  >
                    <Pencil aria-hidden className="size-4" />
                    {t('formulas:office.edit')}
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={archive.pending}
                    aria-describedby={`formula-${formula.id}-title`}
                    onClick={() => void archive.run({ formulaId: formula.id, archived: !archived })}
                  >
                    {archived ? (
                      <ArchiveRestore aria-hidden className="size-4" />
                    ) : (
                      <Archive aria-hidden className="size-4" />
                    )}
                    {archived ? t('formulas:office.restore') : t('formulas:office.archive')}
                  </Button>
                </div>
              </div>
              {editing === formula.id ? (
                <div className="mt-4">
                  <FormulaForm
                    idPrefix={`formula-${formula.id}`}
                    initial={draftOf(formula)}
                    pending={update.pending}
                    submitLabel={t('backoffice:save')}
                    errorOf={update.errorOf}
                    onCancel={() => setEditing(null)}
                    onSubmit={async (form) => {
                      if (await update.run({ formulaId: formula.id, formula: form })) setEditing(null);
                    }}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {editing === 'new' ? (
        <div className="border-line rounded-xl border p-4">
          <h3 id="formula-new-title" className="mb-3 font-semibold">
            {t('formulas:office.new')}
          </h3>
          <FormulaForm
            idPrefix="formula-new"
            initial={NEW_FORMULA}
            pending={create.pending}
            submitLabel={t('formulas:office.create')}
            errorOf={create.errorOf}
            onCancel={formulas.length ? () => setEditing(null) : undefined}
            onSubmit={async (form) => {
              if (await create.run({ spaceId, formula: form })) {
                toast({ title: t('formulas:office.created', { name: form.nameFr }), color: 'success' });
                setEditing(null);
              }
            }}
          />
        </div>
      ) : (
        <Button variant="outline" className="self-start" onClick={() => setEditing('new')}>
          <Plus aria-hidden className="size-4" />
          {t('formulas:office.add')}
        </Button>
      )}
    </Section>
  );
}

type DaysSetting = 'graceDays' | 'pauseMaxDays' | 'pauseNoticeDays';

/** How the space sells: when a bought plan starts, and how long a renewal may stay unpaid. */
export function SalesSettingsForm({ settings }: { settings: TSalesSettings }) {
  const { t } = useTranslation(['formulas', 'backoffice']);
  const save = useOperation(updateSalesSettings, { success: '' });
  const [activation, setActivation] = useState<ActivationMoment>(settings.activation);
  const [pauseAllowed, setPauseAllowed] = useState(settings.pauseAllowed);
  const [days, setDays] = useState<Record<DaysSetting, string>>({
    graceDays: String(settings.graceDays),
    pauseMaxDays: String(settings.pauseMaxDays),
    pauseNoticeDays: String(settings.pauseNoticeDays),
  });
  const daysOf = (setting: DaysSetting) => (days[setting].trim() ? Number(days[setting]) : Number.NaN);
  // A number of days between `min` and `max`, as typed, with the server's refusal of it.
  const daysField = (setting: DaysSetting, min: number, max: number) => ({
    type: 'number',
    min,
    max,
    inputMode: 'numeric' as const,
    value: days[setting],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setDays((current) => ({ ...current, [setting]: event.target.value })),
    error: save.errorOf(setting),
  });
  return (
    <Section title={t('formulas:office.settings.title')} id="sales-settings-title">
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void save.run({
            spaceId: settings.spaceId,
            activation,
            graceDays: daysOf('graceDays'),
            pauseAllowed,
            pauseMaxDays: daysOf('pauseMaxDays'),
            pauseNoticeDays: daysOf('pauseNoticeDays'),
          });
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label={t('formulas:office.settings.activation')}
            value={activation}
            onChange={(event) => setActivation(event.target.value as ActivationMoment)}
            error={save.errorOf('activation')}
            choices={choicesOf(ACTIVATION_MOMENTS, (moment) =>
              t(`formulas:office.settings.activations.${moment}`),
            )}
          />
          <Input
            label={t('formulas:office.settings.grace')}
            hint={t('formulas:office.settings.graceHint')}
            {...daysField('graceDays', 0, 90)}
          />
        </div>
        <fieldset className="flex flex-col gap-3">
          <legend className="sr-only">{t('formulas:office.settings.pauseAllowed')}</legend>
          <Checkbox
            label={t('formulas:office.settings.pauseAllowed')}
            hint={t('formulas:office.settings.pauseHint')}
            checked={pauseAllowed}
            onChange={(event) => setPauseAllowed(event.target.checked)}
          />
          {pauseAllowed ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <Input
                label={t('formulas:office.settings.pauseMaxDays')}
                {...daysField('pauseMaxDays', 1, 180)}
              />
              <Input
                label={t('formulas:office.settings.pauseNotice')}
                hint={t('formulas:office.settings.pauseNoticeHint')}
                {...daysField('pauseNoticeDays', 0, 60)}
              />
            </div>
          ) : null}
        </fieldset>
        <Button type="submit" className="self-start" disabled={save.pending}>
          {save.pending ? t('backoffice:saving') : t('backoffice:save')}
        </Button>
      </form>
    </Section>
  );
}

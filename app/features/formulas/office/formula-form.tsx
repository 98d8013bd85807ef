import type { FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import type { TFormula, TFormulaForm } from '#contract/formulas';
import {
  CREDIT_UNITS,
  FORMULA_KINDS,
  MEMBERSHIP_PERIODS,
  ROLLOVER_RULES,
  type CreditUnit,
  type FormulaKind,
} from '#contract/formulas.plain';
import { ROOM_KINDS, type RoomKind } from '#contract/rooms';
import { choiceToggled, numberTyped, useDraft } from '~/platform/use-draft';
import { centsOfEuros, eurosOfCents } from '~/platform/use-operation';
import { Button } from '~/ui/button';
import { Checkbox, choicesOf, Input, Select, Textarea } from '~/ui/field';
import { FailureText } from '~/ui/failure-text';
import { PriceExclVatInput, VatRateSelect } from '~/ui/money-fields';

/** What the form edits: the formula's fields, numbers as typed (hours for minutes, euros for cents). */
interface Draft {
  kind: FormulaKind;
  nameFr: string;
  nameEn: string;
  descriptionFr: string;
  descriptionEn: string;
  price: string;
  vatRateBasisPoints: number;
  roomKinds: RoomKind[];
  creditUnit: CreditUnit;
  amount: string;
  validityDays: string;
  period: (typeof MEMBERSHIP_PERIODS)[number];
  rollover: (typeof ROLLOVER_RULES)[number];
  limit: string;
}

export const NEW_FORMULA: Draft = {
  kind: 'pack',
  nameFr: '',
  nameEn: '',
  descriptionFr: '',
  descriptionEn: '',
  price: '',
  vatRateBasisPoints: 2000,
  roomKinds: ['meeting_room'],
  creditUnit: 'minutes',
  amount: '10',
  validityDays: '90',
  period: 'month',
  rollover: 'none',
  limit: '',
};

export function draftOf(formula: TFormula): Draft {
  return {
    kind: formula.kind,
    nameFr: formula.nameFr,
    nameEn: formula.nameEn,
    descriptionFr: formula.descriptionFr,
    descriptionEn: formula.descriptionEn,
    price: eurosOfCents(formula.priceExclVatCents),
    vatRateBasisPoints: formula.vatRateBasisPoints,
    roomKinds: formula.roomKinds,
    creditUnit: formula.creditUnit,
    amount:
      formula.creditUnit === 'minutes' ? String(formula.creditAmount / 60) : String(formula.creditAmount),
    validityDays: String(formula.validityDays ?? 90),
    period: formula.period ?? 'month',
    rollover: formula.rollover,
    limit: formula.perMemberLimit === null ? '' : String(formula.perMemberLimit),
  };
}

function formOf(draft: Draft): TFormulaForm {
  const unit: CreditUnit =
    draft.kind === 'membership' ? 'minutes' : draft.kind === 'day_pass' ? 'entries' : draft.creditUnit;
  const amount = numberTyped(draft.amount) ?? Number.NaN;
  return {
    kind: draft.kind,
    nameFr: draft.nameFr,
    nameEn: draft.nameEn,
    descriptionFr: draft.descriptionFr,
    descriptionEn: draft.descriptionEn,
    priceExclVatCents: centsOfEuros(draft.price) ?? Number.NaN,
    vatRateBasisPoints: draft.vatRateBasisPoints,
    roomKinds: draft.roomKinds,
    creditUnit: unit,
    creditAmount: draft.kind === 'day_pass' ? 1 : unit === 'minutes' ? Math.round(amount * 60) : amount,
    validityDays: draft.kind === 'pack' ? (numberTyped(draft.validityDays) ?? Number.NaN) : null,
    period: draft.kind === 'membership' ? draft.period : null,
    rollover: draft.kind === 'membership' ? draft.rollover : 'none',
    perMemberLimit: numberTyped(draft.limit),
  };
}

/**
 * A formula's fields: kind, names and descriptions in French and English, price excluding VAT (with the price
 * including VAT beside), VAT rate, the room kinds it covers, what it gives and for how long, and a limit per
 * member. `errorOf(path)` gives the server's refusals (paths under `formula.`).
 */
export function FormulaForm({
  initial,
  pending,
  submitLabel,
  onSubmit,
  onCancel,
  errorOf,
  idPrefix,
}: {
  initial: Draft;
  pending: boolean;
  submitLabel: string;
  onSubmit: (formula: TFormulaForm) => void;
  onCancel?: () => void;
  errorOf: (path: string) => string | undefined;
  idPrefix: string;
}) {
  const { t } = useTranslation(['formulas', 'backoffice', 'spaces']);
  const error = (field: keyof TFormulaForm) => errorOf(`formula.${field}`);
  const { draft, set, textField } = useDraft(initial, (field) => errorOf(`formula.${field}`));
  const unit =
    draft.kind === 'membership' ? 'minutes' : draft.kind === 'day_pass' ? 'entries' : draft.creditUnit;

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(formOf(draft));
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${idPrefix}-title`} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t('formulas:office.kind')}
          value={draft.kind}
          onChange={(event) => set('kind', event.target.value as FormulaKind)}
          error={error('kind')}
          choices={choicesOf(FORMULA_KINDS, (kind) => t(`formulas:kinds.${kind}`))}
        />
        <Input
          label={t('formulas:office.limit')}
          hint={t('formulas:office.limitHint')}
          type="number"
          min={1}
          inputMode="numeric"
          {...textField('limit', 'perMemberLimit')}
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Input label={t('formulas:office.nameFr')} lang="fr" maxLength={120} {...textField('nameFr')} />
        <Input label={t('formulas:office.nameEn')} lang="en" maxLength={120} {...textField('nameEn')} />
        <Textarea
          label={t('formulas:office.descriptionFr')}
          lang="fr"
          rows={3}
          {...textField('descriptionFr')}
        />
        <Textarea
          label={t('formulas:office.descriptionEn')}
          lang="en"
          rows={3}
          {...textField('descriptionEn')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <PriceExclVatInput
          label={t('formulas:office.price')}
          {...textField('price', 'priceExclVatCents')}
          vatRateBasisPoints={draft.vatRateBasisPoints}
        />
        <VatRateSelect
          value={draft.vatRateBasisPoints}
          onChange={(rate) => set('vatRateBasisPoints', rate)}
          error={error('vatRateBasisPoints')}
        />
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t('formulas:office.roomKinds')}</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-4">
          {ROOM_KINDS.map((kind) => (
            <Checkbox
              key={kind}
              label={t(`spaces:kinds.${kind}`)}
              checked={draft.roomKinds.includes(kind)}
              onChange={(event) =>
                set('roomKinds', choiceToggled(ROOM_KINDS, draft.roomKinds, kind, event.target.checked))
              }
            />
          ))}
        </div>
        <FailureText className="mt-1">{error('roomKinds')}</FailureText>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        {draft.kind === 'pack' ? (
          <Select
            label={t('formulas:office.unit')}
            value={draft.creditUnit}
            onChange={(event) => set('creditUnit', event.target.value as CreditUnit)}
            error={error('creditUnit')}
            choices={choicesOf(CREDIT_UNITS, (option) => t(`formulas:office.units.${option}`))}
          />
        ) : null}
        {draft.kind !== 'day_pass' ? (
          <Input
            label={t(unit === 'minutes' ? 'formulas:office.hours' : 'formulas:office.entries')}
            inputMode="decimal"
            {...textField('amount', 'creditAmount')}
          />
        ) : null}
        {draft.kind === 'pack' ? (
          <Input
            label={t('formulas:office.validityDays')}
            type="number"
            min={1}
            inputMode="numeric"
            {...textField('validityDays')}
          />
        ) : null}
        {draft.kind === 'membership' ? (
          <>
            <Select
              label={t('formulas:office.period')}
              value={draft.period}
              onChange={(event) => set('period', event.target.value as Draft['period'])}
              error={error('period')}
              choices={choicesOf(MEMBERSHIP_PERIODS, (option) => t(`formulas:office.periods.${option}`))}
            />
            <Select
              label={t('formulas:office.rollover')}
              value={draft.rollover}
              onChange={(event) => set('rollover', event.target.value as Draft['rollover'])}
              error={error('rollover')}
              choices={choicesOf(ROLLOVER_RULES, (option) => t(`formulas:office.rollovers.${option}`))}
            />
          </>
        ) : null}
      </div>
      {draft.kind === 'day_pass' ? (
        <p className="text-ink-soft text-sm">{t('formulas:office.dayPassHint')}</p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? t('backoffice:saving') : submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('backoffice:cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

import type { FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import type { TEventFormInput, TManagedEvent } from '#contract/events';
import { zoneCity } from '#contract/reservation-format';
import { useDraft } from '~/platform/use-draft';
import { centsOfEuros, eurosOfCents } from '~/platform/use-operation';
import { Button } from '~/ui/button';
import { Checkbox, Input, Select, Textarea } from '~/ui/field';
import { PriceExclVatInput, VatRateSelect } from '~/ui/money-fields';

interface Draft {
  titleFr: string;
  titleEn: string;
  descriptionFr: string;
  descriptionEn: string;
  roomId: string;
  startsAt: string;
  endsAt: string;
  registrationDeadline: string;
  capacity: string;
  membersOnly: boolean;
  /** Euros excluding VAT, as typed ("" or "0": free). */
  price: string;
  vatRateBasisPoints: number;
  payableWithCredit: boolean;
  /** Hours of credit a place costs, as typed ("1,5"). */
  creditHours: string;
}

/** "1,5" or "1.5" hours as minutes; null when it is not a number. */
function minutesOfHours(hours: string): number | null {
  const value = Number(hours.trim().replace(',', '.'));
  return hours.trim() !== '' && Number.isFinite(value) ? Math.round(value * 60) : null;
}

const EMPTY: Draft = {
  titleFr: '',
  titleEn: '',
  descriptionFr: '',
  descriptionEn: '',
  roomId: '',
  startsAt: '',
  endsAt: '',
  registrationDeadline: '',
  capacity: '20',
  membersOnly: false,
  price: '',
  vatRateBasisPoints: 2000,
  payableWithCredit: false,
  creditHours: '',
};

function draftOf(event: TManagedEvent): Draft {
  return {
    titleFr: event.titleFr,
    titleEn: event.titleEn,
    descriptionFr: event.descriptionFr,
    descriptionEn: event.descriptionEn,
    roomId: event.roomId ?? '',
    startsAt: event.form.startsAt,
    endsAt: event.form.endsAt,
    registrationDeadline:
      event.form.registrationDeadline === event.form.startsAt ? '' : event.form.registrationDeadline,
    capacity: String(event.capacity),
    membersOnly: event.membersOnly,
    price: event.priceExclVatCents > 0 ? eurosOfCents(event.priceExclVatCents) : '',
    vatRateBasisPoints: event.vatRateBasisPoints,
    payableWithCredit: event.creditMinutes !== null,
    creditHours: event.creditMinutes !== null ? String(event.creditMinutes / 60).replace('.', ',') : '',
  };
}

/** The event's fields, times as wall-clock times of the space's zone (`datetime-local`). */
export function EventForm({
  initial,
  rooms,
  timeZone,
  pending,
  errorOf,
  submitLabel,
  onSubmit,
}: {
  initial: TManagedEvent | null;
  rooms: Array<{ id: string; name: string }>;
  timeZone: string;
  pending: boolean;
  errorOf: (path: string) => string | undefined;
  submitLabel: string;
  onSubmit: (event: TEventFormInput) => Promise<boolean>;
}) {
  const { t } = useTranslation(['events', 'backoffice']);
  const error = (field: string) => errorOf(`event.${field}`);
  const { draft, set, setDraft, textField } = useDraft<Draft>(
    () => (initial ? draftOf(initial) : EMPTY),
    error,
  );

  async function submit(form: FormEvent) {
    form.preventDefault();
    const saved = await onSubmit({
      titleFr: draft.titleFr,
      titleEn: draft.titleEn,
      descriptionFr: draft.descriptionFr,
      descriptionEn: draft.descriptionEn,
      roomId: draft.roomId || null,
      startsAt: draft.startsAt,
      endsAt: draft.endsAt,
      registrationDeadline: draft.registrationDeadline || null,
      capacity: Number(draft.capacity),
      membersOnly: draft.membersOnly,
      priceExclVatCents: draft.price.trim() === '' ? 0 : (centsOfEuros(draft.price) ?? Number.NaN),
      vatRateBasisPoints: draft.vatRateBasisPoints,
      creditMinutes: draft.payableWithCredit ? (minutesOfHours(draft.creditHours) ?? Number.NaN) : null,
    });
    if (saved && !initial) setDraft(EMPTY);
  }

  return (
    <form onSubmit={(form) => void submit(form)} className="grid gap-4 sm:grid-cols-2" noValidate>
      <Input label={t('office.titleFr')} {...textField('titleFr')} required />
      <Input label={t('office.titleEn')} {...textField('titleEn')} />
      <Input
        type="datetime-local"
        label={t('office.startsAt')}
        {...textField('startsAt')}
        required
        hint={zoneCity(timeZone)}
      />
      <Input
        type="datetime-local"
        label={t('office.endsAt')}
        {...textField('endsAt')}
        required
        hint={zoneCity(timeZone)}
      />
      <Input
        type="datetime-local"
        label={t('office.deadline')}
        {...textField('registrationDeadline')}
        hint={t('office.deadlineHint', { zone: zoneCity(timeZone) })}
      />
      <Input
        type="number"
        min={1}
        max={10000}
        label={t('office.capacity')}
        {...textField('capacity')}
        required
      />
      <Select
        label={t('office.room')}
        {...textField('roomId')}
        hint={t('office.roomHint')}
        containerClassName="sm:col-span-2"
        choices={rooms.map((room) => ({ value: room.id, label: room.name }))}
      >
        <option value="">{t('office.noRoom')}</option>
      </Select>
      <Textarea
        label={t('office.descriptionFr')}
        {...textField('descriptionFr')}
        rows={5}
        containerClassName="sm:col-span-2"
      />
      <Textarea
        label={t('office.descriptionEn')}
        {...textField('descriptionEn')}
        rows={3}
        containerClassName="sm:col-span-2"
      />
      <fieldset className="border-line grid gap-4 rounded-lg border p-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="px-1 text-sm font-medium">{t('office.priceLegend')}</legend>
        <PriceExclVatInput
          label={t('office.price')}
          {...textField('price', 'priceExclVatCents')}
          vatRateBasisPoints={draft.vatRateBasisPoints}
          hint={t('office.priceHint')}
        />
        <VatRateSelect
          value={draft.vatRateBasisPoints}
          onChange={(rate) => set('vatRateBasisPoints', rate)}
          error={error('vatRateBasisPoints')}
        />
        <Checkbox
          label={t('office.payableWithCredit')}
          checked={draft.payableWithCredit}
          onChange={(e) => set('payableWithCredit', e.target.checked)}
        />
        {draft.payableWithCredit ? (
          <Input
            label={t('office.creditHours')}
            inputMode="decimal"
            {...textField('creditHours', 'creditMinutes')}
            hint={t('office.creditHoursHint')}
          />
        ) : null}
      </fieldset>
      <Checkbox
        label={t('office.membersOnly')}
        checked={draft.membersOnly}
        onChange={(e) => set('membersOnly', e.target.checked)}
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

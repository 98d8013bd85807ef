import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { ROOM_AMENITIES, type RoomAmenity } from '#contract/amenities';
import type { TRoomInput } from '#contract/back-office';
import { ROOM_KINDS } from '#contract/rooms';
import { Button } from '~/ui/button';
import { Checkbox, choicesOf, Input, Select, Textarea } from '~/ui/field';
import { PriceExclVatInput, VatRateSelect } from '~/ui/money-fields';
import { choiceToggled, useDraft } from '~/platform/use-draft';
import { centsOfEuros, eurosOfCents } from '~/platform/use-operation';

export const NEW_ROOM: TRoomInput = {
  kind: 'meeting_room',
  name: '',
  descriptionFr: '',
  descriptionEn: '',
  capacity: 6,
  amenities: [],
  hourlyPriceCents: null,
  halfDayPriceCents: null,
  dayPriceCents: null,
  vatRateBasisPoints: 2000,
  minDurationMinutes: 60,
  maxDurationMinutes: 600,
  bookingStepMinutes: 30,
  bufferMinutes: 0,
  leadTimeMinutes: 60,
  horizonDays: 90,
  requiresApproval: false,
  deskGroup: null,
};

type PriceKey = 'hourlyPriceCents' | 'halfDayPriceCents' | 'dayPriceCents';
const PRICES: Array<[PriceKey, string]> = [
  ['hourlyPriceCents', 'hourly'],
  ['halfDayPriceCents', 'halfDay'],
  ['dayPriceCents', 'day'],
];
type RuleKey =
  | 'minDurationMinutes'
  | 'maxDurationMinutes'
  | 'bookingStepMinutes'
  | 'bufferMinutes'
  | 'leadTimeMinutes'
  | 'horizonDays';
const RULES: Array<[RuleKey, string]> = [
  ['minDurationMinutes', 'minDuration'],
  ['maxDurationMinutes', 'maxDuration'],
  ['bookingStepMinutes', 'step'],
  ['bufferMinutes', 'buffer'],
  ['leadTimeMinutes', 'leadTime'],
  ['horizonDays', 'horizon'],
];

/**
 * A room's fields: kind, name, size, descriptions, equipment, prices excluding VAT (with the price
 * including VAT shown beside) and booking rules. `errorOf(path)` gives the server's refusals.
 */
export function RoomForm({
  initial,
  pending,
  submitLabel,
  onSubmit,
  onCancel,
  errorOf,
  idPrefix,
}: {
  initial: TRoomInput;
  pending: boolean;
  submitLabel: string;
  onSubmit: (room: TRoomInput) => void;
  onCancel?: () => void;
  errorOf: (path: string) => string | undefined;
  idPrefix: string;
}) {
  const { t } = useTranslation('backoffice');
  const { draft: room, set, textField } = useDraft(initial, (field) => errorOf(`room.${field}`));
  const [prices, setPrices] = useState(
    () =>
      Object.fromEntries(PRICES.map(([key]) => [key, eurosOfCents(initial[key])])) as Record<
        PriceKey,
        string
      >,
  );
  const toggle = (amenity: RoomAmenity, on: boolean) =>
    set('amenities', choiceToggled(ROOM_AMENITIES, room.amenities, amenity, on));
  const error = (field: keyof TRoomInput) => errorOf(`room.${field}`);

  function submit(event: FormEvent) {
    event.preventDefault();
    const cents = Object.fromEntries(PRICES.map(([key]) => [key, centsOfEuros(prices[key])])) as Record<
      PriceKey,
      number | null
    >;
    onSubmit({ ...room, ...cents, deskGroup: room.kind === 'desk' ? room.deskGroup?.trim() || null : null });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${idPrefix}-title`} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr_10rem]">
        <Select
          label={t('rooms.kind')}
          value={room.kind}
          onChange={(event) => set('kind', event.target.value as TRoomInput['kind'])}
          error={error('kind')}
          choices={choicesOf(ROOM_KINDS, (kind) => t(`spaces:kinds.${kind}`))}
        />
        <Input label={t('rooms.name')} {...textField('name')} maxLength={80} />
        <Input
          label={t('rooms.capacity')}
          type="number"
          min={1}
          max={1000}
          inputMode="numeric"
          value={Number.isNaN(room.capacity) ? '' : room.capacity}
          onChange={(event) => set('capacity', Number.parseInt(event.target.value, 10))}
          error={error('capacity')}
        />
      </div>
      {room.kind === 'desk' ? (
        <Input
          label={t('rooms.deskGroup')}
          hint={t('rooms.deskGroupHint')}
          value={room.deskGroup ?? ''}
          maxLength={60}
          onChange={(event) => set('deskGroup', event.target.value)}
          error={error('deskGroup')}
        />
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Textarea label={t('rooms.descriptionFr')} lang="fr" rows={3} {...textField('descriptionFr')} />
        <Textarea label={t('rooms.descriptionEn')} lang="en" rows={3} {...textField('descriptionEn')} />
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t('rooms.amenities')}</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {ROOM_AMENITIES.map((amenity) => (
            <Checkbox
              key={amenity}
              label={t(`spaces:amenities.${amenity}`)}
              checked={room.amenities.includes(amenity)}
              onChange={(event) => toggle(amenity, event.target.checked)}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-medium">{t('rooms.prices')}</legend>
        <p className="text-ink-soft text-sm">{t('rooms.pricesHint')}</p>
        <div className="grid gap-4 sm:grid-cols-4">
          {PRICES.map(([key, label]) => (
            <PriceExclVatInput
              key={key}
              label={t(`rooms.${label}`)}
              value={prices[key]}
              vatRateBasisPoints={room.vatRateBasisPoints}
              onChange={(event) => setPrices((p) => ({ ...p, [key]: event.target.value }))}
              error={error(key)}
            />
          ))}
          <VatRateSelect
            value={room.vatRateBasisPoints}
            onChange={(rate) => set('vatRateBasisPoints', rate)}
            error={error('vatRateBasisPoints')}
          />
        </div>
      </fieldset>
      <details className="border-line rounded-xl border px-4 py-2">
        <summary className="cursor-pointer py-1 text-sm font-medium">{t('rooms.rules')}</summary>
        <div className="grid gap-4 py-3 sm:grid-cols-3">
          {RULES.map(([key, label]) => (
            <Input
              key={key}
              label={t(`rooms.${label}`)}
              type="number"
              min={0}
              inputMode="numeric"
              value={Number.isNaN(room[key]) ? '' : room[key]}
              onChange={(event) => set(key, Number.parseInt(event.target.value, 10))}
              error={error(key)}
            />
          ))}
        </div>
        <Checkbox
          className="pb-3"
          label={t('rooms.approval')}
          checked={room.requiresApproval}
          onChange={(event) => set('requiresApproval', event.target.checked)}
        />
      </details>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? t('saving') : submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

import { MapPin } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { updateAddress, type TManagedSpace } from '#contract/back-office';
import { Button } from '~/ui/button';
import { choicesOf, Input, Select } from '~/ui/field';
import { centreOf, COUNTRIES, TIME_ZONES } from './city-centres';
import { Section } from '~/ui/section';
import { numberTyped, useDraft } from '~/platform/use-draft';
import { useOperation } from '~/platform/use-operation';
import type { SettingsFormProps } from './settings-form-props';

type Address = TManagedSpace['address'];

/** Street, postcode, city, country, time zone and the map position (from a known city centre, or typed). */
export function AddressForm({ spaceId, initial, submitLabel, onSaved, footer }: SettingsFormProps<Address>) {
  const { t } = useTranslation('backoffice');
  const [latitude, setLatitude] = useState(initial.latitude?.toString() ?? '');
  const [longitude, setLongitude] = useState(initial.longitude?.toString() ?? '');
  const save = useOperation(updateAddress, { success: onSaved ? undefined : '' });
  const error = (field: string) => save.errorOf(`address.${field}`);
  const { draft: address, set, textField } = useDraft(initial, error);
  const centre = address.city.trim() ? centreOf(address.city) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await save.run({
      spaceId,
      address: { ...address, latitude: numberTyped(latitude), longitude: numberTyped(longitude) },
    });
    if (saved) onSaved?.();
  }

  return (
    <form onSubmit={submit} noValidate>
      <Section title={t('address.title')}>
        <Input label={t('address.addressLine')} {...textField('addressLine')} autoComplete="street-address" />
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr_12rem]">
          <Input label={t('address.postcode')} {...textField('postcode')} autoComplete="postal-code" />
          <Input label={t('address.city')} {...textField('city')} autoComplete="address-level2" />
          <Select
            label={t('address.country')}
            value={address.country || 'FR'}
            onChange={(event) => set('country', event.target.value)}
            error={error('country')}
            choices={choicesOf(COUNTRIES, (code) => t(`address.countries.${code}`))}
          />
        </div>
        <Select
          label={t('address.timeZone')}
          hint={t('address.timeZoneHint')}
          {...textField('timeZone')}
          containerClassName="sm:max-w-sm"
          choices={choicesOf(TIME_ZONES, (zone) => zone)}
        />
        <fieldset className="flex flex-col gap-3">
          <legend className="text-sm font-medium">{t('address.position')}</legend>
          <p className="text-ink-soft text-sm">{t('address.positionHint')}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Input
              label={t('address.latitude')}
              inputMode="decimal"
              value={latitude}
              onChange={(event) => setLatitude(event.target.value)}
              error={error('latitude')}
            />
            <Input
              label={t('address.longitude')}
              inputMode="decimal"
              value={longitude}
              onChange={(event) => setLongitude(event.target.value)}
              error={error('longitude')}
            />
          </div>
          {address.city.trim() ? (
            centre ? (
              <Button
                variant="outline"
                className="self-start"
                onClick={() => {
                  setLatitude(String(centre.latitude));
                  setLongitude(String(centre.longitude));
                }}
              >
                <MapPin aria-hidden className="size-4" />
                {t('address.fromCity', { city: address.city.trim() })}
              </Button>
            ) : (
              <p className="text-ink-soft text-sm">{t('address.unknownCity')}</p>
            )
          ) : null}
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.pending}>
            {save.pending ? t('saving') : (submitLabel ?? t('save'))}
          </Button>
          {footer}
        </div>
      </Section>
    </form>
  );
}

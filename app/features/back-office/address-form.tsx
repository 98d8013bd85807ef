import { MapPin } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { updateAddress, type TManagedSpace } from '#contract/back-office';
import { Button } from '~/ui/button';
import { choicesOf, Input, Select } from '~/ui/field';
import { centreOf, COUNTRIES, TIME_ZONES } from './city-centres';
import { Section } from '~/ui/section';
import { useOperation } from '~/platform/use-operation';
import type { SettingsFormProps } from './settings-form-props';

type Address = TManagedSpace['address'];

function numberOrNull(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  return cleaned ? Number(cleaned) : null;
}

/** Street, postcode, city, country, time zone and the map position (from a known city centre, or typed). */
export function AddressForm({ spaceId, initial, submitLabel, onSaved, footer }: SettingsFormProps<Address>) {
  const { t } = useTranslation('backoffice');
  const [address, setAddress] = useState(initial);
  const [latitude, setLatitude] = useState(initial.latitude?.toString() ?? '');
  const [longitude, setLongitude] = useState(initial.longitude?.toString() ?? '');
  const save = useOperation(updateAddress, { success: onSaved ? undefined : '' });
  const set = <K extends keyof Address>(key: K, value: Address[K]) =>
    setAddress((a) => ({ ...a, [key]: value }));
  const centre = address.city.trim() ? centreOf(address.city) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await save.run({
      spaceId,
      address: { ...address, latitude: numberOrNull(latitude), longitude: numberOrNull(longitude) },
    });
    if (saved) onSaved?.();
  }

  return (
    <form onSubmit={submit} noValidate>
      <Section title={t('address.title')}>
        <Input
          label={t('address.addressLine')}
          value={address.addressLine}
          autoComplete="street-address"
          onChange={(event) => set('addressLine', event.target.value)}
          error={save.errorOf('address.addressLine')}
        />
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr_12rem]">
          <Input
            label={t('address.postcode')}
            value={address.postcode}
            autoComplete="postal-code"
            onChange={(event) => set('postcode', event.target.value)}
            error={save.errorOf('address.postcode')}
          />
          <Input
            label={t('address.city')}
            value={address.city}
            autoComplete="address-level2"
            onChange={(event) => set('city', event.target.value)}
            error={save.errorOf('address.city')}
          />
          <Select
            label={t('address.country')}
            value={address.country || 'FR'}
            onChange={(event) => set('country', event.target.value)}
            error={save.errorOf('address.country')}
            choices={choicesOf(COUNTRIES, (code) => t(`address.countries.${code}`))}
          />
        </div>
        <Select
          label={t('address.timeZone')}
          hint={t('address.timeZoneHint')}
          value={address.timeZone}
          containerClassName="sm:max-w-sm"
          onChange={(event) => set('timeZone', event.target.value)}
          error={save.errorOf('address.timeZone')}
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
              error={save.errorOf('address.latitude')}
            />
            <Input
              label={t('address.longitude')}
              inputMode="decimal"
              value={longitude}
              onChange={(event) => setLongitude(event.target.value)}
              error={save.errorOf('address.longitude')}
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

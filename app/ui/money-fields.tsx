import type { ComponentProps, ReactNode } from 'react';
import { centsOfEuros, formatMoney, formatVatRate, inclVat, VAT_RATES } from '#contract/money';
import { useTranslation } from '~/platform/translation';
import { useLocale } from '~/platform/use-locale';
import { choicesOf, Input, Select } from './field';

type InputProps = ComponentProps<typeof Input>;

/**
 * A price typed in euros excluding VAT (rooms, formulas, events), with what it comes to including VAT at
 * `vatRateBasisPoints` said under it as it is typed; `hint` is said instead while there is no amount.
 */
export function PriceExclVatInput({
  value,
  vatRateBasisPoints,
  hint,
  ...props
}: Omit<InputProps, 'value' | 'hint' | 'inputMode'> & {
  value: string;
  vatRateBasisPoints: number;
  hint?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const cents = centsOfEuros(value);
  const gross =
    cents !== null && Number.isFinite(cents) && cents > 0 ? inclVat(cents, vatRateBasisPoints) : null;
  return (
    <Input
      {...props}
      inputMode="decimal"
      value={value}
      hint={gross !== null ? t('money.inclVat', { price: formatMoney(gross, locale) }) : hint}
    />
  );
}

/** The VAT rate of a price, from the rates French law knows (contract/money.ts). */
export function VatRateSelect({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (vatRateBasisPoints: number) => void;
  error?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  return (
    <Select
      label={t('money.vatRate')}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      error={error}
      choices={choicesOf(VAT_RATES, (rate) => formatVatRate(rate, locale))}
    />
  );
}

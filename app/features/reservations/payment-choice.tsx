import { useId } from 'react';
import { useTranslation } from '~/platform/translation';
import type { TCreditOption } from '#contract/formulas';
import type { PaymentChoice as Choice } from '#contract/formulas.plain';
import { formatMoney } from '#contract/money';
import type { TPrice } from '#contract/pricing';
import { useFormatCredit } from '~/platform/use-format-credit';
import { useLocale } from '~/platform/use-locale';

/**
 * How the member pays a slot when they hold credit that covers it: with their credits (the cost, the balance
 * before and after) or at the room's price. The server decides which lot pays (the first to expire).
 */
export function PaymentChoice({
  option,
  price,
  value,
  onChange,
}: {
  option: TCreditOption;
  price: TPrice | null;
  value: Choice;
  onChange: (choice: Choice) => void;
}) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const credit = useFormatCredit();
  const legendId = useId();
  const amounts = {
    cost: credit(option.cost, option.unit),
    before: credit(option.balanceBefore, option.unit),
    after: credit(option.balanceAfter, option.unit),
  };
  const choice = (id: Choice, label: string, detail: string, disabled = false) => (
    <label className="has-[:checked]:border-primary border-line bg-surface flex items-start gap-3 rounded-lg border p-3 has-[:disabled]:opacity-70">
      <input
        type="radio"
        name="pay-with"
        value={id}
        checked={value === id}
        disabled={disabled}
        onChange={() => onChange(id)}
        className="mt-1"
      />
      <span>
        <span className="block font-medium">{label}</span>
        <span className="text-ink-soft block text-sm">{detail}</span>
      </span>
    </label>
  );
  return (
    <fieldset className="flex flex-col gap-2" aria-labelledby={legendId}>
      <legend id={legendId} className="mb-1 font-semibold">
        {t('booking.payment.legend')}
      </legend>
      {choice(
        'credits',
        t('booking.payment.credits'),
        option.enough ? t('booking.payment.creditsDetail', amounts) : t('booking.payment.notEnough', amounts),
        !option.enough,
      )}
      {choice(
        'price',
        t('booking.payment.price'),
        price
          ? t('booking.payment.priceDetail', { total: formatMoney(price.totalCents, locale, price.currency) })
          : '',
      )}
      {option.enough ? <p className="text-ink-soft text-xs">{t('booking.payment.lot')}</p> : null}
    </fieldset>
  );
}

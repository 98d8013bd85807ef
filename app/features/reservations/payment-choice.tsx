import { useTranslation } from '~/platform/translation';
import type { TCreditOption } from '#contract/formulas';
import type { PaymentChoice as Choice } from '#contract/formulas.plain';
import { formatMoney } from '#contract/money';
import type { TPrice } from '#contract/pricing';
import { useCreditAmounts } from '~/platform/use-format-credit';
import { useLocale } from '~/platform/use-locale';
import { RadioCard, RadioCards } from '~/ui/radio-cards';

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
  const amounts = useCreditAmounts(option);
  const choice = (id: Choice, label: string, detail: string, disabled = false) => (
    <RadioCard
      name="pay-with"
      value={id}
      checked={value === id}
      disabled={disabled}
      onSelect={() => onChange(id)}
      label={label}
      detail={detail}
    />
  );
  return (
    <RadioCards legend={t('booking.payment.legend')}>
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
    </RadioCards>
  );
}

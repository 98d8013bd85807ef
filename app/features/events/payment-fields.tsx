import { useTranslation } from '~/platform/translation';
import type { TEventPage, TRegistrationPayment } from '#contract/events';
import { PAYMENT_METHODS, type PaymentChoice, type PaymentMethod } from '#contract/formulas.plain';
import { formatMoney } from '#contract/money';
import { formatMoment } from '#contract/reservation-format';
import { useCreditAmounts, useFormatCredit } from '~/platform/use-format-credit';
import { useLocale } from '~/platform/use-locale';
import { RadioCard, RadioCards } from '~/ui/radio-cards';

export interface PaymentDraft {
  payWith: PaymentChoice;
  paymentMethod: PaymentMethod;
}

/** Credits first when they cover the place and suffice (as the booking panel does), the price otherwise. */
export function initialPayment(event: TEventPage): PaymentDraft {
  return { payWith: event.creditOption?.enough ? 'credits' : 'price', paymentMethod: 'on_site' };
}

/**
 * How the member pays a paid place: "pay with my credits" (the cost, the balance before and after) or
 * "pay the price" (incl. VAT), and then on site or by bank transfer. The server picks the lot (the first
 * to expire).
 */
export function PaymentFields({
  event,
  value,
  onChange,
}: {
  event: TEventPage;
  value: PaymentDraft;
  onChange: (value: PaymentDraft) => void;
}) {
  const { t } = useTranslation(['events', 'formulas']);
  const locale = useLocale();
  const option = event.creditOption;
  const amounts = useCreditAmounts(option);
  const price = event.price;
  if (!price) return null;
  return (
    <div className="space-y-3">
      {option && amounts ? (
        <RadioCards legend={t('events:payment.legend')}>
          <RadioCard
            name="event-pay-with"
            checked={value.payWith === 'credits'}
            onSelect={() => onChange({ ...value, payWith: 'credits' })}
            label={t('events:payment.credits')}
            detail={
              option.enough
                ? t('events:payment.creditsDetail', amounts)
                : t('events:payment.notEnough', amounts)
            }
            disabled={!option.enough}
          />
          <RadioCard
            name="event-pay-with"
            checked={value.payWith === 'price'}
            onSelect={() => onChange({ ...value, payWith: 'price' })}
            label={t('events:payment.price')}
            detail={t('events:payment.priceDetail', { total: formatMoney(price.totalCents, locale) })}
          />
        </RadioCards>
      ) : null}
      {value.payWith === 'price' ? (
        <RadioCards legend={t('formulas:payment.legend')}>
          {PAYMENT_METHODS.map((method) => (
            <span key={method}>
              <RadioCard
                name="event-payment-method"
                checked={value.paymentMethod === method}
                onSelect={() => onChange({ ...value, paymentMethod: method })}
                label={t(`formulas:payment.${method}`)}
              />
            </span>
          ))}
        </RadioCards>
      ) : null}
      {event.refundUntil ? (
        <p className="text-ink-soft text-sm">
          {t('events:payment.refundUntil', {
            when: formatMoment(locale, event.refundUntil, event.space.timeZone),
          })}
        </p>
      ) : null}
    </div>
  );
}

/** How the reader's place was paid, in a sentence. */
export function PaymentSummary({ payment }: { payment: TRegistrationPayment }) {
  const { t } = useTranslation(['events', 'formulas']);
  const locale = useLocale();
  const credit = useFormatCredit();
  let text: string;
  if (payment.with === 'credits' && payment.creditAmount !== null && payment.creditUnit) {
    text = t(payment.refunded ? 'events:payment.creditsRefunded' : 'events:payment.paidWithCredits', {
      credit: credit(payment.creditAmount, payment.creditUnit),
    });
  } else {
    text = t('events:payment.order', {
      total: formatMoney(payment.totalCents ?? 0, locale),
      method: payment.paymentMethod ? t(`formulas:payment.${payment.paymentMethod}`).toLowerCase() : '',
      status: t(`events:payment.orderStatus.${payment.orderStatus ?? 'awaiting_payment'}`),
    });
  }
  return <p className="text-sm">{text}</p>;
}

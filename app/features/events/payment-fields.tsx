import { useId } from 'react';
import { useTranslation } from '~/platform/translation';
import type { TEventPage, TRegistrationPayment } from '#contract/events';
import { PAYMENT_METHODS, type PaymentChoice, type PaymentMethod } from '#contract/formulas.plain';
import { formatMoney } from '#contract/money';
import { formatMoment } from '#contract/reservation-format';
import { useFormatCredit } from '~/platform/use-format-credit';
import { useLocale } from '~/platform/use-locale';

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
  const credit = useFormatCredit();
  const legendId = useId();
  const methodLegendId = useId();
  const price = event.price;
  if (!price) return null;
  const option = event.creditOption;
  const radio = (
    name: string,
    checked: boolean,
    onSelect: () => void,
    label: string,
    detail: string,
    disabled = false,
  ) => (
    <label className="has-[:checked]:border-primary border-line bg-surface flex items-start gap-3 rounded-lg border p-3 has-[:disabled]:opacity-70">
      <input
        type="radio"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        className="mt-1"
      />
      <span>
        <span className="block font-medium">{label}</span>
        {detail ? <span className="text-ink-soft block text-sm">{detail}</span> : null}
      </span>
    </label>
  );
  const amounts = option
    ? {
        cost: credit(option.cost, option.unit),
        before: credit(option.balanceBefore, option.unit),
        after: credit(option.balanceAfter, option.unit),
      }
    : null;
  return (
    <div className="space-y-3">
      {option && amounts ? (
        <fieldset className="flex flex-col gap-2" aria-labelledby={legendId}>
          <legend id={legendId} className="mb-1 font-semibold">
            {t('events:payment.legend')}
          </legend>
          {radio(
            'event-pay-with',
            value.payWith === 'credits',
            () => onChange({ ...value, payWith: 'credits' }),
            t('events:payment.credits'),
            option.enough
              ? t('events:payment.creditsDetail', amounts)
              : t('events:payment.notEnough', amounts),
            !option.enough,
          )}
          {radio(
            'event-pay-with',
            value.payWith === 'price',
            () => onChange({ ...value, payWith: 'price' }),
            t('events:payment.price'),
            t('events:payment.priceDetail', { total: formatMoney(price.totalCents, locale) }),
          )}
        </fieldset>
      ) : null}
      {value.payWith === 'price' ? (
        <fieldset className="flex flex-col gap-2" aria-labelledby={methodLegendId}>
          <legend id={methodLegendId} className="mb-1 font-semibold">
            {t('formulas:payment.legend')}
          </legend>
          {PAYMENT_METHODS.map((method) => (
            <span key={method}>
              {radio(
                'event-payment-method',
                value.paymentMethod === method,
                () => onChange({ ...value, paymentMethod: method }),
                t(`formulas:payment.${method}`),
                '',
              )}
            </span>
          ))}
        </fieldset>
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

import { useTranslation } from '~/platform/translation';
import { formatMoney, formatVatRate } from '#contract/money';
import { formatDuration } from '#contract/reservation-format';
import type { TPrice } from '#contract/pricing';
import { useLocale } from '~/platform/use-locale';

/**
 * A price as the member sees it before and after booking: basis, excluding VAT, VAT, total. Paid with
 * credits (`credit`: the amount in words), what is taken from the credits instead, the price not charged.
 */
export function PriceSummary({ price, credit = null }: { price: TPrice; credit?: string | null }) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents, locale, price.currency);
  const total = 'border-line border-t pt-1 font-semibold';
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="price-summary">
      <dt className="text-ink-soft">
        {t(`price.basis.${price.basis}`)} · {formatDuration(locale, price.minutes)}
      </dt>
      <dd />
      {credit ? (
        <>
          <dt className={total}>{t('price.inCredits')}</dt>
          <dd className={`${total} text-right tabular-nums`}>{credit}</dd>
          <dd className="text-ink-soft col-span-2">
            {t('price.notCharged', { total: money(price.totalCents) })}
          </dd>
        </>
      ) : (
        <>
          <dt>{t('price.exclVat')}</dt>
          <dd className="text-right tabular-nums">{money(price.exclVatCents)}</dd>
          <dt>{t('price.vat', { rate: formatVatRate(price.vatRateBasisPoints, locale) })}</dt>
          <dd className="text-right tabular-nums">{money(price.vatCents)}</dd>
          <dt className={total}>{t('price.total')}</dt>
          <dd className={`${total} text-right tabular-nums`}>{money(price.totalCents)}</dd>
        </>
      )}
    </dl>
  );
}

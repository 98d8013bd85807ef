import { useTranslation } from '~/platform/translation';
import { formatMoney, formatVatRate } from '#contract/money';
import { formatDuration } from '#contract/reservation-format';
import type { TPrice } from '#contract/pricing';
import { useLocale } from '~/platform/use-locale';

/** A price as the member sees it before and after booking: basis, excluding VAT, VAT, total. */
export function PriceSummary({ price }: { price: TPrice }) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents, locale, price.currency);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      <dt className="text-ink-soft">
        {t(`price.basis.${price.basis}`)} · {formatDuration(locale, price.minutes)}
      </dt>
      <dd />
      <dt>{t('price.exclVat')}</dt>
      <dd className="text-right tabular-nums">{money(price.exclVatCents)}</dd>
      <dt>{t('price.vat', { rate: formatVatRate(price.vatRateBasisPoints, locale) })}</dt>
      <dd className="text-right tabular-nums">{money(price.vatCents)}</dd>
      <dt className="border-line border-t pt-1 font-semibold">{t('price.total')}</dt>
      <dd className="border-line border-t pt-1 text-right font-semibold tabular-nums">
        {money(price.totalCents)}
      </dd>
    </dl>
  );
}

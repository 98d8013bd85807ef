import { useTranslation } from '~/platform/translation';
import type { TFormula } from '#contract/formulas';
import { formatMoney, formatVatRate } from '#contract/money';
import { useLocale } from '~/platform/use-locale';
import { useFormatCredit } from '~/platform/use-format-credit';

/** A formula's price, excluding and including VAT, with its period for a membership. */
export function FormulaPrice({ formula }: { formula: TFormula }) {
  const { t } = useTranslation('formulas');
  const locale = useLocale();
  return (
    <p className="flex flex-wrap items-baseline gap-x-3">
      <span className="text-2xl font-semibold">
        {t('price.incl', { amount: formatMoney(formula.priceInclVatCents, locale) })}
      </span>
      {formula.period && <span className="text-ink-soft">{t(`period.${formula.period}`)}</span>}
      <span className="text-ink-soft text-sm">
        {t('price.excl', { amount: formatMoney(formula.priceExclVatCents, locale) })} ·{' '}
        {t('price.vat', { rate: formatVatRate(formula.vatRateBasisPoints, locale) })}
      </span>
    </p>
  );
}

/** What a formula gives and on what terms, as a list. */
export function FormulaTerms({ formula }: { formula: TFormula }) {
  const { t } = useTranslation(['formulas', 'spaces']);
  const formatCredit = useFormatCredit();
  const amount = formatCredit(formula.creditAmount, formula.creditUnit);
  const credit = t(`formulas:credit.${formula.creditUnit}`, { amount });
  const kinds = formula.roomKinds.map((kind) => t(`spaces:kinds.${kind}`)).join(', ');
  return (
    <ul className="list-disc space-y-1 pl-5">
      <li>{formula.kind === 'membership' ? t('formulas:creditPerPeriod', { amount: credit }) : credit}</li>
      <li>{t(`formulas:validity.${formula.kind}`, { days: formula.validityDays ?? 0 })}</li>
      {formula.kind === 'membership' && <li>{t(`formulas:rollover.${formula.rollover}`)}</li>}
      <li>{t('formulas:covers', { kinds })}</li>
      {formula.perMemberLimit !== null && <li>{t('formulas:limit', { count: formula.perMemberLimit })}</li>}
    </ul>
  );
}

import { useTranslation } from '~/platform/translation';
import type { TCreditOption } from '#contract/formulas';
import { formatCredit, type CreditUnit } from '#contract/formulas.plain';
import { useLocale } from '~/platform/use-locale';

/** Formats an amount of credit in the page's language ("2 h", "3 entrées"), its words from `formulas`. */
export function useFormatCredit(): (amount: number, unit: CreditUnit) => string {
  const { t } = useTranslation('formulas');
  const locale = useLocale();
  return (amount, unit) => formatCredit(locale, amount, unit, (key, values) => t(key, values));
}

/** What paying with credit would take: its cost and the balance before and after, in words. */
type CreditAmounts = { cost: string; before: string; after: string };

/** The words of a credit option (null without one): what it costs, the balance before and after. */
export function useCreditAmounts(option: TCreditOption): CreditAmounts;
export function useCreditAmounts(option: TCreditOption | null): CreditAmounts | null;
export function useCreditAmounts(option: TCreditOption | null): CreditAmounts | null {
  const credit = useFormatCredit();
  return option
    ? {
        cost: credit(option.cost, option.unit),
        before: credit(option.balanceBefore, option.unit),
        after: credit(option.balanceAfter, option.unit),
      }
    : null;
}

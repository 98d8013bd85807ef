import { useTranslation } from '~/platform/translation';
import { formatCredit, type CreditUnit } from '#contract/formulas.plain';
import { useLocale } from '~/platform/use-locale';

/** Formats an amount of credit in the page's language ("2 h", "3 entrées"), its words from `formulas`. */
export function useFormatCredit(): (amount: number, unit: CreditUnit) => string {
  const { t } = useTranslation('formulas');
  const locale = useLocale();
  return (amount, unit) => formatCredit(locale, amount, unit, (key, values) => t(key, values));
}

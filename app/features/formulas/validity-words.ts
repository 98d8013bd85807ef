import { lastDayOfUse, todayIn } from '#contract/dates';
import type { TLot, TPlan } from '#contract/formulas';
import type { FormulaKind } from '#contract/formulas.plain';
import { formatDay, formatLastDay } from '#contract/reservation-format';
import { useTranslation } from '~/platform/translation';
import { useFormatCredit } from '~/platform/use-format-credit';
import { useLocale } from '~/platform/use-locale';

/**
 * How a plan's period and its lots' validity read, on /plans and in the back office alike: from the first day
 * to the last day of use (a stored end is the midnight after: contract/dates.ts), "on" that day when it is
 * one day (a day pass), and a lot named after what it comes from (a membership's period, a pack, a pass).
 */
export function useValidityWords() {
  const { t } = useTranslation('formulas');
  const locale = useLocale();
  const credit = useFormatCredit();
  const day = (iso: string, timeZone: string) => formatDay(locale, iso, timeZone);
  const lastDay = (iso: string, timeZone: string) => formatLastDay(locale, iso, timeZone);
  const oneDay = (from: string, until: string, timeZone: string) =>
    todayIn(timeZone, new Date(from)) === lastDayOfUse(until, timeZone);
  return {
    /** "Période en cours : du … au … inclus", "Valable jusqu’au … inclus" or "Valable le …". */
    period(
      plan: Pick<TPlan, 'periodStartsAt' | 'periodEndsAt'> & { formula: { kind: FormulaKind } },
      timeZone: string,
    ) {
      const { periodStartsAt: from, periodEndsAt: until } = plan;
      if (!until) return '';
      if (plan.formula.kind === 'membership' && from)
        return t('formulas:plans.period', { from: day(from, timeZone), to: lastDay(until, timeZone) });
      if (from && oneDay(from, until, timeZone))
        return t('formulas:plans.validOn', { date: day(from, timeZone) });
      return t('formulas:plans.validUntil', { date: lastDay(until, timeZone) });
    },
    /** "Crédit du carnet", "Crédit du pass", "Crédit de la période", "Report de la période précédente". */
    lotName(lot: Pick<TLot, 'source'>, kind: FormulaKind) {
      const source = lot.source === 'rollover' ? 'rollover' : kind === 'membership' ? 'period' : kind;
      return t(`formulas:plans.lot.${source}`);
    },
    /** "8 h sur 10 h · du … au … inclus", or "· le …" for one day. */
    lotLine(lot: Pick<TLot, 'balance' | 'granted' | 'unit' | 'validFrom' | 'validUntil'>, timeZone: string) {
      const amounts = { balance: credit(lot.balance, lot.unit), granted: credit(lot.granted, lot.unit) };
      return oneDay(lot.validFrom, lot.validUntil, timeZone)
        ? t('formulas:plans.lotLineOneDay', { ...amounts, day: day(lot.validFrom, timeZone) })
        : t('formulas:plans.lotLine', {
            ...amounts,
            from: day(lot.validFrom, timeZone),
            to: lastDay(lot.validUntil, timeZone),
          });
    },
  };
}

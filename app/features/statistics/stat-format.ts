import { numberFormat } from '#contract/intl';
import { intlLocaleOf, type Locale } from '#contract/locale';
import { formatMoney, numberOfHundredths } from '#contract/money';
import type { StatKind, StatValue } from '#contract/statistics-tables';

/** Which way a figure moved, said in words beside its sign (never by colour alone). */
export type Direction = 'up' | 'down' | 'same' | 'unknown';

export const directionOf = (change: StatValue): Direction =>
  change === null ? 'unknown' : change > 0 ? 'up' : change < 0 ? 'down' : 'same';

const NO_VALUE = '—';

/**
 * A figure as the page writes it: `12`, `12,5 h`, `1 234,00 €`, `42,5 %`, and a change with its sign
 * (`+3,2 pt`, `−4`, `+120,00 €`). Unknown values (a rate with nothing to divide by) are a dash.
 */
export function formatStat(kind: StatKind, value: StatValue, locale: Locale, signed = false): string {
  if (value === null) return NO_VALUE;
  const tag = intlLocaleOf(locale);
  const sign = signed ? ({ signDisplay: 'exceptZero' } as const) : {};
  switch (kind) {
    case 'count':
      return numberFormat(tag, { maximumFractionDigits: 0, ...sign }).format(value);
    case 'hours':
      return `${numberFormat(tag, { maximumFractionDigits: 1, ...sign }).format(value / 60)} h`;
    case 'money':
      return signed
        ? numberFormat(tag, {
            style: 'currency',
            currency: 'EUR',
            minimumFractionDigits: 2,
            ...sign,
          }).format(numberOfHundredths(value))
        : formatMoney(value, locale);
    case 'rate':
      return numberFormat(tag, { style: 'percent', maximumFractionDigits: 1, ...sign }).format(
        value / 10_000,
      );
    case 'points':
      return `${numberFormat(tag, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(numberOfHundredths(value))} pt`;
  }
}

/** A relative change (`+8 %`) for amounts and counts, when the previous period had some. */
export function formatRelative(current: StatValue, previous: StatValue, locale: Locale): string | null {
  if (current === null || previous === null || previous === 0 || current === previous) return null;
  return numberFormat(intlLocaleOf(locale), {
    style: 'percent',
    maximumFractionDigits: 0,
    signDisplay: 'exceptZero',
  }).format((current - previous) / Math.abs(previous));
}

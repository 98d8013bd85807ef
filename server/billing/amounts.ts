import type { Locale } from '#contract/locale';
import { vatOf } from '#contract/money';

/** What an invoice line sells, before VAT: quantity × unit price, less any discount. */
export interface SaleLine {
  /** The French label, printed when the buyer's language has none of its own in `labels`. */
  label: string;
  /** The label in each language that has one (a formula's or an event's English name). */
  labels?: Partial<Record<Locale, string>>;
  quantity: number;
  unitExclVatCents: number;
  discountCents?: number;
  vatRateBasisPoints: number;
}

export interface VatBreakdownEntry {
  rateBasisPoints: number;
  basisCents: number;
  vatCents: number;
}
/** Lines with their amounts, and the totals per VAT rate (VAT computed on each rate's basis, EN 16931). */
export function priceLines(lines: SaleLine[], regime: 'standard' | 'franchise') {
  const priced = lines.map((line, index) => {
    const rate = regime === 'franchise' ? 0 : line.vatRateBasisPoints;
    const discountCents = line.discountCents ?? 0;
    const exclVatCents = line.unitExclVatCents * line.quantity - discountCents;
    const vatCents = vatOf(exclVatCents, rate);
    return {
      position: index + 1,
      label: line.label,
      quantity: line.quantity,
      unitExclVatCents: line.unitExclVatCents,
      discountCents,
      vatRateBasisPoints: rate,
      exclVatCents,
      vatCents,
      totalCents: exclVatCents + vatCents,
    };
  });
  const rates = [...new Set(priced.map((line) => line.vatRateBasisPoints))].sort((a, b) => b - a);
  const breakdown: VatBreakdownEntry[] = rates.map((rate) => {
    const basisCents = priced
      .filter((line) => line.vatRateBasisPoints === rate)
      .reduce((sum, line) => sum + line.exclVatCents, 0);
    return { rateBasisPoints: rate, basisCents, vatCents: vatOf(basisCents, rate) };
  });
  const exclVatCents = breakdown.reduce((sum, entry) => sum + entry.basisCents, 0);
  const vatCents = breakdown.reduce((sum, entry) => sum + entry.vatCents, 0);
  return { lines: priced, breakdown, exclVatCents, vatCents, totalCents: exclVatCents + vatCents };
}

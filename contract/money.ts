import { intlLocaleOf, type Locale } from './locale';
import { numberFormat } from './intl';

/**
 * Amounts of money, the one module for them (docs/decisions/017-one-place-for-each-rule.md): integer cents
 * of a currency, VAT rates in basis points (2000 = 20 %, 550 = 5,5 %). Prices are set and stored excluding
 * VAT (invoices are computed from net amounts); people are shown them with VAT. The SQL twin of the VAT
 * rule, for what PostgreSQL computes itself (search, the rooms' "from" price), is `withVatSql`
 * (server/db/schema/rooms.ts); a test keeps the two equal.
 */

export const CURRENCIES = ['EUR'] as const;

/** The VAT rates a price may carry in France, in basis points: 20 %, 10 %, 5,5 %, 2,1 %, none. */
export const VAT_RATES = [2000, 1000, 550, 210, 0] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Rounds to a whole cent, halves away from zero (as PostgreSQL's `round(numeric)`, and as invoices do). */
function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** The VAT on a net amount, rounded to the cent: `vatOf(1250, 2000)` is 250. */
export function vatOf(exclVatCents: number, vatRateBasisPoints: number): number {
  return roundHalfAwayFromZero((exclVatCents * vatRateBasisPoints) / 10_000);
}

/** A net amount with its VAT added: `inclVat(1250, 2000)` is 1500. */
export function inclVat(exclVatCents: number, vatRateBasisPoints: number): number {
  return exclVatCents + vatOf(exclVatCents, vatRateBasisPoints);
}

export interface VatBreakdown {
  exclVatCents: number;
  vatCents: number;
  inclVatCents: number;
}

/** A net amount split as an invoice line shows it: excluding VAT, the VAT, including VAT. */
export function withVatBreakdown(exclVatCents: number, vatRateBasisPoints: number): VatBreakdown {
  const vatCents = vatOf(exclVatCents, vatRateBasisPoints);
  return { exclVatCents, vatCents, inclVatCents: exclVatCents + vatCents };
}

/**
 * Cents as a plain decimal number with two decimals and no thousands separator, for files a machine or a
 * spreadsheet reads: `decimalOf(-123456)` is `-1234.56`, `decimalOf(1250, ',')` is `12,50`. Integer
 * arithmetic, so no binary fraction ever rounds a cent away.
 */
export function decimalOf(cents: number, separator: '.' | ',' = '.'): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const whole = Math.abs(cents);
  const units = Math.trunc(whole / 100);
  const rest = String(whole % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${units}${separator}${rest}`;
}

/**
 * Hundredths (cents of a euro, basis points of a percent) as a number, for a spreadsheet's cell or a
 * formatter: 1250 → 12.5, -5 → -0.05. Read from `decimalOf`'s digits, so it is the nearest number to them.
 */
export function numberOfHundredths(hundredths: number): number {
  return Number(decimalOf(hundredths));
}

/**
 * A number with at most two decimals as typed in a form ("12,50", "12.5", "1 200"), in hundredths: cents
 * of euros, basis points of a percent. Empty is null; anything else is NaN, which every schema refuses,
 * so a typo is a field error and never a rounded amount.
 */
function parseHundredths(text: string): number | null {
  const cleaned = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!cleaned) return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Whole euros (a search's price filter) → cents. */
export function centsOfWholeEuros(euros: number): number {
  return euros * 100;
}

/** Euros typed in a form → cents: "12,50" → 1250 (see `parseHundredths`). */
export function centsOfEuros(text: string): number | null {
  return parseHundredths(text);
}

/** A percent typed in a form → basis points: "12,15" → 1215 (see `parseHundredths`). */
export function basisPointsOfPercent(text: string): number | null {
  return parseHundredths(text);
}

/**
 * Hundredths as a form's field shows them to be edited: 1215 → "12,15" in French, "12.15" in English,
 * 1200 → "12". Without a locale, a dot (`parseHundredths` reads both).
 */
export function decimalInputOf(hundredths: number, locale?: Locale): string {
  if (hundredths % 100 === 0) return String(hundredths / 100);
  return decimalOf(hundredths, locale === 'fr' ? ',' : '.');
}

/**
 * An amount as every page and e-mail writes it, always with its cents: "54,00 €" in French, "€54.00" in
 * English. One format, so the same price never reads "54 €" on one screen and "54,00 €" on the next, and
 * amounts line up with the invoices to come.
 */
export function formatMoney(cents: number, locale: Locale, currency: Currency = 'EUR'): string {
  return numberFormat(intlLocaleOf(locale), {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** A VAT rate in basis points as a percentage: 2000 → "20 %", 550 → "5,5 %" (French), "5.5%" (English). */
export function formatVatRate(vatRateBasisPoints: number, locale: Locale): string {
  return numberFormat(intlLocaleOf(locale), { style: 'percent', maximumFractionDigits: 2 }).format(
    vatRateBasisPoints / 10_000,
  );
}

import { describe, expect, it } from 'vitest';
import {
  basisPointsOfPercent,
  centsOfEuros,
  decimalInputOf,
  decimalOf,
  numberOfHundredths,
  formatMoney,
  formatVatRate,
  inclVat,
  vatOf,
  withVatBreakdown,
} from './money';

/** Intl writes French amounts with no-break spaces (U+00A0, U+202F): compared as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('amounts', () => {
  it('writes every amount with its cents, whole euros too, in French and English', () => {
    expect(plain(formatMoney(5400, 'fr'))).toBe('54,00 €');
    expect(formatMoney(5400, 'en')).toBe('€54.00');
    expect(plain(formatMoney(4560, 'fr'))).toBe('45,60 €');
    expect(formatMoney(4560, 'en')).toBe('€45.60');
    expect(plain(formatMoney(1_000_000, 'fr'))).toBe('10 000,00 €');
    expect(formatMoney(1_000_000, 'en')).toBe('€10,000.00');
    expect(plain(formatMoney(0, 'fr'))).toBe('0,00 €');
  });

  it('writes a VAT rate given in basis points as a percentage', () => {
    expect(plain(formatVatRate(2000, 'fr'))).toBe('20 %');
    expect(formatVatRate(2000, 'en')).toBe('20%');
    expect(plain(formatVatRate(550, 'fr'))).toBe('5,5 %');
    expect(formatVatRate(210, 'en')).toBe('2.1%');
  });

  it('adds VAT rounded to the cent, halves away from zero', () => {
    expect(vatOf(1250, 2000)).toBe(250);
    expect(inclVat(1250, 2000)).toBe(1500);
    expect(inclVat(1, 550)).toBe(1);
    expect(inclVat(10, 550)).toBe(11);
    // 2 cents at 25 %: exactly half a cent of VAT, rounded up; a credit of 2 cents, rounded down.
    expect(vatOf(2, 2500)).toBe(1);
    expect(vatOf(-2, 2500)).toBe(-1);
    expect(inclVat(3333, 2000)).toBe(4000);
  });

  it('splits an amount into its net part, its VAT and the total, which always add up', () => {
    expect(withVatBreakdown(2500, 550)).toEqual({ exclVatCents: 2500, vatCents: 138, inclVatCents: 2638 });
    for (const [excl, rate] of [
      [1, 550],
      [999, 2000],
      [12_345, 1000],
      [7, 210],
    ] as const) {
      const amounts = withVatBreakdown(excl, rate);
      expect(amounts.exclVatCents + amounts.vatCents).toBe(amounts.inclVatCents);
    }
  });

  it('writes cents as a plain decimal for files, exactly, credits included', () => {
    expect(decimalOf(123456)).toBe('1234.56');
    expect(decimalOf(-1250, ',')).toBe('-12,50');
    expect(decimalOf(-5)).toBe('-0.05');
    expect(decimalOf(0)).toBe('0.00');
    // 0.29 * 100 is 28.999… in binary: no float ever rounds a cent away.
    expect(decimalOf(29)).toBe('0.29');
    expect(() => decimalOf(1.5)).toThrow();
  });

  it('gives hundredths as the number they write, for spreadsheet cells', () => {
    expect(numberOfHundredths(123456)).toBe(1234.56);
    expect(numberOfHundredths(-1250)).toBe(-12.5);
    expect(numberOfHundredths(29)).toBe(0.29);
    expect(numberOfHundredths(4250)).toBe(42.5);
  });

  it('reads euros and percents typed in a form, and refuses what is not one', () => {
    expect(centsOfEuros('12,50')).toBe(1250);
    expect(centsOfEuros(' 1 200.5 ')).toBe(120050);
    expect(centsOfEuros('0,29')).toBe(29);
    expect(centsOfEuros('')).toBeNull();
    expect(basisPointsOfPercent('12,15')).toBe(1215);
    for (const typo of ['12,345', '12,5,0', 'abc', '-3', '1e3', '12.'])
      expect(centsOfEuros(typo), typo).toBeNaN();
  });

  it('shows hundredths to be edited in the reader’s language, whole ones without decimals', () => {
    expect(decimalInputOf(1215, 'fr')).toBe('12,15');
    expect(decimalInputOf(1215, 'en')).toBe('12.15');
    expect(decimalInputOf(1250, 'fr')).toBe('12,50');
    expect(decimalInputOf(1200, 'fr')).toBe('12');
    expect(decimalInputOf(5, 'fr')).toBe('0,05');
    expect(centsOfEuros(decimalInputOf(123456, 'fr'))).toBe(123456);
  });
});

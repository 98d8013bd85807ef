import { describe, expect, it } from 'vitest';
import { formatMoney, formatVatRate, inclVat, vatOf, withVatBreakdown } from './money';

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
});

import { describe, expect, it } from 'vitest';
import { amountCell, csvCell, csvFile, csvLine } from './csv';

describe('CSV cells', () => {
  it('quotes the separator, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvLine(['a', 'b;c'])).toBe('a;"b;c"\r\n');
  });

  it('keeps a spreadsheet from running a text cell as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('=SUM(A1;A2)')).toBe(`"'=SUM(A1;A2)"`);
    expect(csvCell('-12,50')).toBe(`'-12,50`);
    expect(csvCell('Réservation')).toBe('Réservation');
  });

  it('writes numbers as numbers, negative ones included, with a decimal comma', () => {
    expect(csvCell(amountCell(-1250))).toBe('-12,50');
    expect(csvCell(amountCell(123456))).toBe('1234,56');
    expect(csvCell(amountCell(-5))).toBe('-0,05');
    expect(csvCell(amountCell(0))).toBe('0,00');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(2.5)).toBe('2,5');
    expect(() => csvCell(Number.NaN)).toThrow();
    expect(() => amountCell(0.5)).toThrow();
  });

  it('writes a file with a byte-order mark, `;` and CRLF line ends', () => {
    expect(
      csvFile([
        ['a', 1],
        ['=b', amountCell(-100)],
      ]),
    ).toBe("\uFEFFa;1\r\n'=b;-1,00\r\n");
  });
});

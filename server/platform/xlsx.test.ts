import { unzipSync, strFromU8 } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { MONEY_FORMAT, RATE_FORMAT, xlsxFile } from './xlsx';

describe('XLSX workbooks', () => {
  it('reads back as written: a tab per sheet, text as text, numbers as numbers', async () => {
    const bytes = await xlsxFile([
      {
        name: 'Occupation / salles',
        header: ['Salle', 'Heures', 'Taux'],
        rows: [
          ['=HYPERLINK("https://evil.example";"x")', 12.5, { value: 0.425, format: RATE_FORMAT }],
          ['+1+1', 0, null],
        ],
      },
      {
        name: 'Revenus',
        header: ['Mois', 'HT'],
        rows: [['2026-11', { value: -12.5, format: MONEY_FORMAT }]],
      },
    ]);
    const sheets = await readXlsxFile(Buffer.from(bytes));
    expect(sheets.map((sheet) => sheet.sheet)).toEqual(['Occupation   salles', 'Revenus']);
    expect(sheets[0]!.data).toEqual([
      ['Salle', 'Heures', 'Taux'],
      ['=HYPERLINK("https://evil.example";"x")', 12.5, 0.425],
      ['+1+1', 0, null],
    ]);
    expect(sheets[1]!.data).toEqual([
      ['Mois', 'HT'],
      ['2026-11', -12.5],
    ]);
    // No cell of the file is a formula: a spreadsheet shows the text, it does not run it.
    const files = unzipSync(bytes);
    const xml = Object.entries(files)
      .filter(([name]) => name.startsWith('xl/worksheets/'))
      .map(([, content]) => strFromU8(content))
      .join('');
    expect(xml).not.toContain('<f>');
  });

  it('gives two tabs of the same name two names, within 31 characters', async () => {
    const long = 'Une feuille au nom bien trop long pour un tableur';
    const bytes = await xlsxFile([
      { name: long, header: ['a'], rows: [] },
      { name: long, header: ['b'], rows: [] },
    ]);
    const names = (await readXlsxFile(Buffer.from(bytes))).map((sheet) => sheet.sheet);
    expect(names[0]).toHaveLength(31);
    expect(names[1]).toHaveLength(31);
    expect(names[0]).not.toBe(names[1]);
  });
});

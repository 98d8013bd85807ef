import writeXlsxFile, { type Cell, type Sheet } from 'write-excel-file/node';

/**
 * Every XLSX the app writes is written here (decision 030), with write-excel-file: a workbook of sheets,
 * each a header row then rows of cells. Written on the server only, so no spreadsheet code reaches a
 * browser. Text is written as text cells, never as formulas (a cell only runs as a formula when typed as
 * one, which this module never does): `=HYPERLINK(…)` in a room's name stays those characters.
 */

/** A number shown with a spreadsheet format (`#,##0.00` for money, `0.0%` for a rate). */
export interface FormattedNumber {
  readonly value: number;
  readonly format: string;
}
export type XlsxValue = string | number | FormattedNumber | null;

export interface XlsxSheet {
  /** The tab's name (cut to the 31 characters spreadsheets allow, characters they refuse replaced). */
  name: string;
  header: readonly string[];
  rows: ReadonlyArray<readonly XlsxValue[]>;
}

export const MONEY_FORMAT = '#,##0.00';
export const RATE_FORMAT = '0.0%';
export const DECIMAL_FORMAT = '0.0';

/** Spreadsheets refuse `[]:*?/\` in a tab's name and more than 31 characters; two tabs need two names. */
function sheetNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const base = (name.replace(/[[\]:*?/\\]/g, ' ').trim() || 'Sheet').slice(0, 31);
    let unique = base;
    for (let index = 2; taken.has(unique.toLowerCase()); index += 1) {
      unique = `${base.slice(0, 31 - String(index).length - 1)} ${index}`;
    }
    taken.add(unique.toLowerCase());
    return unique;
  });
}

function cellOf(value: XlsxValue): Cell {
  if (value === null) return null;
  if (typeof value === 'string') return { value, type: String };
  if (typeof value === 'number') return { value, type: Number };
  return { value: value.value, type: Number, format: value.format };
}

/** A workbook, one tab per sheet, its header row bold and kept in view when scrolling. */
export async function xlsxFile(sheets: readonly XlsxSheet[]): Promise<Uint8Array> {
  const names = sheetNames(sheets.map((sheet) => sheet.name));
  const written: Array<Sheet<never>> = sheets.map((sheet, index) => ({
    sheet: names[index],
    stickyRowsCount: 1,
    columns: sheet.header.map((title, column) => ({
      width: Math.min(
        48,
        Math.max(10, title.length + 2, ...sheet.rows.map((row) => textLength(row[column] ?? null) + 2)),
      ),
    })),
    data: [
      sheet.header.map((title) => ({ value: title, type: String, fontWeight: 'bold' as const })),
      ...sheet.rows.map((row) => row.map(cellOf)),
    ],
  }));
  return new Uint8Array(await writeXlsxFile(written).toBuffer());
}

function textLength(value: XlsxValue): number {
  if (value === null) return 0;
  if (typeof value === 'string') return value.length;
  return String(typeof value === 'number' ? value : value.value).length;
}

import { decimalOf } from '#contract/money';

/**
 * Every CSV the app writes (the activity feed, the accountant's export, a closed month's listings) is
 * written here, for French spreadsheets (Excel, LibreOffice): UTF-8 with a byte-order mark (so accents
 * survive a double-click open), `;` between cells (`,` is the decimal mark in French), CRLF line ends.
 *
 * A text cell a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return) is prefixed with `'`, which shows it as text (OWASP's advice against CSV injection). Numbers are
 * not text: passed as `number` or as `amountCell(cents)`, they are written as they are, so a credit note's
 * `-12,50` stays a number the spreadsheet adds up.
 */

export const CSV_BOM = '\uFEFF';

/** A text file as read, without the byte-order mark some programs (and banks) write first. */
export function withoutByteOrderMark(text: string): string {
  return text.startsWith(CSV_BOM) ? text.slice(CSV_BOM.length) : text;
}
export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';

/** A number already written as the file writes numbers (digits, an optional sign and decimal comma). */
export interface NumericCell {
  readonly numeric: string;
}
export type CsvValue = string | number | NumericCell;

const NUMERIC = /^-?\d+(,\d+)?$/;

/** Cents as a spreadsheet number with a decimal comma, no thousands separator: `-1250` → `-12,50`. */
export function amountCell(cents: number): NumericCell {
  return numericCell(decimalOf(cents, ','));
}

function numericCell(text: string): NumericCell {
  // Only a real number skips the formula guard: anything else here is a bug, not a cell to write.
  if (!NUMERIC.test(text)) throw new Error(`Not a number for a CSV cell: ${JSON.stringify(text)}`);
  return { numeric: text };
}

/** Neutralises a formula, then quotes a cell holding the separator, a quote or a line break. */
export function csvCell(value: CsvValue): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Not a number for a CSV cell: ${value}`);
    return numericCell(String(value).replace('.', ',')).numeric;
  }
  if (typeof value !== 'string') return value.numeric;
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line, its CRLF included. */
export function csvLine(cells: readonly CsvValue[]): string {
  return cells.map(csvCell).join(CSV_SEPARATOR) + CSV_LINE_END;
}

/** A whole file: the byte-order mark, then each row as a line. */
export function csvFile(rows: ReadonlyArray<readonly CsvValue[]>): string {
  return CSV_BOM + rows.map(csvLine).join('');
}

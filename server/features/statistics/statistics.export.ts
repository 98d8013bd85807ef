import {
  changeKindOf,
  changeOf,
  type StatKind,
  type StatTable,
  type StatValue,
} from '#contract/statistics-tables';
import { numberOfHundredths } from '#contract/money';
import type { Translate } from '#contract/translator';
import { amountCell, csvFile, type CsvValue } from '../../platform/csv';
import { DECIMAL_FORMAT, MONEY_FORMAT, RATE_FORMAT, xlsxFile, type XlsxValue } from '../../platform/xlsx';

/**
 * /statistics's tables as files (contract/statistics-tables.ts, the page's own tables): one table as CSV
 * (the app's one CSV format, server/platform/csv.ts) or XLSX, or every table as an XLSX tab each. Numbers
 * stay numbers a spreadsheet adds up: hours as decimal hours, money in euros excl. VAT, rates and their
 * changes in percent (the header says which unit); a value with nothing to divide by is an empty cell.
 */

type Cell = { kind: 'text'; value: string } | { kind: StatKind; value: StatValue };

interface Grid {
  title: string;
  header: string[];
  rows: Cell[][];
}

const POINTS_FORMAT = '+0.0;-0.0;0';

function withUnit(label: string, kind: StatKind | 'text', t: Translate): string {
  return kind === 'count' || kind === 'text' ? label : `${label} (${t(`units.${kind}`)})`;
}

/** A table as a header and typed cells, a comparison's change worked out. */
function gridOf(table: StatTable, t: Translate): Grid {
  if (table.shape === 'comparison') {
    return {
      title: table.title,
      header: [t('columns.measure'), t('columns.current'), t('columns.previous'), t('columns.change')],
      rows: table.rows.map((row) => [
        { kind: 'text', value: withUnit(row.label, row.kind, t) },
        { kind: row.kind, value: row.current },
        { kind: row.kind, value: row.previous },
        { kind: changeKindOf(row.kind), value: changeOf(row.current, row.previous) },
      ]),
    };
  }
  return {
    title: table.title,
    header: table.columns.map((column) => withUnit(column.label, column.kind, t)),
    rows: table.rows.map((row) =>
      row.map((value, index) => {
        const kind = table.columns[index]!.kind;
        return kind === 'text'
          ? { kind: 'text', value: String(value ?? '') }
          : { kind, value: value as StatValue };
      }),
    ),
  };
}

const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

function csvValue(cell: Cell): CsvValue {
  if (cell.kind === 'text') return cell.value;
  if (cell.value === null) return '';
  switch (cell.kind) {
    case 'count':
      return cell.value;
    case 'hours':
      return hoursOf(cell.value);
    case 'money':
      return amountCell(cell.value);
    case 'rate':
    case 'points':
      return numberOfHundredths(cell.value);
  }
}

function xlsxValue(cell: Cell): XlsxValue {
  if (cell.kind === 'text') return cell.value;
  if (cell.value === null) return null;
  switch (cell.kind) {
    case 'count':
      return cell.value;
    case 'hours':
      return { value: hoursOf(cell.value), format: DECIMAL_FORMAT };
    case 'money':
      return { value: numberOfHundredths(cell.value), format: MONEY_FORMAT };
    case 'rate':
      return { value: cell.value / 10_000, format: RATE_FORMAT };
    case 'points':
      return { value: numberOfHundredths(cell.value), format: POINTS_FORMAT };
  }
}

/** One table as a CSV file's text. */
export function tableCsv(table: StatTable, t: Translate): string {
  const grid = gridOf(table, t);
  return csvFile([grid.header, ...grid.rows.map((row) => row.map(csvValue))]);
}

/** Tables as an XLSX workbook, a tab each named after its table. */
export function tablesXlsx(tables: readonly StatTable[], t: Translate): Promise<Uint8Array> {
  return xlsxFile(
    tables.map((table) => {
      const grid = gridOf(table, t);
      return { name: grid.title, header: grid.header, rows: grid.rows.map((row) => row.map(xlsxValue)) };
    }),
  );
}

import type { ReactNode } from 'react';
import type { StatKind, StatTable, StatValue } from '#contract/statistics-tables';
import { useTranslation } from '~/platform/translation';
import { useLocale } from '~/platform/use-locale';
import { cn } from '~/ui/cn';
import { stacked } from '~/ui/stacked-table';
import { ChangeText } from './change-text';
import { formatStat } from './stat-format';

/** A table's downloads: its CSV and its XLSX, with the page's own period and scope (`query`). */
export function ExportLinks({ tableId, title, query }: { tableId: string; title: string; query: string }) {
  const { t } = useTranslation('statistics');
  const linkClass =
    'border-line hover:bg-muted inline-flex items-center rounded-lg border px-3 py-1 text-sm font-medium';
  return (
    <p className="flex flex-wrap items-center gap-2">
      {(['csv', 'xlsx'] as const).map((format) => (
        <a
          key={format}
          className={linkClass}
          href={`/api/statistics/${tableId}.${format}?${query}`}
          download
          aria-label={`${t('export.label', { table: title })} (${t(`export.${format}`)})`}
        >
          {t(`export.${format}`)}
        </a>
      ))}
    </p>
  );
}

/** A rate as a bar of its width, the previous period's as a line across it: what the eye compares. */
function RateBar({ value, previous }: { value: StatValue; previous: StatValue }) {
  const width = (rate: number) => `${Math.min(100, Math.max(0, rate / 100))}%`;
  return (
    <span
      aria-hidden
      className="bg-muted border-line relative block h-2.5 w-full min-w-16 rounded-full border"
    >
      {value !== null ? (
        <span className="bg-primary absolute inset-y-0 left-0 rounded-full" style={{ width: width(value) }} />
      ) : null}
      {previous !== null ? (
        <span className="bg-ink absolute -inset-y-1 w-0.5" style={{ left: width(previous) }} />
      ) : null}
    </span>
  );
}

function Cell({ kind, value }: { kind: StatKind | 'text'; value: string | StatValue }) {
  const locale = useLocale();
  if (kind === 'text') return <>{value}</>;
  if (kind === 'points') return <ChangeText kind="points" change={value as StatValue} />;
  return <span className="tabular-nums">{formatStat(kind, value as StatValue, locale)}</span>;
}

/**
 * One of the page's tables (contract/statistics-tables.ts), the text equivalent of its chart: a comparison
 * (a measure a row: this period, the previous one, the change) or a list. Stacked as cards on a phone.
 * `bars` draws a bar beside a list's rate column, from the column of the previous period's rate.
 */
export function StatTableView({
  table,
  bars,
  caption,
}: {
  table: StatTable;
  bars?: { rate: number; previous: number };
  /** Shown instead of the table when it has no row. */
  caption?: ReactNode;
}) {
  const { t } = useTranslation('statistics');
  const locale = useLocale();
  if (!table.rows.length) return <p className="text-ink-soft">{caption ?? t('sections.noRows')}</p>;
  if (table.shape === 'comparison') {
    // Four narrow columns fit a phone in small type: a comparison stays a table there, its cells wrapping.
    const headers = [t('columns.measure'), t('columns.current'), t('columns.previous'), t('columns.change')];
    const cell = 'py-2 pl-2 text-right align-top';
    return (
      <table className="w-full text-left text-xs sm:text-sm">
        <caption className="sr-only">{table.title}</caption>
        <thead>
          <tr className="border-line border-b">
            {headers.map((header, index) => (
              <th
                key={header}
                scope="col"
                className={index > 0 ? 'py-2 pl-2 text-right align-bottom' : 'py-2 align-bottom'}
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.label} className="border-line border-b">
              <th scope="row" className="py-2 align-top font-medium">
                {row.label}
              </th>
              <td className={cn(cell, 'tabular-nums')}>{formatStat(row.kind, row.current, locale)}</td>
              <td className={cn(cell, 'tabular-nums')}>{formatStat(row.kind, row.previous, locale)}</td>
              <td className={cell}>
                <ChangeText kind={row.kind} current={row.current} previous={row.previous} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  const [first, ...others] = table.columns;
  return (
    <table className={stacked.table}>
      <caption className="sr-only">{table.title}</caption>
      <thead className={stacked.thead}>
        <tr className="border-line border-b">
          {table.columns.map((column, index) => (
            <th
              key={column.label}
              scope="col"
              className={cn(stacked.th, index > 0 && column.kind !== 'text' && 'text-right')}
            >
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={stacked.tbody}>
        {table.rows.map((row, rowIndex) => (
          <tr key={`${String(row[0])}-${rowIndex}`} className={stacked.tr}>
            <th scope="row" className={cn(stacked.th, 'font-medium max-sm:block')}>
              <Cell kind={first!.kind} value={row[0]!} />
            </th>
            {others.map((column, index) => (
              <td key={column.label} data-label={column.label} className={cn(stacked.td, 'sm:text-right')}>
                {bars?.rate === index + 1 ? (
                  <span className="flex items-center justify-end gap-2">
                    <span className="w-24 max-sm:w-20">
                      <RateBar
                        value={row[bars.rate] as StatValue}
                        previous={row[bars.previous] as StatValue}
                      />
                    </span>
                    <Cell kind={column.kind} value={row[index + 1]!} />
                  </span>
                ) : (
                  <Cell kind={column.kind} value={row[index + 1] ?? null} />
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

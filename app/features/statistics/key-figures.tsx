import type { ComparisonTable } from '#contract/statistics-tables';
import { useTranslation } from '~/platform/translation';
import { useLocale } from '~/platform/use-locale';
import { ChangeText } from './change-text';
import { formatStat } from './stat-format';

/** The headline figures as cards: each this period's value, the previous period's and the change in words. */
export function KeyFigures({ table }: { table: ComparisonTable }) {
  const { t } = useTranslation('statistics');
  const locale = useLocale();
  return (
    <ul className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-3">
      {table.rows.map((row) => (
        <li
          key={row.label}
          className="border-line bg-surface flex min-w-0 flex-col gap-1 rounded-xl border p-3 sm:p-4"
        >
          <p className="text-ink-soft text-sm font-medium">{row.label}</p>
          <p className="text-xl font-bold tabular-nums sm:text-2xl">
            {formatStat(row.kind, row.current, locale)}
          </p>
          <p className="text-sm">
            <ChangeText kind={row.kind} current={row.current} previous={row.previous} />
          </p>
          <p className="text-ink-soft text-sm">
            {t('change.previous', { value: formatStat(row.kind, row.previous, locale) })}
          </p>
        </li>
      ))}
    </ul>
  );
}

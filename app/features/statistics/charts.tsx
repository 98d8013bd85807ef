import type { TStatistics } from '#contract/statistics';
import { heatmapHours, heatRate, hourLabel, monthLabel, weekdayNames } from '#contract/statistics-tables';
import { useTranslation } from '~/platform/translation';
import { useLocale } from '~/platform/use-locale';
import { cn } from '~/ui/cn';
import { formatStat } from './stat-format';

/**
 * The page's charts, drawn with HTML and CSS (decision 030: no chart library): each says in words what it
 * shows, and the table that follows it holds its figures.
 */

/** Revenue excl. VAT by month: a column a month, from a common base line. */
export function RevenueChart({ months }: { months: TStatistics['current']['revenue']['byMonth'] }) {
  const { t } = useTranslation('statistics');
  const locale = useLocale();
  const values = months.map((month) => month.exclVatCents);
  // Nothing issued: the table's zeros say it; an empty frame would not.
  if (!values.some((value) => value !== 0)) return null;
  const highest = Math.max(1, ...values);
  const total = values.reduce((sum, value) => sum + value, 0);
  const summary = t('sections.revenueChartSummary', {
    months: months.length,
    min: formatStat('money', Math.min(...values), locale),
    max: formatStat('money', Math.max(...values), locale),
    total: formatStat('money', total, locale),
  });
  // One label in `every` below the columns, twelve at most.
  const every = Math.ceil(months.length / 12);
  const short = (month: string) =>
    monthLabel(month, locale).split(' ')[0]!.slice(0, 4).replace(/\.$/, '') +
    (months.length > 12 ? ` ${month.slice(2, 4)}` : '');
  return (
    <figure className="flex flex-col gap-2">
      <div
        role="img"
        aria-label={`${t('sections.revenueChart')}. ${summary}`}
        className="flex flex-col gap-1"
      >
        <div className="border-ink flex h-40 items-end gap-1 border-b sm:gap-2">
          {months.map((month) => (
            <div key={month.month} className="flex h-full min-w-0 flex-1 items-end">
              <div
                className="bg-primary w-full rounded-t"
                style={{ height: `${(Math.max(0, month.exclVatCents) / highest) * 100}%` }}
              />
            </div>
          ))}
        </div>
        <div className="flex gap-1 sm:gap-2" aria-hidden>
          {months.map((month, index) => (
            <span key={month.month} className="text-ink-soft min-w-0 flex-1 truncate text-center text-xs">
              {index % every === 0 ? short(month.month) : ''}
            </span>
          ))}
        </div>
      </div>
      <p className="text-ink-soft text-sm">{summary}</p>
    </figure>
  );
}

/**
 * The shade of a heatmap cell, by its share of the grid's busiest hour (so a quiet space's pattern shows
 * too): four steps of the brand colour, the darkest with light text. The cell's words say the real rate.
 */
function shadeOf(rate: number | null, busiest: number): string {
  if (rate === null) return 'text-ink-soft';
  const share = busiest > 0 ? rate / busiest : 0;
  if (share > 0.75) return 'bg-primary text-on-primary';
  if (share > 0.5) return 'bg-primary/45 text-ink';
  if (share > 0.25) return 'bg-primary/25 text-ink';
  if (share > 0) return 'bg-primary/10 text-ink';
  return 'text-ink';
}

/**
 * The weekday × hour grid of use: a row an hour, a column a weekday, each cell the share of its open time
 * booked, written in the cell and shaded by it. It is its own table: nothing is said by the shade alone.
 */
export function Heatmap({ heatmap }: { heatmap: TStatistics['heatmap'] }) {
  const { t } = useTranslation('statistics');
  const locale = useLocale();
  const days = weekdayNames(locale);
  const shortDays = weekdayNames(locale, 'short');
  const hours = heatmapHours(heatmap);
  let busiest: { day: number; hour: number; rate: number } | null = null;
  for (const hour of hours) {
    heatmap.bookedMinutes.forEach((day, index) => {
      const rate = heatRate(day[hour]!, heatmap.openMinutes[index]![hour]!);
      if (rate !== null && rate > 0 && (!busiest || rate > busiest.rate))
        busiest = { day: index, hour, rate };
    });
  }
  const top = busiest as { day: number; hour: number; rate: number } | null;
  return (
    <div className="flex flex-col gap-3">
      <p>
        {top
          ? t('sections.heatmapBusiest', {
              day: days[top.day],
              hour: hourLabel(top.hour),
              rate: formatStat('rate', top.rate, locale),
            })
          : t('sections.heatmapEmpty')}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full table-fixed border-separate border-spacing-0.5 text-center text-xs sm:text-sm">
          <caption className="sr-only">{t('tables.heatmap.title')}</caption>
          <thead>
            <tr>
              <th scope="col" className="w-14 py-1 text-left font-medium sm:w-20">
                {t('tables.heatmap.hour')}
              </th>
              {shortDays.map((name, index) => (
                <th key={name + index} scope="col" className="py-1 font-medium">
                  <abbr title={days[index]} className="no-underline">
                    {name}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {hours.map((hour) => (
              <tr key={hour}>
                <th scope="row" className="py-1 text-left font-medium tabular-nums">
                  {hourLabel(hour).slice(0, 5)}
                </th>
                {heatmap.bookedMinutes.map((day, index) => {
                  const rate = heatRate(day[hour]!, heatmap.openMinutes[index]![hour]!);
                  return (
                    <td
                      key={index}
                      className={cn('rounded py-1.5 tabular-nums', shadeOf(rate, top?.rate ?? 0))}
                    >
                      {rate === null ? (
                        <>
                          <span aria-hidden>—</span>
                          <span className="sr-only">{t('sections.heatmapClosed')}</span>
                        </>
                      ) : (
                        formatStat('rate', Math.round(rate / 100) * 100, locale)
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

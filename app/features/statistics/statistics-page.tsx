import type { ReactNode } from 'react';
import type { OutputOf } from '#contract/callable';
import { formatMoment } from '#contract/reservation-format';
import { DEFAULT_TIME_ZONE } from '#contract/spaces.plain';
import type { getStatisticsScope, TStatistics } from '#contract/statistics';
import { statisticsParams, type StatisticsQuery } from '#contract/statistics-period';
import {
  statisticsTables,
  type ComparisonTable,
  type StatTable,
  type StatTableId,
} from '#contract/statistics-tables';
import { formatCalendarDate } from '~/platform/format';
import { useTranslation } from '~/platform/translation';
import { useLocale } from '~/platform/use-locale';
import { Notice } from '~/ui/notice';
import { Section } from '~/ui/section';
import { Heatmap, RevenueChart } from './charts';
import { KeyFigures } from './key-figures';
import { StatisticsFilters } from './statistics-filters';
import { ExportLinks, StatTableView } from './stat-table';

export interface StatisticsPageData {
  scope: OutputOf<typeof getStatisticsScope>;
  query: StatisticsQuery;
  statistics: TStatistics;
}

/** A table with its own heading (when its section holds several) and its downloads. */
function TableBlock({
  table,
  query,
  heading = false,
  bars,
  children,
}: {
  table: StatTable;
  query: string;
  heading?: boolean;
  bars?: { rate: number; previous: number };
  /** Its chart, before it. */
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      {heading ? <h3 className="text-lg font-semibold">{table.title}</h3> : null}
      {children}
      <StatTableView table={table} bars={bars} />
      <ExportLinks tableId={table.id} title={table.title} query={query} />
    </div>
  );
}

/**
 * /statistics: a space's figures (or every space the viewer manages) for a period, each beside the period
 * of the same length before it; charts drawn by the page with their tables; every table downloadable.
 */
export function StatisticsPage({ scope, query, statistics }: StatisticsPageData) {
  const { t } = useTranslation(['statistics', 'spaces']);
  const locale = useLocale();
  const tables = new Map(statisticsTables(statistics, t, locale).map((table) => [table.id, table]));
  const table = (id: StatTableId) => tables.get(id)!;
  const params = statisticsParams(query).toString();
  // "1er novembre": French writes the first of a month as an ordinal.
  const day = (date: string) =>
    formatCalendarDate(date, locale, { day: 'numeric', month: 'long', year: 'numeric' }).replace(
      /^1 /,
      locale === 'fr' ? '1er ' : '1 ',
    );
  const { period, previousPeriod } = statistics;
  const spaceName =
    statistics.scope.name ??
    `${t(scope.allSpaces ? 'allSpacesAdmin' : 'allSpaces')} (${t('spacesCount', { count: statistics.scope.spaces })})`;
  const room = scope.rooms.find((item) => item.id === statistics.scope.roomId);
  const timeZone = statistics.scope.timeZone ?? DEFAULT_TIME_ZONE;
  const occupancy = table('occupancy');
  return (
    <main id="main" className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="text-lg font-medium">
          {spaceName}
          {room ? ` · ${room.name}` : null}
        </p>
        <p>
          {t('period', {
            from: day(period.from),
            to: day(period.to),
            previousFrom: day(previousPeriod.from),
            previousTo: day(previousPeriod.to),
          })}
        </p>
        <p className="text-ink-soft text-sm">
          {t('live', { at: formatMoment(locale, statistics.computedAt, timeZone) })}{' '}
          <a
            className="text-primary-ink font-medium underline underline-offset-2"
            href={`/api/statistics/all.xlsx?${params}`}
            download
          >
            {t('export.all')}
          </a>
        </p>
      </header>
      <StatisticsFilters
        query={query}
        spaces={scope.spaces}
        rooms={scope.rooms}
        allSpaces={scope.allSpaces}
      />
      {query.rangeError ? <Notice>{t(`filters.rangeErrors.${query.rangeError}`)}</Notice> : null}
      <Section id="statistics-summary" title={t('sections.summary')}>
        <KeyFigures table={table('summary') as ComparisonTable} />
        <ExportLinks tableId="summary" title={table('summary').title} query={params} />
      </Section>
      <Section id="statistics-occupancy" title={t('sections.occupancy')} hint={t('sections.occupancyLead')}>
        <p className="text-ink-soft text-sm">{t('sections.barLegend')}</p>
        <TableBlock
          table={occupancy}
          query={params}
          heading
          bars={
            occupancy.shape === 'list'
              ? { rate: occupancy.columns.length - 3, previous: occupancy.columns.length - 2 }
              : undefined
          }
        />
        {statistics.scope.roomId ? null : (
          <TableBlock
            table={table('occupancy-kinds')}
            query={params}
            heading
            bars={{ rate: 3, previous: 4 }}
          />
        )}
      </Section>
      <Section id="statistics-heatmap" title={t('sections.heatmap')} hint={t('sections.heatmapLead')}>
        <Heatmap heatmap={statistics.heatmap} />
        <ExportLinks tableId="heatmap" title={table('heatmap').title} query={params} />
      </Section>
      <Section id="statistics-bookings" title={t('sections.bookings')}>
        <TableBlock table={table('bookings')} query={params} />
      </Section>
      <Section id="statistics-revenue" title={t('sections.revenue')} hint={t('sections.revenueLead')}>
        <TableBlock table={table('revenue-months')} query={params} heading>
          <RevenueChart months={statistics.current.revenue.byMonth} />
        </TableBlock>
        <TableBlock table={table('revenue-sources')} query={params} heading />
      </Section>
      <Section id="statistics-credits" title={t('sections.credits')}>
        <TableBlock table={table('credits')} query={params} />
      </Section>
      <Section id="statistics-memberships" title={t('sections.memberships')}>
        <TableBlock table={table('memberships')} query={params} />
      </Section>
      <Section id="statistics-events" title={t('sections.events')}>
        <TableBlock table={table('events')} query={params} />
      </Section>
      <Section id="statistics-members" title={t('sections.members')}>
        <TableBlock table={table('members')} query={params} />
      </Section>
      <Section id="statistics-demand" title={t('sections.demand')} hint={t('sections.demandLead')}>
        <TableBlock table={table('demand')} query={params} />
        <TableBlock table={table('demand-sizes')} query={params} heading />
      </Section>
    </main>
  );
}

import { dateTimeFormat } from './intl';
import { intlLocaleOf, type Locale } from './locale';
import type { TFigures, TStatistics } from './statistics';
import { REFUSED_BOOKING_REASONS } from './statistics.plain';
import type { Translate } from './translator';

/**
 * /statistics's figures as tables, the one definition of what each table holds: the page shows them (beside
 * its charts, as their text equivalent) and its CSV and XLSX downloads write them
 * (server/features/statistics/statistics.export.ts), so a file holds what the page showed. Values stay
 * numbers of their kind (minutes, cents, basis points); each reader formats them its own way. `t` reads the
 * `statistics` namespace (room kinds come from `spaces:kinds`).
 */

/** What a number is: a count, minutes (shown as hours), cents excl. VAT, a rate or a rate's change (basis points). */
export type StatKind = 'count' | 'hours' | 'money' | 'rate' | 'points';
export type StatValue = number | null;

/** A measure of the period beside the period before: its change is worked out by `changeOf`. */
export interface ComparisonRow {
  label: string;
  kind: StatKind;
  current: StatValue;
  previous: StatValue;
}

export interface ListColumn {
  label: string;
  /** `text` for the row's names. */
  kind: StatKind | 'text';
}

interface TableBase {
  id: StatTableId;
  title: string;
}
export interface ComparisonTable extends TableBase {
  shape: 'comparison';
  rows: ComparisonRow[];
}
export interface ListTable extends TableBase {
  shape: 'list';
  columns: ListColumn[];
  rows: Array<Array<string | StatValue>>;
}
export type StatTable = ComparisonTable | ListTable;

export const STAT_TABLE_IDS = [
  'summary',
  'occupancy',
  'occupancy-kinds',
  'heatmap',
  'bookings',
  'revenue-months',
  'revenue-sources',
  'credits',
  'memberships',
  'events',
  'members',
  'demand',
  'demand-sizes',
] as const;
export type StatTableId = (typeof STAT_TABLE_IDS)[number];

/** A change's kind: a rate moves by points, anything else by its own unit. */
export const changeKindOf = (kind: StatKind): StatKind => (kind === 'rate' ? 'points' : kind);

/** current − previous, or null when either is unknown (a rate with nothing to divide by). */
export function changeOf(current: StatValue, previous: StatValue): StatValue {
  return current === null || previous === null ? null : current - previous;
}

/** The hours the heatmap shows: those open or booked on some day, else 08:00–18:00. */
export function heatmapHours(heatmap: TStatistics['heatmap']): number[] {
  const used = Array.from({ length: 24 }, (_, hour) => hour).filter((hour) =>
    heatmap.openMinutes.some((day, index) => day[hour]! > 0 || heatmap.bookedMinutes[index]![hour]! > 0),
  );
  return used.length ? used : Array.from({ length: 10 }, (_, index) => 8 + index);
}

/** Booked ÷ open minutes in basis points; null when the hour was closed and nothing was booked in it. */
export function heatRate(booked: number, open: number): StatValue {
  if (open > 0) return Math.round((booked * 10_000) / open);
  return booked > 0 ? 10_000 : null;
}

/** Monday … Sunday in the reader's language (the heatmap's d = 0 … 6). */
export function weekdayNames(locale: Locale, width: 'long' | 'short' = 'long'): string[] {
  const format = dateTimeFormat(intlLocaleOf(locale), { weekday: width, timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, day) => format.format(new Date(Date.UTC(2024, 0, 1 + day))));
}

/** `14:00–15:00`: an hour of the heatmap. */
export const hourLabel = (hour: number) =>
  `${String(hour).padStart(2, '0')}:00–${String((hour + 1) % 24).padStart(2, '0')}:00`;

/** `novembre 2026` for `2026-11`; `nov.` when `short`. */
export function monthLabel(month: string, locale: Locale, width: 'long' | 'short' = 'long'): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const options: Intl.DateTimeFormatOptions =
    width === 'long'
      ? { month: 'long', year: 'numeric', timeZone: 'UTC' }
      : { month: 'short', timeZone: 'UTC' };
  return dateTimeFormat(intlLocaleOf(locale), options).format(new Date(Date.UTC(year, number - 1, 1)));
}

function comparison(
  id: StatTableId,
  t: Translate,
  current: TFigures,
  previous: TFigures,
  rows: ReadonlyArray<readonly [key: string, kind: StatKind, read: (figures: TFigures) => StatValue]>,
): ComparisonTable {
  return {
    id,
    title: t(`tables.${id}.title`),
    shape: 'comparison',
    rows: rows.map(([key, kind, read]) => ({
      label: t(`tables.${id}.rows.${key}`),
      kind,
      current: read(current),
      previous: read(previous),
    })),
  };
}

/** The headline figures: what the page's cards show, in the order they show them. */
function summaryTable(t: Translate, stats: TStatistics): ComparisonTable {
  return comparison('summary', t, stats.current, stats.previous, [
    ['occupancy', 'rate', (f) => f.occupancy.total.occupancyBasisPoints],
    ['bookedHours', 'hours', (f) => f.occupancy.total.bookedMinutes],
    ['bookings', 'count', (f) => f.bookings.confirmed],
    ['noShowRate', 'rate', (f) => f.bookings.noShowRateBasisPoints],
    ['revenue', 'money', (f) => f.revenue.totalExclVatCents],
    ['mrr', 'money', (f) => f.memberships.mrrCents],
    ['churn', 'rate', (f) => f.memberships.churnBasisPoints],
    ['activeMembers', 'count', (f) => f.members.active],
    ['fillRate', 'rate', (f) => f.events.fillRateBasisPoints],
    ['searchesMissed', 'count', (f) => f.demand.searchesMissed],
    ['refused', 'count', (f) => REFUSED_BOOKING_REASONS.reduce((sum, r) => sum + f.demand.refused[r], 0)],
  ]);
}

/** Occupancy per room (one space) or per space (several), this period beside the one before. */
function occupancyTable(t: Translate, stats: TStatistics): ListTable {
  const perSpace = stats.scope.spaceId === null;
  const columns: ListColumn[] = [
    { label: t(perSpace ? 'tables.occupancy.space' : 'tables.occupancy.room'), kind: 'text' },
    ...(perSpace ? [] : [{ label: t('tables.occupancy.kind'), kind: 'text' as const }]),
    { label: t('tables.occupancy.openHours'), kind: 'hours' },
    { label: t('tables.occupancy.bookedHours'), kind: 'hours' },
    { label: t('tables.occupancy.rate'), kind: 'rate' },
    { label: t('tables.occupancy.previousRate'), kind: 'rate' },
    { label: t('tables.occupancy.change'), kind: 'points' },
  ];
  const rows = perSpace
    ? stats.current.occupancy.bySpace.map((space) => {
        const before = stats.previous.occupancy.bySpace.find((other) => other.spaceId === space.spaceId);
        const previous = before?.occupancyBasisPoints ?? null;
        return [
          space.name,
          space.openMinutes,
          space.bookedMinutes,
          space.occupancyBasisPoints,
          previous,
          changeOf(space.occupancyBasisPoints, previous),
        ];
      })
    : stats.current.occupancy.rooms.map((room) => {
        const before = stats.previous.occupancy.rooms.find((other) => other.roomId === room.roomId);
        const previous = before?.occupancyBasisPoints ?? null;
        return [
          room.name,
          t(`spaces:kinds.${room.kind}`),
          room.openMinutes,
          room.bookedMinutes,
          room.occupancyBasisPoints,
          previous,
          changeOf(room.occupancyBasisPoints, previous),
        ];
      });
  return {
    id: 'occupancy',
    title: t(`tables.occupancy.title.${perSpace ? 'spaces' : 'rooms'}`),
    shape: 'list',
    columns,
    rows,
  };
}

function occupancyKindsTable(t: Translate, stats: TStatistics): ListTable {
  return {
    id: 'occupancy-kinds',
    title: t('tables.occupancy-kinds.title'),
    shape: 'list',
    columns: [
      { label: t('tables.occupancy.kind'), kind: 'text' },
      { label: t('tables.occupancy.openHours'), kind: 'hours' },
      { label: t('tables.occupancy.bookedHours'), kind: 'hours' },
      { label: t('tables.occupancy.rate'), kind: 'rate' },
      { label: t('tables.occupancy.previousRate'), kind: 'rate' },
      { label: t('tables.occupancy.change'), kind: 'points' },
    ],
    rows: stats.current.occupancy.byKind.map((use) => {
      const previous =
        stats.previous.occupancy.byKind.find((other) => other.kind === use.kind)?.occupancyBasisPoints ??
        null;
      return [
        t(`spaces:kinds.${use.kind}`),
        use.openMinutes,
        use.bookedMinutes,
        use.occupancyBasisPoints,
        previous,
        changeOf(use.occupancyBasisPoints, previous),
      ];
    }),
  };
}

/** The weekday × hour grid: an hour a row, a weekday a column, each cell the share of its open time booked. */
function heatmapTable(t: Translate, stats: TStatistics, locale: Locale): ListTable {
  const { heatmap } = stats;
  return {
    id: 'heatmap',
    title: t('tables.heatmap.title'),
    shape: 'list',
    columns: [
      { label: t('tables.heatmap.hour'), kind: 'text' },
      ...weekdayNames(locale).map((name) => ({ label: name, kind: 'rate' as const })),
    ],
    rows: heatmapHours(heatmap).map((hour) => [
      hourLabel(hour),
      ...heatmap.bookedMinutes.map((day, index) => heatRate(day[hour]!, heatmap.openMinutes[index]![hour]!)),
    ]),
  };
}

function revenueMonthsTable(t: Translate, stats: TStatistics, locale: Locale): ListTable {
  return {
    id: 'revenue-months',
    title: t('tables.revenue-months.title'),
    shape: 'list',
    columns: [
      { label: t('tables.revenue-months.month'), kind: 'text' },
      { label: t('tables.revenue-months.revenue'), kind: 'money' },
    ],
    rows: stats.current.revenue.byMonth.map((month) => [monthLabel(month.month, locale), month.exclVatCents]),
  };
}

function demandSizesTable(t: Translate, stats: TStatistics): ListTable {
  return {
    id: 'demand-sizes',
    title: t('tables.demand-sizes.title'),
    shape: 'list',
    columns: [
      { label: t('tables.demand-sizes.size'), kind: 'text' },
      { label: t('tables.demand-sizes.searches'), kind: 'count' },
      { label: t('tables.demand-sizes.missed'), kind: 'count' },
      { label: t('tables.demand-sizes.empty'), kind: 'count' },
    ],
    rows: stats.current.demand.bySize.map((row) => [
      row.size === 0 ? t('tables.demand-sizes.unsaid') : t('tables.demand-sizes.people', { count: row.size }),
      row.searches,
      row.missed,
      row.empty,
    ]),
  };
}

/** Every table of the page, in its order. */
export function statisticsTables(stats: TStatistics, t: Translate, locale: Locale): StatTable[] {
  const { current, previous } = stats;
  const tables: StatTable[] = [
    summaryTable(t, stats),
    occupancyTable(t, stats),
    occupancyKindsTable(t, stats),
    heatmapTable(t, stats, locale),
    comparison('bookings', t, current, previous, [
      ['total', 'count', (f) => f.bookings.total],
      ['confirmed', 'count', (f) => f.bookings.confirmed],
      ['pending', 'count', (f) => f.bookings.pending],
      ['cancelled', 'count', (f) => f.bookings.cancelled],
      ['lateCancelled', 'count', (f) => f.bookings.lateCancelled],
      ['declined', 'count', (f) => f.bookings.declined],
      ['noShows', 'count', (f) => f.bookings.noShows],
      ['noShowRate', 'rate', (f) => f.bookings.noShowRateBasisPoints],
    ]),
    revenueMonthsTable(t, stats, locale),
    comparison('revenue-sources', t, current, previous, [
      ['bookings', 'money', (f) => f.revenue.bySource.bookings],
      ['formulas', 'money', (f) => f.revenue.bySource.formulas],
      ['eventPlaces', 'money', (f) => f.revenue.bySource.eventPlaces],
      ['other', 'money', (f) => f.revenue.bySource.other],
      ['total', 'money', (f) => f.revenue.totalExclVatCents],
    ]),
    comparison('credits', t, current, previous, [
      ['minutesGranted', 'hours', (f) => f.credits.minutes.granted],
      ['minutesUsed', 'hours', (f) => f.credits.minutes.used],
      ['minutesExpired', 'hours', (f) => f.credits.minutes.expired],
      ['entriesGranted', 'count', (f) => f.credits.entries.granted],
      ['entriesUsed', 'count', (f) => f.credits.entries.used],
      ['entriesExpired', 'count', (f) => f.credits.entries.expired],
    ]),
    comparison('memberships', t, current, previous, [
      ['activeAtStart', 'count', (f) => f.memberships.activeAtStart],
      ['activeAtEnd', 'count', (f) => f.memberships.activeAtEnd],
      ['new', 'count', (f) => f.memberships.new],
      ['cancelled', 'count', (f) => f.memberships.cancelled],
      ['paused', 'count', (f) => f.memberships.paused],
      ['mrr', 'money', (f) => f.memberships.mrrCents],
      ['churn', 'rate', (f) => f.memberships.churnBasisPoints],
    ]),
    comparison('events', t, current, previous, [
      ['events', 'count', (f) => f.events.events],
      ['capacity', 'count', (f) => f.events.capacity],
      ['placesTaken', 'count', (f) => f.events.placesTaken],
      ['fillRate', 'rate', (f) => f.events.fillRateBasisPoints],
      ['waitlistedAtStart', 'count', (f) => f.events.waitlistedAtStart],
      ['offersAccepted', 'count', (f) => f.events.offersAccepted],
      ['offersExpired', 'count', (f) => f.events.offersExpired],
      ['attended', 'count', (f) => f.events.attended],
      ['noShows', 'count', (f) => f.events.noShows],
    ]),
    comparison('members', t, current, previous, [
      ['new', 'count', (f) => f.members.new],
      ['active', 'count', (f) => f.members.active],
    ]),
    comparison('demand', t, current, previous, [
      ['searches', 'count', (f) => f.demand.searches],
      ['searchesMissed', 'count', (f) => f.demand.searchesMissed],
      ['searchesEmpty', 'count', (f) => f.demand.searchesEmpty],
      ...REFUSED_BOOKING_REASONS.map(
        (reason) => [`refused.${reason}`, 'count', (f: TFigures) => f.demand.refused[reason]] as const,
      ),
      ['waitlistedAtStart', 'count', (f) => f.demand.waitlistedAtStart],
    ]),
    demandSizesTable(t, stats),
  ];
  return tables;
}

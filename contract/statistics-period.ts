import { addDays, daysFromUntil } from './dates';
import { EARLIEST_DATE, LATEST_DATE } from './input.plain';
import { MAX_STATISTICS_DAYS } from './statistics.plain';

/**
 * The periods /statistics offers and what its address says (`?period=…&from=…&to=…&space=…&room=…`): the
 * page, its loader and its CSV and XLSX downloads read the same parameters here, so a download holds what
 * the page showed. A period is two calendar days of the space's zone, both included; "this month" and
 * "this year" end today (so far), the rolling ones end today too.
 */

export const STATISTICS_PERIODS = [
  'this-month',
  'last-month',
  '30-days',
  '90-days',
  'year',
  'custom',
] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];
const DEFAULT_PERIOD: Exclude<StatisticsPeriod, 'custom'> = 'this-month';

export interface DateRange {
  /** First day, included (`YYYY-MM-DD`). */
  from: string;
  /** Last day, included. */
  to: string;
}

/** What the address asks for, read leniently: an unknown value falls back, a bad custom range says why. */
export interface StatisticsQuery extends DateRange {
  period: StatisticsPeriod;
  /** A space's id, or none: every space the viewer manages (an admin: every space). */
  space: string | null;
  room: string | null;
  /** Why the custom range was not taken (the period falls back to this month): `range-order`, `range-too-long`, `date`. */
  rangeError: 'range-order' | 'range-too-long' | 'date' | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string | null): value is string =>
  value !== null &&
  DATE.test(value) &&
  value >= EARLIEST_DATE &&
  value <= LATEST_DATE &&
  new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** The days a preset covers on `today` (the space's today). */
export function presetRange(period: Exclude<StatisticsPeriod, 'custom'>, today: string): DateRange {
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (period) {
    case 'this-month':
      return { from: monthStart, to: today };
    case 'last-month': {
      const to = addDays(monthStart, -1);
      return { from: `${to.slice(0, 7)}-01`, to };
    }
    case '30-days':
      return { from: addDays(today, -29), to: today };
    case '90-days':
      return { from: addDays(today, -89), to: today };
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** Reads /statistics's parameters (the page's address or a download's) on the space's `today`. */
export function readStatisticsQuery(params: URLSearchParams, today: string): StatisticsQuery {
  const asked = params.get('period');
  const period = STATISTICS_PERIODS.find((name) => name === asked) ?? DEFAULT_PERIOD;
  const space = params.get('space') || null;
  const room = (space && params.get('room')) || null;
  if (period !== 'custom') {
    return { period, ...presetRange(period, today), space, room, rangeError: null };
  }
  const from = params.get('from');
  const to = params.get('to');
  const fallback = { period: DEFAULT_PERIOD, ...presetRange(DEFAULT_PERIOD, today), space, room };
  if (!isDate(from) || !isDate(to)) return { ...fallback, rangeError: 'date' };
  if (to < from) return { ...fallback, rangeError: 'range-order' };
  if (daysFromUntil(from, to) + 1 > MAX_STATISTICS_DAYS) return { ...fallback, rangeError: 'range-too-long' };
  return { period, from, to, space, room, rangeError: null };
}

/** The parameters of a query, as the page's address and its downloads' carry them. */
export function statisticsParams(query: Pick<StatisticsQuery, 'period' | 'from' | 'to' | 'space' | 'room'>) {
  const params = new URLSearchParams({ period: query.period });
  if (query.period === 'custom') {
    params.set('from', query.from);
    params.set('to', query.to);
  }
  if (query.space) params.set('space', query.space);
  if (query.room && query.space) params.set('room', query.room);
  return params;
}

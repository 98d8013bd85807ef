import { Hono, type Context } from 'hono';
import { AppError } from '#contract/errors';
import type { TLoadContext } from '#contract/load-context';
import type { Locale } from '#contract/locale';
import { readStatistics } from '#contract/statistics-request';
import { STAT_TABLE_IDS, statisticsTables } from '#contract/statistics-tables';
import { refusedDownload, type RequestEnv } from '../../platform/request-context';
import { namespaceTranslator } from '../../platform/translations';
import { tableCsv, tablesXlsx } from './statistics.export';

const FILE = /^([a-z-]+)\.(csv|xlsx)$/;
const noSuchFile = () => new AppError('not-found', 'No such file');

/** How a download calls the callables: as its caller, in their language (server/app.ts makes it). */
export type StatisticsCaller = (
  c: Context<RequestEnv>,
) => Promise<{ call: TLoadContext['call']; locale: Locale }>;

/**
 * `GET /api/statistics/<table>.csv|.xlsx?…` and `/api/statistics/all.xlsx?…`: /statistics's tables with
 * the page's own parameters (period, space, room), read through the same callables as the page, so the
 * same people may have them (anyone else: refusedDownload's 401 or 404). The file name says the table and
 * the period: `statistiques-occupancy-2026-11-01-2026-11-27.csv`.
 */
export function createStatisticsRoutes({ callerOf }: { callerOf: StatisticsCaller }) {
  const routes = new Hono<RequestEnv>();

  routes.get('/statistics/:file', async (c) => {
    try {
      const [, name = '', format] = FILE.exec(c.req.param('file') ?? '') ?? [];
      const whole = name === 'all' && format === 'xlsx';
      const table = STAT_TABLE_IDS.find((id) => id === name);
      if (!format || (!whole && !table)) throw noSuchFile();
      const { call, locale } = await callerOf(c);
      const { statistics } = await readStatistics(call, new URL(c.req.url).searchParams);
      const t = namespaceTranslator(locale, 'statistics');
      const tables = statisticsTables(statistics, t, locale).filter((item) => whole || item.id === table);
      const { from, to } = statistics.period;
      const filename = `${t('export.filename')}-${name}-${from}-${to}.${format}`;
      const headers = {
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      };
      if (format === 'csv') {
        return c.body(tableCsv(tables[0]!, t), 200, {
          ...headers,
          'Content-Type': 'text/csv; charset=utf-8',
        });
      }
      const bytes = await tablesXlsx(tables, t);
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        ...headers,
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      });
    } catch (error) {
      return refusedDownload(error);
    }
  });

  return routes;
}

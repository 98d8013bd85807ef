import { Hono } from 'hono';
import { activityFiltersFromParams, ZActivityFilters } from '#contract/activity';
import { REDIRECT_PARAM, LOGIN_PATH } from '#contract/auth';
import { todayIn } from '#contract/dates';
import { AppError, isAppError } from '#contract/errors';
import { DEFAULT_TIME_ZONE } from '#contract/spaces';
import type { Db } from '../../db/client';
import { fieldIssuesOf } from '../../platform/callables';
import { negotiateLocale } from '../../platform/locale';
import type { Logger } from '../../platform/log';
import type { SessionReader } from '../../platform/session';
import { activityCsv, exportFilename } from './activity.csv';

/**
 * `GET /activity/export.csv?…`: the feed's CSV with the page's own filters (the same query parameters),
 * checked as the `activity.list` callable checks them. A signed-out visitor is sent to the sign-in page
 * and back to the feed; a refused request gets the callable's error body and status.
 */
export function createActivityRoutes(options: {
  db: Db;
  readSession: SessionReader;
  log: Logger;
  clock?: () => Date;
}) {
  const clock = options.clock ?? (() => new Date());
  const routes = new Hono();

  routes.get('/export.csv', async (c) => {
    const session = await options.readSession(c.req.raw.headers);
    const url = new URL(c.req.url);
    if (!session) {
      const back = `/activity?${url.searchParams.toString()}`.replace(/\?$/, '');
      return c.redirect(`${LOGIN_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: back })}`, 302);
    }
    const refuse = (error: AppError) => c.json(error.toBody(), error.httpStatus as 400);
    const parsed = ZActivityFilters.safeParse(activityFiltersFromParams(url.searchParams));
    if (!parsed.success) {
      return refuse(
        new AppError('invalid-argument', 'Invalid filters', { fields: fieldIssuesOf(parsed.error) }),
      );
    }
    const locale = negotiateLocale({
      profileLocale: session.user.locale,
      cookieHeader: c.req.header('cookie'),
      acceptLanguage: c.req.header('accept-language'),
    });
    const chunks = activityCsv(
      { db: options.db, actor: session.user, viewerId: session.user.id },
      parsed.data,
      locale,
    );
    // The first piece runs the rights check and the first query: a refusal is an answer, not a cut file.
    let first: IteratorResult<string>;
    try {
      first = await chunks.next();
    } catch (error) {
      if (isAppError(error)) return refuse(error);
      throw error;
    }
    const log = options.log;
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (!first.done) controller.enqueue(encoder.encode(first.value));
      },
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        } catch (error) {
          log.error('activity export failed while streaming', { error });
          controller.error(error);
        }
      },
      async cancel() {
        await chunks.return(undefined);
      },
    });
    const filename = exportFilename(locale, todayIn(DEFAULT_TIME_ZONE, clock()));
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  return routes;
}

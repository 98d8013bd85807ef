import { Hono } from 'hono';
import { activityFiltersFromParams, ZActivityFilters } from '#contract/activity';
import { REDIRECT_PARAM, LOGIN_PATH } from '#contract/auth';
import { todayIn } from '#contract/dates';
import { AppError, isAppError } from '#contract/errors';
import { DEFAULT_TIME_ZONE } from '#contract/spaces';
import { fieldIssuesOf } from '../../platform/callables';
import { appErrorResponse, type RequestContexts, type RequestEnv } from '../../platform/request-context';
import { activityCsv, exportFilename } from './activity.csv';

/**
 * `GET /activity/export.csv?…`: the feed's CSV with the page's own filters (the same query parameters),
 * checked as the `activity.list` callable checks them. A signed-out visitor is sent to the sign-in page
 * and back to the feed; a refused request gets the callable's error body and status, as the feed's page
 * shows it (unlike a file download's, `refusedDownload`: the feed tells what its filters may not show).
 */
export function createActivityRoutes({ contextOf }: { contextOf: RequestContexts }) {
  const routes = new Hono<RequestEnv>();

  routes.get('/export.csv', async (c) => {
    const { ctx, session } = await contextOf(c);
    const url = new URL(c.req.url);
    if (!session) {
      const back = `/activity?${url.searchParams.toString()}`.replace(/\?$/, '');
      return c.redirect(`${LOGIN_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: back })}`, 302);
    }
    const parsed = ZActivityFilters.safeParse(activityFiltersFromParams(url.searchParams));
    if (!parsed.success) {
      return appErrorResponse(
        new AppError('invalid-argument', 'Invalid filters', { fields: fieldIssuesOf(parsed.error) }),
      );
    }
    const { locale } = ctx;
    const chunks = activityCsv(
      { db: ctx.db, actor: session.user, viewerId: session.user.id },
      parsed.data,
      locale,
    );
    // The first piece runs the rights check and the first query: a refusal is an answer, not a cut file.
    let first: IteratorResult<string>;
    try {
      first = await chunks.next();
    } catch (error) {
      if (isAppError(error)) return appErrorResponse(error);
      throw error;
    }
    const log = ctx.log;
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
    const filename = exportFilename(locale, todayIn(DEFAULT_TIME_ZONE, ctx.now));
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  return routes;
}

import { Hono } from 'hono';
import { AppError } from '#contract/errors';
import { isUuid } from '#contract/input';
import { requireSignedIn } from '../../platform/policy';
import { downloadHandler, type RequestContexts, type RequestEnv } from '../../platform/request-context';
import { feedCalendar } from './feed.service';
import { reservationsCalendar } from './ics';
import { visibleRecord } from './lifecycle.service';

const ICS_FILE = /^([A-Za-z0-9_-]+)\.ics$/;
const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
const noSuchFile = () => new AppError('not-found', 'No such calendar');

/**
 * Calendar files over plain GET (calendar applications cannot call our POST API):
 * - `/api/calendar/<secret>.ics`: a member's personal feed, authenticated by its secret alone;
 * - `/api/reservations/<id>.ics`: one reservation, for its member or a manager (session cookie).
 */
export function createCalendarRoutes(options: { contextOf: RequestContexts; baseUrl: string }) {
  const { contextOf, baseUrl } = options;
  const routes = new Hono<RequestEnv>();

  routes.get(
    '/calendar/:file',
    downloadHandler(contextOf, async (c, { ctx }) => {
      const token = ICS_FILE.exec(c.req.param('file') ?? '')?.[1];
      if (!token) throw noSuchFile();
      const body = await feedCalendar(ctx.db, token, baseUrl, ctx.now);
      if (body === null) throw noSuchFile();
      return c.body(body, 200, {
        'Content-Type': CALENDAR_TYPE,
        // Private to its holder; calendar applications poll, a few minutes of caching spares us.
        'Cache-Control': 'private, max-age=300',
        'Referrer-Policy': 'no-referrer',
      });
    }),
  );

  routes.get(
    '/reservations/:file',
    downloadHandler(contextOf, async (c, { ctx }) => {
      const id = ICS_FILE.exec(c.req.param('file') ?? '')?.[1];
      if (!isUuid(id)) throw noSuchFile();
      const { record } = await visibleRecord({ db: ctx.db, actor: requireSignedIn(ctx.actor) }, id);
      const body = reservationsCalendar([record], { locale: ctx.locale, baseUrl, now: ctx.now });
      return c.body(body, 200, {
        'Content-Type': CALENDAR_TYPE,
        'Content-Disposition': `attachment; filename="escale-${id.slice(0, 8)}.ics"`,
        'Cache-Control': 'private, no-store',
      });
    }),
  );

  return routes;
}

import { Hono } from 'hono';
import { isAppError } from '#contract/errors';
import { isUuid } from '#contract/input';
import { DEFAULT_LOCALE, isLocale } from '#contract/locale';
import type { Db } from '../../db/client';
import { requireSignedIn } from '../../platform/policy';
import type { SessionReader } from '../../platform/session';
import { feedCalendar } from './feed.service';
import { reservationsCalendar } from './ics';
import { visibleRecord } from './lifecycle.service';

const ICS_FILE = /^([A-Za-z0-9_-]+)\.ics$/;
const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/**
 * Calendar files over plain GET (calendar applications cannot call our POST API):
 * - `/api/calendar/<secret>.ics`: a member's personal feed, authenticated by its secret alone;
 * - `/api/reservations/<id>.ics`: one reservation, for its member or a manager (session cookie).
 */
export function createCalendarRoutes(options: {
  db: Db;
  readSession: SessionReader;
  baseUrl: string;
  clock?: () => Date;
}) {
  const { db } = options;
  const clock = options.clock ?? (() => new Date());
  const routes = new Hono();
  const notFound = () =>
    new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

  routes.get('/calendar/:file', async (c) => {
    const token = ICS_FILE.exec(c.req.param('file'))?.[1];
    if (!token) return notFound();
    const body = await feedCalendar(db, token, options.baseUrl, clock());
    if (body === null) return notFound();
    return c.body(body, 200, {
      'Content-Type': CALENDAR_TYPE,
      // Private to its holder; calendar applications poll, a few minutes of caching spares us.
      'Cache-Control': 'private, max-age=300',
      'Referrer-Policy': 'no-referrer',
    });
  });

  routes.get('/reservations/:file', async (c) => {
    const id = ICS_FILE.exec(c.req.param('file'))?.[1];
    if (!isUuid(id)) return notFound();
    const actor = (await options.readSession(c.req.raw.headers))?.user ?? null;
    let record;
    try {
      ({ record } = await visibleRecord({ db, actor: requireSignedIn(actor) }, id));
    } catch (error) {
      if (isAppError(error)) {
        return error.code === 'unauthenticated' ? c.text('Sign-in required', 401) : notFound();
      }
      throw error;
    }
    const locale = isLocale(actor?.locale) ? actor.locale : DEFAULT_LOCALE;
    const body = reservationsCalendar([record], { locale, baseUrl: options.baseUrl, now: clock() });
    return c.body(body, 200, {
      'Content-Type': CALENDAR_TYPE,
      'Content-Disposition': `attachment; filename="escale-${id.slice(0, 8)}.ics"`,
      'Cache-Control': 'private, no-store',
    });
  });

  return routes;
}

import { Hono } from 'hono';
import { isAppError } from '#contract/errors';
import { isUuid } from '#contract/input';
import { DEFAULT_LOCALE, isLocale } from '#contract/locale';
import type { Db } from '../../db/client';
import { log } from '../../platform/log';
import type { SessionReader } from '../../platform/session';
import { eventCalendar } from './event-ics';
import { getEventPage } from './event-pages.service';

const ICS_FILE = /^([0-9a-f-]+)\.ics$/i;

/**
 * `/api/events/<id>.ics`: an event's calendar file, the page's "add to calendar" (a plain GET: calendar
 * applications and downloads cannot call the POST API). Whoever may see the page may download it.
 */
export function createEventRoutes(options: {
  db: Db;
  readSession: SessionReader;
  baseUrl: string;
  clock?: () => Date;
}) {
  const clock = options.clock ?? (() => new Date());
  const routes = new Hono();
  routes.get('/events/:file', async (c) => {
    const id = ICS_FILE.exec(c.req.param('file'))?.[1];
    if (!isUuid(id)) return c.text('Not found', 404);
    const actor = (await options.readSession(c.req.raw.headers))?.user ?? null;
    const locale = isLocale(actor?.locale) ? actor.locale : DEFAULT_LOCALE;
    const now = clock();
    let page;
    try {
      page = await getEventPage(
        { db: options.db, actor, now, locale, log, requestId: null, clientAddress: null },
        id,
      );
    } catch (error) {
      if (isAppError(error)) return c.text('Not found', 404);
      throw error;
    }
    const body = eventCalendar(
      {
        id: page.id,
        titleFr: page.titleFr,
        titleEn: page.titleEn,
        startsAt: new Date(page.startsAt),
        endsAt: new Date(page.endsAt),
        status: page.status,
        timeZone: page.space.timeZone,
        location: [
          page.space.name,
          page.space.addressLine,
          `${page.space.postcode} ${page.space.city}`.trim(),
        ]
          .filter(Boolean)
          .join(', '),
        sequence: page.scheduleVersion,
      },
      { locale, baseUrl: options.baseUrl, now },
    );
    return c.body(body, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="event-${page.id}.ics"`,
      'Cache-Control': 'private, max-age=60',
    });
  });
  return routes;
}

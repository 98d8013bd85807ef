import { Hono } from 'hono';
import { AppError } from '#contract/errors';
import { isUuid } from '#contract/input';
import { downloadHandler, type RequestContexts, type RequestEnv } from '../../platform/request-context';
import { eventCalendar } from './event-ics';
import { getEventPage } from './event-pages.service';

const ICS_FILE = /^([0-9a-f-]+)\.ics$/i;

/**
 * `/api/events/<id>.ics`: an event's calendar file, the page's "add to calendar" (a plain GET: calendar
 * applications and downloads cannot call the POST API). Whoever may see the page may download it.
 */
export function createEventRoutes(options: { contextOf: RequestContexts; baseUrl: string }) {
  const routes = new Hono<RequestEnv>();
  routes.get(
    '/events/:file',
    downloadHandler(options.contextOf, async (c, { ctx }) => {
      const id = ICS_FILE.exec(c.req.param('file') ?? '')?.[1];
      if (!isUuid(id)) throw new AppError('not-found', 'No such event');
      const page = await getEventPage(ctx, id);
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
        { locale: ctx.locale, baseUrl: options.baseUrl, now: ctx.now },
      );
      return c.body(body, 200, {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="event-${page.id}.ics"`,
        'Cache-Control': 'private, max-age=60',
      });
    }),
  );
  return routes;
}

import { Hono } from 'hono';
import { AppError } from '#contract/errors';
import { isUuid } from '#contract/input';
import { requireSignedIn } from '../../platform/policy';
import { downloadHandler, type RequestContexts, type RequestEnv } from '../../platform/request-context';
import { collectionFile } from './collections.service';

/**
 * `/api/sepa/collections/<id>/pain.008.xml`: a collection's file, as generated, for a manager of its space
 * (anyone else is told it does not exist: server/platform/request-context.ts, `refusedDownload`).
 */
export function createSepaRoutes({ contextOf }: { contextOf: RequestContexts }) {
  const routes = new Hono<RequestEnv>();
  routes.get(
    '/sepa/collections/:id/pain.008.xml',
    downloadHandler(contextOf, async (c, { ctx }) => {
      const id = c.req.param('id');
      if (!isUuid(id)) throw new AppError('not-found', 'No such file');
      requireSignedIn(ctx.actor);
      const file = await collectionFile(ctx, id);
      return c.body(file.document, 200, {
        'Content-Type': 'application/xml; charset=utf-8',
        'Content-Disposition': `attachment; filename="${file.fileName}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    }),
  );
  return routes;
}

import { Hono } from 'hono';
import { SERVER_TIME_HEADER } from '#contract/door-displays';
import { AppError, isAppError } from '#contract/errors';
import type { Db } from '../../db/client';
import { appErrorResponse, serviceContextOf, type RequestEnv } from '../../platform/request-context';
import { displayVersion, readDisplay, type DisplayDeps } from './display-state.service';

/**
 * `GET /api/door-displays/<secret>/state`: what a door display polls (docs/decisions/035-door-displays.md).
 * Answers 304 Not Modified from one small query when the display already shows the current version (its
 * `If-None-Match`), else the state with its `ETag`. Nobody is signed in on a display: no session is read.
 */
export function createDoorDisplayRoutes(options: {
  db: Db;
  clock: () => Date;
  baseUrl: string;
  deps: DisplayDeps;
}) {
  const routes = new Hono<RequestEnv>();
  routes.get('/:token/state', async (c) => {
    const ctx = serviceContextOf(c, null, { db: options.db, clock: options.clock });
    const token = c.req.param('token');
    const headers = {
      // Always asked again (the ETag makes it cheap); never kept by a shared cache: the path is a secret.
      'Cache-Control': 'private, no-cache',
      'Referrer-Policy': 'no-referrer',
      [SERVER_TIME_HEADER]: ctx.now.toISOString(),
    };
    try {
      const version = await displayVersion(ctx, token);
      if (version === null) throw new AppError('not-found', 'No such display');
      const etag = `"${version}"`;
      if (c.req.header('if-none-match') === etag) return c.body(null, 304, { ...headers, ETag: etag });
      const view = await readDisplay(ctx, options.deps, { token, baseUrl: options.baseUrl });
      return c.json(view, 200, { ...headers, ETag: etag });
    } catch (error) {
      if (isAppError(error)) return appErrorResponse(error);
      ctx.log.error('door display state failed', { error });
      return appErrorResponse(new AppError('internal', 'Internal error'));
    }
  });
  return routes;
}

import { Hono } from 'hono';
import { ZFileKey } from '#contract/storage';
import type { Db } from '../../db/client';
import { notFoundResponse } from '../../platform/request-context';
import type { FileStore } from '../../platform/storage';
import { findPhotoFile } from './photo-files.service';

/** Keys are random and never reused: a photo's bytes never change under its URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `GET /media/<key>`: the photos of spaces and rooms, for anyone (public pages and link previews). The
 * response is locked down so even an SVG cannot run anything when opened on its own.
 */
export function createMediaRoutes({ db, store }: { db: Db; store: FileStore }) {
  const routes = new Hono();
  routes.get('/:key', async (c) => {
    const key = c.req.param('key');
    if (!ZFileKey.safeParse(key).success) return notFoundResponse();
    const photo = await findPhotoFile(db, key);
    const bytes = photo ? await store.get(key) : null;
    if (!photo || !bytes) return notFoundResponse();
    return new Response(Buffer.from(bytes), {
      headers: {
        'Content-Type': photo.contentType,
        'Content-Length': String(bytes.length),
        'Cache-Control': IMMUTABLE,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      },
    });
  });
  return routes;
}

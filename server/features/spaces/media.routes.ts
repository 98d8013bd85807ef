import { Hono } from 'hono';
import { PHOTO_WIDTHS } from '#contract/image-variants';
import { ZFileKey } from '#contract/storage';
import type { Db } from '../../db/client';
import { notFoundResponse } from '../../platform/request-context';
import { imageAtWidth } from '../../platform/images';
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
    if (!photo) return notFoundResponse();
    // `?w=<width>`: the photo at one of the widths pages list in `srcset` (contract/image-variants.ts).
    const width = c.req.query('w');
    const image =
      width === undefined
        ? { bytes: await store.get(key), contentType: photo.contentType }
        : await imageAtWidth(store, { key, contentType: photo.contentType }, Number(width), PHOTO_WIDTHS);
    const bytes = image?.bytes;
    if (!image || !bytes) return notFoundResponse();
    return new Response(Buffer.from(bytes), {
      headers: {
        'Content-Type': image.contentType,
        'Content-Length': String(bytes.length),
        'Cache-Control': IMMUTABLE,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      },
    });
  });
  return routes;
}

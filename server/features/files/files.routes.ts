import { Hono, type Context } from 'hono';
import { isAppError } from '#contract/errors';
import { FILE_PURPOSES, isFilePurpose, StorageError, ZFileKey } from '#contract/storage';
import { variantWidthsOf } from '#contract/image-variants';
import { readBodyUpTo } from '../../platform/body-limit';
import { imageAtWidth } from '../../platform/images';
import { requireSignedIn } from '../../platform/policy';
import type { RequestContexts, RequestEnv } from '../../platform/request-context';
import type { FileStore } from '../../platform/storage';
import { deleteOwnFile, readableFile, storeUpload } from '../../platform/stored-files';

export interface FileRoutesDeps {
  store: FileStore;
  /** The request's context (server/platform/request-context.ts): the caller, and `now` for rules that depend on it. */
  contextOf: RequestContexts;
}

/** An upload's bytes, refused as too large as soon as they pass `maxBytes` (the rest is never buffered). */
async function uploadedBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  const bytes = await readBodyUpTo(request, maxBytes);
  if (!bytes)
    throw new StorageError('storage/quota-exceeded', 'File too large', { reason: 'size', maxBytes });
  return bytes;
}

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * `POST /api/files?purpose=avatar&name=<file name>` with the file as the raw body (so the browser can report
 * upload progress); `GET /api/files/:key`; `DELETE /api/files/:key`. Errors use the `storage/…` codes.
 */
export function createFileRoutes({ store, contextOf }: FileRoutesDeps) {
  const routes = new Hono<RequestEnv>();

  function fail(c: Context<RequestEnv>, error: unknown) {
    if (error instanceof StorageError) return c.json(error.toBody(), error.httpStatus as 400);
    // The policy's refusals (server/platform/policy.ts), in the storage API's codes.
    if (isAppError(error) && error.code === 'unauthenticated') {
      return fail(c, new StorageError('storage/unauthenticated', 'Sign-in required'));
    }
    c.get('log').error('file request failed', { error });
    return c.json(new StorageError('storage/unknown', 'Internal error').toBody(), 500);
  }

  routes.post('/', async (c) => {
    try {
      const { ctx } = await contextOf(c);
      const user = requireSignedIn(ctx.actor);
      const purpose = c.req.query('purpose');
      if (!isFilePurpose(purpose)) {
        throw new StorageError('storage/invalid-argument', 'Unknown upload purpose', { reason: 'purpose' });
      }
      const bytes = await uploadedBytes(c.req.raw, FILE_PURPOSES[purpose].maxBytes);
      const uploaded = await storeUpload(ctx.db, store, {
        ownerId: user.id,
        purpose,
        bytes,
        fileName: c.req.query('name') ?? null,
      });
      return c.json(uploaded, 201);
    } catch (error) {
      return fail(c, error);
    }
  });

  routes.get('/:key', async (c) => {
    try {
      const key = c.req.param('key');
      if (!ZFileKey.safeParse(key).success)
        throw new StorageError('storage/object-not-found', 'No such file');
      const { ctx } = await contextOf(c);
      const file = await readableFile(ctx.db, ctx.actor, key, ctx.now);
      // `?w=<width>`: an image at one of the widths pages list in `srcset` (contract/image-variants.ts).
      const width = c.req.query('w');
      const image =
        width === undefined
          ? { bytes: await store.get(file.key), contentType: file.contentType }
          : isFilePurpose(file.purpose) && file.contentType.startsWith('image/')
            ? await imageAtWidth(store, file, Number(width), variantWidthsOf(file.purpose))
            : null;
      const bytes = image?.bytes;
      if (!image || !bytes) throw new StorageError('storage/object-not-found', 'No such file');
      const kind = file.contentType.startsWith('image/') ? 'inline' : 'attachment';
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': image.contentType,
        'Content-Length': String(bytes.length),
        'Content-Disposition': contentDisposition(kind, file.fileName),
        'X-Content-Type-Options': 'nosniff',
        // Who may read it is decided per request: only the browser that asked keeps a copy.
        'Cache-Control': 'private, max-age=3600',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      });
    } catch (error) {
      return fail(c, error);
    }
  });

  routes.delete('/:key', async (c) => {
    try {
      const { ctx } = await contextOf(c);
      const actor = requireSignedIn(ctx.actor);
      const key = c.req.param('key');
      if (!ZFileKey.safeParse(key).success)
        throw new StorageError('storage/object-not-found', 'No such file');
      await deleteOwnFile(ctx.db, store, actor, key);
      return c.body(null, 204);
    } catch (error) {
      return fail(c, error);
    }
  });

  return routes;
}

import type { Context, MiddlewareHandler } from 'hono';
import { IncomingMessage } from 'node:http';
import { AppError } from '#contract/errors';

/** The largest request body any route reads (callables, sign-in, forms); uploads have their own limits. */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

export interface BodyLimitOptions {
  maxBytes?: number;
  /** Path prefixes that read their own bodies with their own (larger) limit, such as uploads. */
  exempt?: string[];
}

/**
 * The refusal closes the connection: the rest of the body was never read, so the connection cannot carry
 * another request, and the answer says so rather than leaving the client to find a dead socket. The
 * server reads and drops what the client still sends until it stops (server/platform/http-server.ts), so
 * the client always receives this answer.
 */
function tooLarge(c: Context, maxBytes: number): Response {
  const error = new AppError('invalid-argument', 'Request body too large', { maxBytes });
  return c.json(error.toBody(), error.httpStatus as 400, { Connection: 'close' });
}

/**
 * A request's body, read up to `maxBytes`: `null` when its declared `Content-Length` is above, without reading
 * anything, or as soon as what it streams passes it (the rest is never buffered: what the client still
 * sends after the refusal is read and dropped by the HTTP server, server/platform/http-server.ts).
 */
export async function readBodyUpTo(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return body;
}

/**
 * Whether a request that came over Node's HTTP server is already held within `maxBytes` by the length it
 * declared: without chunked transfer, the HTTP parser reads exactly the `Content-Length` bytes (none without
 * one) as the body, whatever else the client sends. Such a body is left for the route to read: reading it
 * here made a second copy of the request, and even asking whether there is a body builds the web `Request`
 * that Hono's node server otherwise builds only when needed (docs/decisions/036). Requests made in-process
 * (`app.request`, tests) carry no declared length to trust and are counted as they stream.
 */
function boundByItsLength(c: Context, maxBytes: number): boolean {
  const overHttp = Boolean((c.env as { incoming?: unknown } | undefined)?.incoming);
  if (!overHttp || c.req.raw.headers.has('transfer-encoding')) return false;
  const declared = c.req.raw.headers.get('content-length');
  return declared === null || (/^\d+$/.test(declared) && Number(declared) <= maxBytes);
}

/**
 * The text of a request's body read straight from Node's stream, for a request that came over Node's HTTP
 * server already held within `maxBytes` by its declared length (`boundByItsLength`), its body not yet read:
 * no web `Request` is built for it (Hono's node server builds one, with a web stream over the Node stream,
 * as soon as anything asks for the body), and its bytes are decoded once (docs/decisions/036). Null for any
 * other request (in-process, chunked, or already being read): its route reads it through `c.req` as usual,
 * `limitRequestBody` having bounded it.
 */
export async function bodyTextOverHttp(c: Context, maxBytes: number): Promise<string | null> {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (!(incoming instanceof IncomingMessage) || !boundByItsLength(c, maxBytes)) return null;
  if (incoming.readableDidRead || incoming.listenerCount('data') > 0) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
}

/**
 * One body limit for every route, enforced while reading: a declared `Content-Length` above it is refused
 * before reading anything, a streamed body as soon as it passes it. The accepted body is handed on in
 * memory (at most `maxBytes`), so handlers read it as usual.
 */
export function limitRequestBody({
  maxBytes = MAX_REQUEST_BODY_BYTES,
  exempt = [],
}: BodyLimitOptions = {}): MiddlewareHandler {
  return async (c, next) => {
    const request = c.req.raw;
    if (boundByItsLength(c, maxBytes)) return next();
    if (!request.body) return next();
    const path = c.req.path;
    if (exempt.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return next();

    const body = await readBodyUpTo(request, maxBytes);
    if (!body) return tooLarge(c, maxBytes);
    c.req.raw = new Request(request, { body });
    return next();
  };
}

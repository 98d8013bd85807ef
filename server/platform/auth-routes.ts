import { createHash } from 'node:crypto';
import { AppError } from '#contract/errors';
import { holdsUnstorableText, isStorableText } from '#contract/input';
import type { Db } from '../db/client';
import { AUTH_BASE_PATH, CLIENT_ADDRESS_HEADER, REQUEST_ID_HEADER, type Auth } from './auth';
import { AUTH_PATH_RULES, type AuthPathRule } from './auth-rate-limits';
import { consumeRateLimit, peekRateLimit } from './rate-limit';

export interface AuthHandlerDeps {
  auth: Auth;
  db: Db;
  pathRules?: Record<string, AuthPathRule>;
}

const MAX_AUTH_BODY_BYTES = 16 * 1024;

/** `resource-exhausted` in our error shape (better-auth's own 429 is rewritten to it too). */
function tooManyRequests(retryAfterSeconds: number): Response {
  const error = new AppError('resource-exhausted', 'Too many attempts, try again later', {
    retryAfterSeconds,
  });
  return Response.json(error.toBody(), {
    status: error.httpStatus,
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

function emailIn(body: Uint8Array): string | null {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(body)) as { email?: unknown };
    return typeof parsed.email === 'string' && parsed.email.trim() ? parsed.email.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * better-auth stores what it is sent as it is: a NUL would fail in the database and a lone surrogate be
 * silently replaced. Such text anywhere in the address or the JSON body is refused here, as the callables
 * refuse it (contract/input.ts).
 */
function holdsUnstorableInput(url: URL, body: Uint8Array | undefined): boolean {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return true;
  }
  if (!isStorableText(path) || [...url.searchParams].some((pair) => holdsUnstorableText(pair))) return true;
  if (!body?.length) return false;
  try {
    return holdsUnstorableText(JSON.parse(new TextDecoder().decode(body)));
  } catch {
    return false;
  }
}

/** Where better-auth sends the browser next, in a link's query (a confirmation link's `callbackURL`). */
const CALLBACK_PARAMS = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'];

/**
 * better-auth lets any callback through its origin check that is not absolute, then fails (500) on one
 * that is not a path either (`callbackURL=abc`). A callback must be a path of this site or an http(s) URL
 * (which better-auth then checks against the trusted origins).
 */
function holdsUnusableCallback(url: URL): boolean {
  return CALLBACK_PARAMS.some((name) =>
    url.searchParams.getAll(name).some((value) => {
      if (value.startsWith('/')) return value.startsWith('//') || value.startsWith('/\\');
      return !(URL.canParse(value) && /^https?:$/.test(new URL(value).protocol));
    }),
  );
}

/** Counter keys hold a digest, so the table never stores an e-mail address. */
function emailKey(path: string, email: string): string {
  return `email|${path}|${createHash('sha256').update(email).digest('base64url')}`;
}

/**
 * The request's headers as better-auth gets them: with the caller's address (for its rate limits and the
 * sessions it records) and the request's id (for the activity entries its hooks write), both ours alone,
 * never the client's.
 */
export function withRequestFacts(
  original: Headers,
  facts: { clientAddress?: string | null; requestId?: string | null },
): Headers {
  const headers = new Headers(original);
  headers.delete(CLIENT_ADDRESS_HEADER);
  headers.delete(REQUEST_ID_HEADER);
  if (facts.clientAddress) headers.set(CLIENT_ADDRESS_HEADER, facts.clientAddress);
  if (facts.requestId) headers.set(REQUEST_ID_HEADER, facts.requestId);
  return headers;
}

/**
 * Serves `/api/auth/*` with better-auth, adding what it lacks: the caller's address from the socket (never
 * from a header the client could forge), per-e-mail rate limits, and `resource-exhausted` answers.
 */
export function createAuthHandler({ auth, db, pathRules = AUTH_PATH_RULES }: AuthHandlerDeps) {
  return async (
    request: Request,
    clientAddress: string | undefined,
    requestId?: string,
  ): Promise<Response> => {
    const path = new URL(request.url).pathname.slice(AUTH_BASE_PATH.length) || '/';
    const headers = withRequestFacts(request.headers, { clientAddress, requestId });

    let body: Uint8Array | undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      body = new Uint8Array(await request.arrayBuffer());
      if (body.length > MAX_AUTH_BODY_BYTES) {
        return Response.json(new AppError('invalid-argument', 'Request body too large').toBody(), {
          status: 400,
        });
      }
    }

    const url = new URL(request.url);
    if (holdsUnstorableInput(url, body) || holdsUnusableCallback(url)) {
      const error = new AppError(
        'invalid-argument',
        'Refused: text that cannot be stored, or a callback that is not a URL',
      );
      return Response.json(error.toBody(), { status: error.httpStatus });
    }

    const perEmail = request.method === 'POST' ? pathRules[path]?.perEmail : undefined;
    const email = perEmail && body ? emailIn(body) : null;
    if (perEmail && email) {
      const key = emailKey(path, email);
      const verdict =
        perEmail.counts === 'failures'
          ? await peekRateLimit(db, key, perEmail)
          : await consumeRateLimit(db, key, perEmail);
      if (!verdict.allowed) return tooManyRequests(verdict.retryAfterSeconds);
    }

    const response = await auth.handler(
      new Request(request.url, { method: request.method, headers, body: body as BodyInit | undefined }),
    );

    if (perEmail?.counts === 'failures' && email && response.status === 401) {
      await consumeRateLimit(db, emailKey(path, email), perEmail);
    }
    if (response.status === 429) {
      return tooManyRequests(Number(response.headers.get('x-retry-after')) || 60);
    }
    return response;
  };
}

import type { Context, Handler } from 'hono';
import { isAppError, type AppError } from '#contract/errors';
import type { Db } from '../db/client';
import { clientAddressOf } from './client-address';
import { negotiateLocale } from './locale';
import { log as rootLog, type Logger } from './log';
import type { ServiceContext } from './service-context';
import type { Session, SessionReader } from './session';

/** What the app's first middleware sets on every request (server/app.ts): its id, its nonce, its logger. */
export type RequestEnv = { Variables: { requestId: string; nonce: string; log: Logger } };

/** A request as services see it: its service context, and the session it came with. */
export interface RequestContext {
  ctx: ServiceContext;
  session: Session | null;
}

/** The request → service context factory: what the callables, the pages and every GET route use. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's path: the context reads no parameter
export type RequestContexts = (c: Context<RequestEnv, any>) => Promise<RequestContext>;

export interface RequestContextDeps {
  db: Db;
  readSession: SessionReader;
  /** What time it is: each request's `now` (tests fix it); the machine's clock by default. */
  clock?: () => Date;
  /** Whether to read the caller's address from `X-Forwarded-For` (config's `TRUST_PROXY`). */
  trustProxy?: boolean;
}

/**
 * The service context of a request whose session is read: the database, the caller, one `now`, the
 * language (the one rule: profile, then the `lang` cookie, then `Accept-Language`, then French), the
 * request's logger, id and address. A route mounted without the app's middleware (a test) logs with the
 * root logger and has no request id.
 */
export function serviceContextOf(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's path: the context reads no parameter
  c: Context<RequestEnv, any>,
  session: Session | null,
  deps: Pick<RequestContextDeps, 'db' | 'clock' | 'trustProxy'>,
): ServiceContext {
  const requestId: string | undefined = c.get('requestId');
  const log: Logger | undefined = c.get('log');
  return {
    db: deps.db,
    actor: session?.user ?? null,
    now: (deps.clock ?? (() => new Date()))(),
    locale: negotiateLocale({
      profileLocale: session?.user.locale,
      cookieHeader: c.req.header('cookie'),
      acceptLanguage: c.req.header('accept-language'),
    }),
    log: log ?? rootLog,
    requestId: requestId ?? null,
    clientAddress: clientAddressOf(c, deps.trustProxy ?? false) ?? null,
  };
}

/** Reads the request's session and makes its service context. */
export function createRequestContexts(deps: RequestContextDeps): RequestContexts {
  return async (c) => {
    const session = await deps.readSession(c.req.raw.headers);
    return { session, ctx: serviceContextOf(c, session, deps) };
  };
}

const plainText = (body: string, status: number) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/** The answer for a file that is not there (or not there for whoever asks). */
export function notFoundResponse(): Response {
  return plainText('Not found', 404);
}

/** A service's refusal as the callables answer it: the error's body at its HTTP status. */
export function appErrorResponse(error: AppError): Response {
  return Response.json(error.toBody(), { status: error.httpStatus });
}

/**
 * How a GET route serving a file (a PDF, a calendar file, a CSV, an archive) answers a refusal: 401 for a
 * caller who must sign in, 400 with the callables' body (its field issues) for a request that does not say
 * what it wants, and 404 for anything else — a file someone may not have does not exist for them. Anything
 * that is not a refusal is thrown on, for the app to log.
 */
export function refusedDownload(error: unknown): Response {
  if (!isAppError(error)) throw error;
  if (error.code === 'unauthenticated') return plainText('Sign-in required', 401);
  if (error.code === 'invalid-argument') return appErrorResponse(error);
  return notFoundResponse();
}

/**
 * A GET route that serves a file: the handler gets the request's context and throws AppError to refuse
 * (`not-found`, `permission-denied`, `unauthenticated`, `invalid-argument`); `refusedDownload` answers.
 */
export function downloadHandler(
  contextOf: RequestContexts,
  serve: (c: Context<RequestEnv>, request: RequestContext) => Promise<Response>,
): Handler<RequestEnv> {
  return async (c) => {
    try {
      return await serve(c, await contextOf(c));
    } catch (error) {
      return refusedDownload(error);
    }
  };
}

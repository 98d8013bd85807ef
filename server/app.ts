import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX, compress } from 'hono/compress';
import { randomUUID } from 'node:crypto';
import { createRequestHandler, data, type AppLoadContext, type ServerBuild } from 'react-router';
import { AppError, isAppError } from '#contract/errors';
import type { TLoadContext, TViewer } from '#contract/load-context';
import type { Database } from './db/client';
import { createActivityRoutes } from './features/activity/activity.routes';
import { createStatisticsRoutes } from './features/statistics/statistics.routes';
import { createFileRoutes } from './features/files/files.routes';
import { createInvoiceRoutes } from './features/invoices/invoices.routes';
import { createSepaRoutes } from './features/sepa/sepa.routes';
import { createEventRoutes } from './features/events/events.routes';
import { createCalendarRoutes } from './features/reservations/calendar.routes';
import { createDoorDisplayRoutes } from './features/door-displays/door-displays.routes';
import { doorDisplayDeps } from './door-display-deps';
import { createMediaRoutes } from './features/spaces/media.routes';
import { findBrandingForHost } from './features/tenancy/tenancy.service';
import type { Auth } from './platform/auth';
import { createAuthHandler } from './platform/auth-routes';
import { bodyTextOverHttp, limitRequestBody, MAX_REQUEST_BODY_BYTES } from './platform/body-limit';
import { callWith, type CallableRouter, type CallContext } from './platform/callables';
import { clientAddressOf } from './platform/client-address';
import type { Config } from './platform/config';
import { refuseCrossOriginMutations } from './platform/origin-check';
import {
  appErrorResponse,
  createRequestContexts,
  serviceContextOf,
  type RequestEnv,
} from './platform/request-context';
import { routeRules, SITE_ROUTE_RULES } from './platform/route-rules';
import { log as rootLog } from './platform/log';
import { createNonce, securityHeaders } from './platform/security-headers';
import type { Session, SessionReader } from './platform/session';
import type { FileStore } from './platform/storage';

export interface AppOptions {
  database: Database;
  config: Config;
  router: CallableRouter;
  readSession: SessionReader;
  getServerBuild: () => Promise<ServerBuild>;
  mode: 'production' | 'development';
  /** Where the built browser assets are; absent in development (Vite serves them). */
  clientDir?: string;
  /** better-auth, served at `/api/auth/*` (absent in tests of other parts). */
  auth?: Auth;
  /** Uploaded files, served at `/api/files` (absent in tests of other parts). */
  fileStore?: FileStore;
  /** What time it is: each request's `now` (tests fix it); the machine's clock by default. */
  clock?: () => Date;
}

// Already bounded by limitRequestBody for every route; named here as the callables' own statement.
const MAX_CALLABLE_BODY_BYTES = MAX_REQUEST_BODY_BYTES;
const IMMUTABLE = 'public, max-age=31536000, immutable';
type DocumentHandler = ReturnType<typeof createRequestHandler>;

export function createApp(options: AppOptions) {
  const { database, config, router } = options;
  const clock = options.clock ?? (() => new Date());
  const app = new Hono<RequestEnv>();
  const development = options.mode === 'development';
  const https = config.baseUrl.startsWith('https:');

  app.use(async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    const nonce = createNonce();
    c.set('requestId', requestId);
    c.set('nonce', nonce);
    c.set('log', rootLog.child({ requestId }));
    await next();
    const headers = securityHeaders({
      nonce,
      gtm: Boolean(config.gtmContainerId),
      development,
      https,
      mapTileUrl: config.mapTileUrl,
    });
    setResponseHeaders(c, { 'X-Request-Id': requestId }, headers);
  });
  app.use(compress());
  // Runs before compress() looks at the response: see varyOnEncoding.
  app.use(async (c, next) => {
    await next();
    varyOnEncoding(c);
  });
  // Another site's page may not make a signed-in browser change anything here: the API, the auth endpoints
  // and the pages' own form posts (the language switch) alike, checked once before any route runs.
  app.use(refuseCrossOriginMutations(config));
  // Every route's body is bounded while it is read; uploads stream theirs against their own limits.
  app.use(limitRequestBody({ exempt: ['/api/files'] }));

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    try {
      await database.db.execute('select 1');
      return c.json({ status: 'ok', database: database.kind });
    } catch (error) {
      c.get('log').error('readiness check failed', { error });
      return c.json({ status: 'unavailable', database: database.kind }, 503);
    }
  });

  if (options.auth) {
    const handleAuth = createAuthHandler({ auth: options.auth, db: database.db });
    app.on(['GET', 'POST'], '/api/auth/*', (c) =>
      handleAuth(c.req.raw, clientAddressOf(c, config.trustProxy), c.get('requestId')),
    );
  }
  // Every GET route's service context, made as the callables' is (one locale rule, one clock).
  const contextOf = createRequestContexts({
    db: database.db,
    readSession: options.readSession,
    clock,
    trustProxy: config.trustProxy,
  });
  if (options.fileStore) {
    app.route('/api/files', createFileRoutes({ store: options.fileStore, contextOf }));
    // Photos of spaces and rooms, public (the rest of storage checks who asks).
    app.route('/media', createMediaRoutes({ db: database.db, store: options.fileStore }));
  }
  // Calendar files (.ics) for calendar applications and downloads: plain GETs.
  app.route('/api', createCalendarRoutes({ contextOf, baseUrl: config.baseUrl }));
  // Invoices' PDFs and the accountant's export: plain GETs, each checking who asks.
  app.route('/api', createInvoiceRoutes({ contextOf }));
  // SEPA collections' pain.008 files, for the space's managers.
  app.route('/api', createSepaRoutes({ contextOf }));
  app.route('/api', createEventRoutes({ contextOf, baseUrl: config.baseUrl }));
  // What a room's door display polls: its state, or 304 when it has not changed (no session is read).
  app.route(
    '/api/door-displays',
    createDoorDisplayRoutes({ db: database.db, clock, baseUrl: config.baseUrl, deps: doorDisplayDeps }),
  );
  // The activity feed's CSV export (a download link on /activity): a plain GET with the page's filters.
  app.route('/activity', createActivityRoutes({ contextOf }));
  // /statistics's tables as CSV and XLSX: plain GETs with the page's parameters, through the same callables.
  app.route(
    '/api',
    createStatisticsRoutes({
      callerOf: async (c) => {
        const ctx = callContextOf(c, await sessionOf(c));
        return { call: callWith(router, ctx), locale: ctx.locale };
      },
    }),
  );

  async function sessionOf(c: Context<RequestEnv>): Promise<Session | null> {
    return options.readSession(c.req.raw.headers);
  }

  function callContextOf(c: Context<RequestEnv>, session: Session | null): CallContext {
    return {
      ...serviceContextOf(c, session, { db: database.db, clock, trustProxy: config.trustProxy }),
      config,
      session,
      requestId: c.get('requestId'),
      headers: c.req.raw.headers,
    };
  }

  app.post('/api/fn/:name', async (c) => {
    let body: unknown;
    try {
      // Over Node's HTTP server within its declared length, read from Node's stream (no web Request);
      // any other body was read and bounded in memory by limitRequestBody, and is read through Hono.
      const text = await bodyTextOverHttp(c, MAX_CALLABLE_BODY_BYTES);
      body = text === null ? await c.req.json() : JSON.parse(text);
    } catch {
      return appErrorResponse(new AppError('invalid-argument', 'Request body is not valid JSON'));
    }
    if (!body || typeof body !== 'object' || Array.isArray(body) || !('data' in body)) {
      return appErrorResponse(
        new AppError('invalid-argument', 'Request body must be an object with a data field'),
      );
    }
    const name = c.req.param('name');
    try {
      const ctx = callContextOf(c, await sessionOf(c));
      const result = await router.invoke(name, (body as { data: unknown }).data, ctx);
      return c.json({ result });
    } catch (error) {
      if (isAppError(error)) return appErrorResponse(error);
      c.get('log').error('callable request failed', { callable: name, error });
      return appErrorResponse(new AppError('internal', 'Internal error'));
    }
  });
  app.all('/api/fn/*', () => appErrorResponse(new AppError('invalid-argument', 'Callables are POST only')));

  let productionBuild: Promise<ServerBuild> | undefined;
  const getBuild = development
    ? options.getServerBuild
    : () => (productionBuild ??= options.getServerBuild());

  if (options.clientDir) {
    const root = options.clientDir;
    // Hashed assets, sent as the build compressed them (`.br`, `.gz` beside each: scripts/precompress.ts).
    app.use(
      '/assets/*',
      serveStatic({
        root,
        precompressed: true,
        onFound: (_path, c) => c.header('Cache-Control', IMMUTABLE),
      }),
    );
    app.use(
      '/*',
      serveStatic({ root, onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=3600') }),
    );
  }

  // The running build's id: browsers compare it with theirs to notice a deployment (app/platform/build-freshness.ts).
  app.get('/api/build', async (c) => {
    const build = await getBuild();
    c.header('Cache-Control', 'no-store');
    return c.json({ buildId: build.assets.version });
  });

  // Site route rules redirect before any page renders (server/platform/route-rules.ts).
  app.use(routeRules(SITE_ROUTE_RULES));

  // React Router derives its routes, its data routes and its handlers from the build at every request when
  // it is given a function (development, where Vite replaces the build); given the build, it derives them
  // once. In production the build never changes: derived once, not at every page (decision 036).
  let productionHandler: Promise<DocumentHandler> | undefined;
  const handleDocument: DocumentHandler = development
    ? createRequestHandler(getBuild, options.mode)
    : async (request, loadContext) => {
        productionHandler ??= getBuild().then((build) => createRequestHandler(build, options.mode));
        return (await productionHandler)(request, loadContext);
      };

  app.all('*', async (c) => {
    const build = await getBuild();
    const session = await sessionOf(c);
    const ctx = callContextOf(c, session);
    const call = callWith(router, ctx);
    // Branding is decoration: when it cannot be read the page renders unbranded rather than failing.
    const tenant = await findBrandingForHost(ctx, c.req.header('host'), config.rootDomain).catch(
      (error: unknown) => {
        c.get('log').error('branding lookup failed', { error });
        return null;
      },
    );
    const viewer: TViewer | null = session
      ? {
          id: session.user.id,
          name: session.user.name,
          email: session.user.email,
          emailVerified: session.user.emailVerified,
          isAdmin: session.user.isAdmin,
          image: session.user.image,
        }
      : null;
    const loadContext: TLoadContext & AppLoadContext = {
      nonce: c.get('nonce'),
      locale: ctx.locale,
      requestId: ctx.requestId,
      tenant: tenant ? { subdomain: tenant.subdomain, details: tenant } : null,
      viewer,
      config: {
        baseUrl: config.baseUrl,
        rootDomain: config.rootDomain,
        allowedExternalHosts: config.allowedExternalHosts,
        gtmContainerId: config.gtmContainerId ?? null,
        mapTileUrl: config.mapTileUrl ?? null,
        mapTileAttribution: config.mapTileAttribution ?? null,
        buildId: build.assets.version,
      },
      log: c.get('log'),
      // A loader's failed call becomes the route's error response, so its error boundary shows the right page.
      call: async (def, input) => {
        try {
          return await call(def, input);
        } catch (error) {
          if (isAppError(error)) throw data(error.toBody(), { status: pageStatusOf(error, c.req.method) });
          throw error;
        }
      },
    };
    return handleDocument(c.req.raw, loadContext);
  });

  return app;
}

/**
 * Sets headers on the response a route made, each of `kept` only where the route did not set it. Set on the
 * response's own headers: Hono's `c.header` on a finished response copies it into a new one first (for a
 * response whose headers cannot change, one that `fetch` answered), and on Hono's node server that copy
 * makes the cheap string response a full web Response whose body is then read back through a web stream,
 * once per header (docs/decisions/036). A response whose headers cannot change gets them through Hono.
 */
function setResponseHeaders(
  c: Context<RequestEnv>,
  set: Record<string, string>,
  kept: Record<string, string>,
): void {
  try {
    const headers = c.res.headers;
    for (const [name, value] of Object.entries(set)) headers.set(name, value);
    for (const [name, value] of Object.entries(kept)) if (!headers.has(name)) headers.set(name, value);
  } catch {
    for (const [name, value] of Object.entries(set)) c.header(name, value);
    for (const [name, value] of Object.entries(kept)) if (!c.res.headers.has(name)) c.header(name, value);
  }
}

/**
 * `Vary: Accept-Encoding` on a response compress() may compress, set on the response's own headers: compress()
 * adds it with `c.header` otherwise, even when the client accepts no encoding (an API client), which made the
 * response a full web Response read back through a web stream (see setResponseHeaders). With it already
 * there, compress() leaves the header alone, and compresses what the client accepts as before.
 */
function varyOnEncoding(c: Context<RequestEnv>): void {
  const headers = c.res.headers;
  const type = headers.get('Content-Type');
  if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) || headers.has('Content-Encoding')) return;
  const vary = headers.get('Vary');
  if (vary === '*' || (vary && /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary))) return;
  try {
    headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  } catch {
    // Headers that cannot change (a response `fetch` answered): compress() adds it its own way.
  }
}

/**
 * The status of a page whose loader's call was refused. A loader reads what it asks for from the address (an
 * id in the path, a filter in the query), so an input the callable refuses as malformed (`/events/1`) names
 * a page that does not exist: the 404 page, as for an unknown id, not an error to retry. Every page route
 * with an id reads it through this one call. A form's post (an action) keeps the refusal's own status.
 */
function pageStatusOf(error: AppError, method: string): number {
  const reading = method === 'GET' || method === 'HEAD';
  return reading && error.code === 'invalid-argument' ? 404 : error.httpStatus;
}

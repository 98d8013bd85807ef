import { Hono } from 'hono';
import { createHash } from 'node:crypto';
import { SERVER_TIME_HEADER } from '#contract/door-displays';
import { AppError, isAppError } from '#contract/errors';
import type { Db } from '../../db/client';
import { appErrorResponse, serviceContextOf, type RequestEnv } from '../../platform/request-context';
import type { ServiceContext } from '../../platform/service-context';
import { qrPeriodOf, readDisplayOfSpace, spaceVersion, type DisplayDeps } from './display-state.service';

/**
 * `GET /api/door-displays/<secret>/state`: what a door display polls (docs/decisions/035-door-displays.md).
 *
 * Its ETag names the display's space, that space's version (`spaceVersion`), the QR period, and a seal: the
 * SHA-256 of those with the display's secret, which only its holder and the server can make. A poll whose
 * ETag is sealed for its secret, of the current period, naming the space's current version, is answered 304
 * Not Modified from memory: the version of a space is kept `versionTtlMs` (a few seconds) per process, so
 * however many displays a space has, their polls cost one query every few seconds. Anything else (a first
 * poll, a change, a new period, a made-up ETag) reads the state, which checks the secret. Nobody is signed
 * in on a display: no session is read.
 */

/** How long a process keeps a space's version: a change shows on its displays within this plus one poll. */
const VERSION_TTL_MS = 5_000;
/** Spaces whose versions are kept at most (a bound, not a tuning: a process serves few spaces' displays). */
const MAX_KEPT_VERSIONS = 10_000;

interface Tag {
  spaceId: string;
  version: string;
  period: number;
}

const sealOf = (token: string, { spaceId, version, period }: Tag) =>
  createHash('sha256').update(`${token}|${spaceId}|${version}|${period}`).digest('base64url').slice(0, 22);

const etagOf = (token: string, tag: Tag) =>
  `"${tag.spaceId}.${tag.version}.${tag.period}.${sealOf(token, tag)}"`;

/**
 * The tag an `If-None-Match` names when it is sealed for `token`, or null. Compared weakly (RFC 9110): the
 * compression middleware marks the ETag of a compressed answer weak (`W/"…"`), and the browser sends it back so.
 */
function sealedTagOf(header: string | undefined, token: string): Tag | null {
  const match = /^(?:W\/)?"([0-9a-f-]{36})\.([0-9a-f]{32})\.(\d+)\.([A-Za-z0-9_-]{22})"$/.exec(
    header?.trim() ?? '',
  );
  if (!match) return null;
  const tag = { spaceId: match[1]!, version: match[2]!, period: Number(match[3]) };
  return sealOf(token, tag) === match[4] ? tag : null;
}

export function createDoorDisplayRoutes(options: {
  db: Db;
  clock: () => Date;
  baseUrl: string;
  deps: DisplayDeps;
  /** How long a space's version is kept (tests: 0, every poll asks the database). */
  versionTtlMs?: number;
}) {
  const ttl = options.versionTtlMs ?? VERSION_TTL_MS;
  const kept = new Map<string, { version: string | null; until: number }>();

  /** The space's version at `now`, from memory while fresh (keyed by QR period: a test clock may jump days). */
  async function currentVersion(ctx: ServiceContext, spaceId: string, period: number) {
    const key = `${spaceId}|${period}`;
    const hit = kept.get(key);
    if (hit && hit.until > Date.now()) return hit.version;
    const version = await spaceVersion(ctx, spaceId);
    if (kept.size >= MAX_KEPT_VERSIONS) kept.clear();
    kept.set(key, { version, until: Date.now() + ttl });
    return version;
  }

  const routes = new Hono<RequestEnv>();
  routes.get('/:token/state', async (c) => {
    const ctx = serviceContextOf(c, null, { db: options.db, clock: options.clock });
    const token = c.req.param('token');
    const period = qrPeriodOf(ctx.now);
    const headers = {
      // Always asked again (the ETag makes it cheap); never kept by a shared cache: the path is a secret.
      'Cache-Control': 'private, no-cache',
      'Referrer-Policy': 'no-referrer',
      [SERVER_TIME_HEADER]: ctx.now.toISOString(),
    };
    try {
      const held = sealedTagOf(c.req.header('if-none-match'), token);
      if (
        held &&
        held.period === period &&
        (await currentVersion(ctx, held.spaceId, period)) === held.version
      ) {
        return c.body(null, 304, { ...headers, ETag: etagOf(token, held) });
      }
      const { view, version: tag } = await readDisplayOfSpace(
        ctx,
        options.deps,
        { token, baseUrl: options.baseUrl },
        async (spaceId) => ({ spaceId, version: await currentVersion(ctx, spaceId, period), period }),
      );
      const etag: Record<string, string> =
        tag.version === null ? {} : { ETag: etagOf(token, { ...tag, version: tag.version }) };
      return c.json(view, 200, { ...headers, ...etag });
    } catch (error) {
      if (isAppError(error)) return appErrorResponse(error);
      ctx.log.error('door display state failed', { error });
      return appErrorResponse(new AppError('internal', 'Internal error'));
    }
  });
  return routes;
}

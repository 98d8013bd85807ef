import { Hono } from 'hono';
import { createHash } from 'node:crypto';
import { todayIn } from '#contract/dates';
import { SERVER_TIME_HEADER, type TDisplayView } from '#contract/door-displays';
import { AppError, isAppError } from '#contract/errors';
import type { Db } from '../../db/client';
import { appErrorResponse, serviceContextOf, type RequestEnv } from '../../platform/request-context';
import type { ServiceContext } from '../../platform/service-context';
import {
  displayViewOf,
  qrPeriodOf,
  readDisplayContext,
  spaceOfDisplay,
  spaceVersion,
  type DisplayContext,
  type DisplayDeps,
  type RoomView,
} from './display-state.service';
import { hashDisplayToken } from './door-displays.service';

/**
 * `GET /api/door-displays/<secret>/state`: what a door display polls (docs/decisions/035-door-displays.md).
 *
 * Its ETag names the display's space, that space's version (`spaceVersion`), the QR period, and a seal: the
 * SHA-256 of those with the display's secret, which only its holder and the server can make. A poll whose
 * ETag is sealed for its secret, of the current period, naming the space's current version, is answered 304
 * Not Modified from memory: the version of a space is kept `versionTtlMs` (a few seconds) per process, so
 * however many displays a space has, their polls cost one query every few seconds. Anything else (a first
 * poll, a change, a new period, a made-up ETag) gets a full answer. Nobody is signed in on a display: no
 * session is read. A revoked link's answer says so and names no version: its holder learns nothing more of
 * the space, not even when something in it changes.
 *
 * A full answer reads the space's version first, then what it shows, so a change made meanwhile is newer than
 * the version the display is given and its next poll fetches it. What it shows is kept while that version
 * holds: a display's context (its room, space and settings, on the day) per display, and the costly part (the
 * room's agenda, its availability for the QR code's next free start, the QR code drawn) per room and QR
 * period, made once and shared by the room's displays. The burst of full answers when a period begins costs
 * one room view per room, and no query per display but the "last seen" it writes every few minutes.
 */

/** How long a process keeps a space's version: a change shows on its displays within this plus one poll. */
const VERSION_TTL_MS = 5_000;
/** Entries kept at most in each of the route's memories (a bound, not a tuning: a process serves few spaces). */
const MAX_KEPT = 10_000;

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

/** A map that forgets everything once it holds `MAX_KEPT` entries. */
function boundedSet<K, V>(map: Map<K, V>, key: K, value: V) {
  if (map.size >= MAX_KEPT) map.clear();
  map.set(key, value);
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
  const versions = new Map<string, { version: string | null; until: number }>();

  /** The space's version at `now`, from memory while fresh (keyed by QR period: a test clock may jump days). */
  async function currentVersion(ctx: ServiceContext, spaceId: string, period: number) {
    const key = `${spaceId}|${period}`;
    const hit = versions.get(key);
    if (hit && hit.until > Date.now()) return hit.version;
    const version = await spaceVersion(ctx, spaceId);
    boundedSet(versions, key, { version, until: Date.now() + ttl });
    return version;
  }

  // Each display's space (a link never moves), and its context at a version of that space on a day.
  const spaces = new Map<string, string>();
  const contexts = new Map<string, { row: DisplayContext; version: string; day: string }>();
  // Room views of the current period, by space version and room; a promise, so that displays of a room
  // asking at once share one making. Those of an earlier period are dropped when a new one begins.
  const roomViews = new Map<string, Promise<RoomView>>();
  let roomViewsPeriod = -1;

  function sharedRoomView(tag: Tag, roomId: string, make: () => Promise<RoomView>) {
    if (tag.period !== roomViewsPeriod) {
      roomViews.clear();
      roomViewsPeriod = tag.period;
    }
    const key = `${tag.spaceId}|${tag.version}|${roomId}`;
    let view = roomViews.get(key);
    if (!view) {
      view = make();
      boundedSet(roomViews, key, view);
      // A failure is not kept: the next display asks again.
      view.catch(() => roomViews.delete(key));
    }
    return view;
  }

  /** A full answer to the display of `token`: its view, and the tag of its ETag (none for a revoked link). */
  async function fullAnswer(
    ctx: ServiceContext,
    token: string,
    period: number,
  ): Promise<{ view: TDisplayView; tag: Tag | null }> {
    const hash = hashDisplayToken(token);
    const spaceId = spaces.get(hash) ?? (await spaceOfDisplay(ctx, token));
    if (!spaceId) throw new AppError('not-found', 'No such display');
    boundedSet(spaces, hash, spaceId);
    const version = await currentVersion(ctx, spaceId, period);
    const kept = contexts.get(hash);
    let row =
      kept?.version === version && kept.day === todayIn(kept.row.time_zone, ctx.now) ? kept.row : null;
    row ??= await readDisplayContext(ctx, token);
    if (!row) throw new AppError('not-found', 'No such display');
    if (version === null)
      return { view: await displayViewOf(ctx, options.deps, row, options.baseUrl), tag: null };
    if (kept?.row !== row) boundedSet(contexts, hash, { row, version, day: todayIn(row.time_zone, ctx.now) });
    const tag = { spaceId, version, period };
    const view = await displayViewOf(ctx, options.deps, row, options.baseUrl, (make) =>
      sharedRoomView(tag, row.room_id, make),
    );
    return { view, tag: view.display === 'active' ? tag : null };
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
      const { view, tag } = await fullAnswer(ctx, token, period);
      return c.json(view, 200, tag ? { ...headers, ETag: etagOf(token, tag) } : headers);
    } catch (error) {
      if (isAppError(error)) return appErrorResponse(error);
      ctx.log.error('door display state failed', { error });
      return appErrorResponse(new AppError('internal', 'Internal error'));
    }
  });
  return routes;
}

import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import {
  DISPLAY_TOKEN_PATTERN,
  displayPath,
  type TDisplayLink,
  type TDisplaySettings,
  type TSpaceDisplays,
} from '#contract/door-displays';
import { AppError } from '#contract/errors';
import { DEFAULT_TIME_ZONE } from '#contract/spaces';
import { doorDisplays, doorDisplaySettings } from '../../db/schema/door-displays';
import { rooms } from '../../db/schema/rooms';
import { spaces } from '../../db/schema/spaces';
import { requireRight } from '../../platform/policy';
import { logActivity, unitOfWork, type ServiceContext } from '../../platform/service-context';

/**
 * The managers' side of door displays (docs/decisions/035-door-displays.md): a room's display links,
 * created, named and revoked in the space's back office, and what the space's displays show. A link's
 * secret is 256 random bits shown once; only its SHA-256 is stored.
 */

export const DEFAULT_DISPLAY_SETTINGS: TDisplaySettings = { showTitles: false, locale: 'fr' };

export function hashDisplayToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `token` has a display secret's shape (anything else is refused unread). */
export function isDisplayToken(token: string): boolean {
  return DISPLAY_TOKEN_PATTERN.test(token);
}

const linkColumns = {
  id: doorDisplays.id,
  name: doorDisplays.name,
  roomId: doorDisplays.roomId,
  roomName: rooms.name,
  createdAt: doorDisplays.createdAt,
  revokedAt: doorDisplays.revokedAt,
  lastSeenAt: doorDisplays.lastSeenAt,
};

type LinkRow = {
  id: string;
  name: string;
  roomId: string;
  roomName: string;
  createdAt: Date;
  revokedAt: Date | null;
  lastSeenAt: Date | null;
};

function toLink(row: LinkRow): TDisplayLink {
  return {
    id: row.id,
    name: row.name,
    roomId: row.roomId,
    roomName: row.roomName,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  };
}

export async function readDisplaySettings(ctx: Pick<ServiceContext, 'db'>, spaceId: string) {
  const [row] = await ctx.db
    .select({ showTitles: doorDisplaySettings.showTitles, locale: doorDisplaySettings.locale })
    .from(doorDisplaySettings)
    .where(eq(doorDisplaySettings.spaceId, spaceId));
  return row ?? DEFAULT_DISPLAY_SETTINGS;
}

/** A space's display links (revoked ones last), its rooms to make one for, and its display settings. */
export async function listDisplays(ctx: ServiceContext, spaceId: string): Promise<TSpaceDisplays> {
  await requireRight(ctx, 'manage', spaceId);
  const [links, roomRows, settings, [space]] = await Promise.all([
    ctx.db
      .select(linkColumns)
      .from(doorDisplays)
      .innerJoin(rooms, eq(rooms.id, doorDisplays.roomId))
      .where(eq(doorDisplays.spaceId, spaceId))
      .orderBy(sql`${doorDisplays.revokedAt} is not null`, asc(rooms.position), asc(doorDisplays.createdAt)),
    ctx.db
      .select({ id: rooms.id, name: rooms.name })
      .from(rooms)
      .where(and(eq(rooms.spaceId, spaceId), isNull(rooms.archivedAt)))
      .orderBy(asc(rooms.position), asc(rooms.name)),
    readDisplaySettings(ctx, spaceId),
    ctx.db.select({ timeZone: spaces.timeZone }).from(spaces).where(eq(spaces.id, spaceId)),
  ]);
  return {
    spaceId,
    timeZone: space?.timeZone ?? DEFAULT_TIME_ZONE,
    rooms: roomRows,
    displays: links.map(toLink),
    settings,
  };
}

/** A new link for a room of the space; its address (with the secret) is given this once. */
export async function createDisplay(
  ctx: ServiceContext,
  input: { spaceId: string; roomId: string; name: string; baseUrl: string },
): Promise<{ display: TDisplayLink; url: string }> {
  await requireRight(ctx, 'manage', input.spaceId);
  const token = randomBytes(32).toString('base64url');
  const display = await unitOfWork(ctx, async (work) => {
    const [room] = await work.db
      .select({ id: rooms.id, name: rooms.name })
      .from(rooms)
      .where(and(eq(rooms.id, input.roomId), eq(rooms.spaceId, input.spaceId), isNull(rooms.archivedAt)));
    if (!room) throw new AppError('not-found', 'No such room in this space', { field: 'roomId' });
    const [created] = await work.db
      .insert(doorDisplays)
      .values({
        spaceId: input.spaceId,
        roomId: room.id,
        name: input.name,
        tokenHash: hashDisplayToken(token),
        createdAt: work.now,
        createdById: work.actor?.id ?? null,
      })
      .returning();
    await logActivity(work, {
      kind: 'door_display.created',
      subject: { type: 'room', id: room.id },
      spaceId: input.spaceId,
      details: { roomName: room.name, name: input.name },
    });
    return toLink({ ...created!, roomName: room.name });
  });
  return { display, url: `${input.baseUrl}${displayPath(token)}` };
}

/** Stops a link for good: the tablet showing it says so at its next poll. Revoking twice changes nothing. */
export async function revokeDisplay(
  ctx: ServiceContext,
  input: { spaceId: string; displayId: string },
): Promise<TDisplayLink> {
  await requireRight(ctx, 'manage', input.spaceId);
  const where = and(eq(doorDisplays.id, input.displayId), eq(doorDisplays.spaceId, input.spaceId));
  return unitOfWork(ctx, async (work) => {
    const revoked = await work.db
      .update(doorDisplays)
      .set({ revokedAt: work.now })
      .where(and(where, isNull(doorDisplays.revokedAt)))
      .returning({ id: doorDisplays.id });
    const [row] = await work.db
      .select(linkColumns)
      .from(doorDisplays)
      .innerJoin(rooms, eq(rooms.id, doorDisplays.roomId))
      .where(where);
    if (!row) throw new AppError('not-found', 'No such display in this space');
    // Logged when this call revoked it (revoking twice changes nothing).
    if (revoked.length)
      await logActivity(work, {
        kind: 'door_display.revoked',
        subject: { type: 'room', id: row.roomId },
        spaceId: input.spaceId,
        details: { roomName: row.roomName, name: row.name },
      });
    return toLink(row);
  });
}

export async function updateDisplaySettings(
  ctx: ServiceContext,
  input: TDisplaySettings & { spaceId: string },
): Promise<TDisplaySettings> {
  await requireRight(ctx, 'manage', input.spaceId);
  await unitOfWork(ctx, async (work) => {
    const values = { showTitles: input.showTitles, locale: input.locale, updatedAt: work.now };
    await work.db
      .insert(doorDisplaySettings)
      .values({ spaceId: input.spaceId, ...values })
      .onConflictDoUpdate({ target: doorDisplaySettings.spaceId, set: values });
    await logActivity(work, {
      kind: 'door_display_settings.changed',
      subject: { type: 'space', id: input.spaceId },
      spaceId: input.spaceId,
    });
  });
  return { showTitles: input.showTitles, locale: input.locale };
}

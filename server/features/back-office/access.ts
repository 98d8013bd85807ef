import { eq } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import { roomPhotos, rooms } from '../../db/schema/rooms';
import { spacePhotos } from '../../db/schema/spaces';
import type { CallContext } from '../../platform/callables';
import { requireSpaceRole } from '../../platform/authorization';

export type Ctx = Pick<CallContext, 'db' | 'session' | 'config' | 'locale'>;

/** Owners and managers change a space; admins too. Answers the caller's standing. */
export function requireManager(ctx: Ctx, spaceId: string) {
  return requireSpaceRole(ctx, spaceId, ['owner', 'manager']) as Promise<'owner' | 'manager' | 'admin'>;
}

/** Archiving a space and changing who manages it are for its owners (and admins). */
export function requireOwner(ctx: Ctx, spaceId: string) {
  return requireSpaceRole(ctx, spaceId, ['owner']);
}

export function userIdOf(ctx: Ctx): string {
  const id = ctx.session?.user.id;
  if (!id) throw new AppError('unauthenticated', 'Sign-in required');
  return id;
}

/** The space a room belongs to, checked for the caller's right to manage it. */
export async function requireRoomManager(ctx: Ctx, roomId: string): Promise<{ spaceId: string }> {
  const [room] = await ctx.db.select({ spaceId: rooms.spaceId }).from(rooms).where(eq(rooms.id, roomId));
  if (!room) throw new AppError('not-found', `No room ${roomId}`);
  await requireManager(ctx, room.spaceId);
  return room;
}

/** A photo (of a space or of a room) and the space it belongs to, checked for the caller. */
export async function requirePhotoManager(
  ctx: Ctx,
  photoId: string,
): Promise<{ table: 'space' | 'room'; ownerId: string; spaceId: string; fileKey: string }> {
  const [spacePhoto] = await ctx.db.select().from(spacePhotos).where(eq(spacePhotos.id, photoId));
  if (spacePhoto) {
    await requireManager(ctx, spacePhoto.spaceId);
    return {
      table: 'space',
      ownerId: spacePhoto.spaceId,
      spaceId: spacePhoto.spaceId,
      fileKey: spacePhoto.fileKey,
    };
  }
  const [roomPhoto] = await ctx.db
    .select({ photo: roomPhotos, spaceId: rooms.spaceId })
    .from(roomPhotos)
    .innerJoin(rooms, eq(rooms.id, roomPhotos.roomId))
    .where(eq(roomPhotos.id, photoId));
  if (!roomPhoto) throw new AppError('not-found', `No photo ${photoId}`);
  await requireManager(ctx, roomPhoto.spaceId);
  return {
    table: 'room',
    ownerId: roomPhoto.photo.roomId,
    spaceId: roomPhoto.spaceId,
    fileKey: roomPhoto.photo.fileKey,
  };
}

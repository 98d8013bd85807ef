import { and, eq, inArray, max, sql } from 'drizzle-orm';
import type { TManagedPhoto, TPhotoOwner } from '#contract/back-office';
import { AppError } from '#contract/errors';
import { photoUrl } from '#contract/photos';
import { rowsOf } from '../../db/rows';
import { storedFiles } from '../../db/schema/files';
import { roomPhotos, rooms } from '../../db/schema/rooms';
import { spacePhotos } from '../../db/schema/spaces';
import type { FileStore } from '../../platform/storage';
import { PHOTO_PURPOSE } from '../spaces/photo-files.service';
import { isSelf, requireRight } from '../../platform/policy';
import type { Ctx } from './context';
import { requireRoomManager } from './managed-rooms.service';

/** Checks that the actor manages the space of a photo's owner (the space, or the room's space). */
async function requireOwnerAccess(ctx: Ctx, owner: TPhotoOwner): Promise<void> {
  if (owner.type === 'space') await requireRight(ctx, 'manage', owner.id);
  else await requireRoomManager(ctx, owner.id);
}

/** A photo (of a space or of a room) and the space it belongs to, once the actor is known to manage it. */
async function requirePhotoManager(
  ctx: Ctx,
  photoId: string,
): Promise<{ table: 'space' | 'room'; spaceId: string; fileKey: string }> {
  const [spacePhoto] = await ctx.db.select().from(spacePhotos).where(eq(spacePhotos.id, photoId));
  if (spacePhoto) {
    await requireRight(ctx, 'manage', spacePhoto.spaceId);
    return { table: 'space', spaceId: spacePhoto.spaceId, fileKey: spacePhoto.fileKey };
  }
  const [roomPhoto] = await ctx.db
    .select({ fileKey: roomPhotos.fileKey, spaceId: rooms.spaceId })
    .from(roomPhotos)
    .innerJoin(rooms, eq(rooms.id, roomPhotos.roomId))
    .where(eq(roomPhotos.id, photoId));
  if (!roomPhoto) throw new AppError('not-found', `No photo ${photoId}`);
  await requireRight(ctx, 'manage', roomPhoto.spaceId);
  return { table: 'room', spaceId: roomPhoto.spaceId, fileKey: roomPhoto.fileKey };
}

/**
 * Attaches an uploaded file (purpose `space-photo`, uploaded by the caller) to a space or a room, last in
 * the order. A file someone else uploaded cannot be attached: keys are not secrets once shown.
 */
export async function addPhoto(
  ctx: Ctx,
  input: { owner: TPhotoOwner; fileKey: string; altFr: string; altEn: string },
): Promise<TManagedPhoto> {
  await requireOwnerAccess(ctx, input.owner);
  const [file] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.key, input.fileKey));
  if (!file || file.purpose !== PHOTO_PURPOSE) throw new AppError('not-found', 'No such photo file');
  if (!isSelf(ctx.actor, file.ownerId)) throw new AppError('permission-denied', 'Not your upload');
  const alt = { altFr: input.altFr, altEn: input.altEn };
  if (input.owner.type === 'space') {
    const spaceId = input.owner.id;
    const [last] = await ctx.db
      .select({ at: max(spacePhotos.position) })
      .from(spacePhotos)
      .where(eq(spacePhotos.spaceId, spaceId));
    const [row] = await ctx.db
      .insert(spacePhotos)
      .values({ spaceId, fileKey: input.fileKey, position: (last?.at ?? -1) + 1, ...alt })
      .returning();
    return { id: row!.id, url: photoUrl(row!.fileKey), ...alt };
  }
  const roomId = input.owner.id;
  const [last] = await ctx.db
    .select({ at: max(roomPhotos.position) })
    .from(roomPhotos)
    .where(eq(roomPhotos.roomId, roomId));
  const [row] = await ctx.db
    .insert(roomPhotos)
    .values({ roomId, fileKey: input.fileKey, position: (last?.at ?? -1) + 1, ...alt })
    .returning();
  return { id: row!.id, url: photoUrl(row!.fileKey), ...alt };
}

export async function updatePhoto(ctx: Ctx, input: { photoId: string; altFr: string; altEn: string }) {
  const photo = await requirePhotoManager(ctx, input.photoId);
  const table = photo.table === 'space' ? spacePhotos : roomPhotos;
  await ctx.db
    .update(table)
    .set({ altFr: input.altFr, altEn: input.altEn })
    .where(eq(table.id, input.photoId));
  return { ok: true as const };
}

/** Puts the owner's photos in the given order; the list must name each of them exactly once. */
export async function reorderPhotos(ctx: Ctx, input: { owner: TPhotoOwner; photoIds: string[] }) {
  await requireOwnerAccess(ctx, input.owner);
  const table = input.owner.type === 'space' ? spacePhotos : roomPhotos;
  const ownerColumn = input.owner.type === 'space' ? spacePhotos.spaceId : roomPhotos.roomId;
  const current = await ctx.db.select({ id: table.id }).from(table).where(eq(ownerColumn, input.owner.id));
  const known = new Set(current.map((row) => row.id));
  const unique = new Set(input.photoIds);
  if (
    unique.size !== input.photoIds.length ||
    unique.size !== known.size ||
    input.photoIds.some((id) => !known.has(id))
  ) {
    throw new AppError('invalid-argument', 'The order must list each photo once', {
      fields: [{ path: 'photoIds', message: 'photo-order' }],
    });
  }
  await ctx.db.transaction(async (tx) => {
    for (const [position, id] of input.photoIds.entries()) {
      await tx.update(table).set({ position }).where(eq(table.id, id));
    }
  });
  return { ok: true as const };
}

/** Removes a photo; its file goes too when nothing else shows it. */
export async function removePhoto(ctx: Ctx, store: FileStore | undefined, photoId: string) {
  const photo = await requirePhotoManager(ctx, photoId);
  const table = photo.table === 'space' ? spacePhotos : roomPhotos;
  await ctx.db.delete(table).where(eq(table.id, photoId));
  const [stillShown] = await rowsOf<{ shown: boolean }>(
    ctx.db,
    sql`SELECT EXISTS (SELECT 1 FROM space_photos WHERE file_key = ${photo.fileKey})
      OR EXISTS (SELECT 1 FROM room_photos WHERE file_key = ${photo.fileKey}) AS shown`,
  );
  if (!stillShown?.shown) {
    const removed = await ctx.db
      .delete(storedFiles)
      .where(and(eq(storedFiles.key, photo.fileKey), inArray(storedFiles.purpose, [PHOTO_PURPOSE])))
      .returning({ key: storedFiles.key });
    if (removed.length) await store?.delete(photo.fileKey);
  }
  return { ok: true as const };
}

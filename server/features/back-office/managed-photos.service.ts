import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TManagedPhoto, TPhotoOwner } from '#contract/back-office';
import { AppError } from '#contract/errors';
import { photoUrl } from '#contract/photos';
import { PHOTO_PURPOSE } from '#contract/storage';
import { rowsOf } from '../../db/rows';
import { storedFiles } from '../../db/schema/files';
import { roomPhotos, rooms } from '../../db/schema/rooms';
import { spacePhotos } from '../../db/schema/spaces';
import type { FileStore } from '../../platform/storage';
import { deleteBytes, takeUploadForSpace } from '../../platform/stored-files';
import { isSelf, requireRight } from '../../platform/policy';
import { logActivity, unitOfWork } from '../../platform/service-context';
import type { Ctx } from './context';
import { requireRoomManager } from './managed-rooms.service';

/**
 * Checks that the actor manages the space of a photo's owner (the space, or the room's space); answers
 * that space.
 */
async function requireOwnerAccess(ctx: Ctx, owner: TPhotoOwner): Promise<string> {
  if (owner.type === 'space') {
    await requireRight(ctx, 'manage', owner.id);
    return owner.id;
  }
  return (await requireRoomManager(ctx, owner.id)).spaceId;
}

type PhotoAction = 'added' | 'updated' | 'reordered' | 'removed';

/** The entry of a change to the photos of a space or of a room (`space.photos_changed` for both). */
function photosEntry(owner: TPhotoOwner, spaceId: string, action: PhotoAction, photoId: string) {
  return {
    kind: 'space.photos_changed' as const,
    subject: { type: owner.type, id: owner.id },
    spaceId,
    details: { action, photoId },
  };
}

/** A photo (of a space or of a room) and the space it belongs to, once the actor is known to manage it. */
async function requirePhotoManager(
  ctx: Ctx,
  photoId: string,
): Promise<{ table: 'space' | 'room'; owner: TPhotoOwner; spaceId: string; fileKey: string }> {
  const [spacePhoto] = await ctx.db.select().from(spacePhotos).where(eq(spacePhotos.id, photoId));
  if (spacePhoto) {
    await requireRight(ctx, 'manage', spacePhoto.spaceId);
    const owner = { type: 'space' as const, id: spacePhoto.spaceId };
    return { table: 'space', owner, spaceId: spacePhoto.spaceId, fileKey: spacePhoto.fileKey };
  }
  const [roomPhoto] = await ctx.db
    .select({ fileKey: roomPhotos.fileKey, roomId: roomPhotos.roomId, spaceId: rooms.spaceId })
    .from(roomPhotos)
    .innerJoin(rooms, eq(rooms.id, roomPhotos.roomId))
    .where(eq(roomPhotos.id, photoId));
  if (!roomPhoto) throw new AppError('not-found', `No photo ${photoId}`);
  await requireRight(ctx, 'manage', roomPhoto.spaceId);
  const owner = { type: 'room' as const, id: roomPhoto.roomId };
  return { table: 'room', owner, spaceId: roomPhoto.spaceId, fileKey: roomPhoto.fileKey };
}

/**
 * Attaches an uploaded file (purpose `space-photo`, uploaded by the caller) to a space or a room, last in
 * the order. A file someone else uploaded cannot be attached: keys are not secrets once shown.
 */
export async function addPhoto(
  ctx: Ctx,
  input: { owner: TPhotoOwner; fileKey: string; altFr: string; altEn: string },
): Promise<TManagedPhoto> {
  const spaceId = await requireOwnerAccess(ctx, input.owner);
  const [file] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.key, input.fileKey));
  if (!file || file.purpose !== PHOTO_PURPOSE) throw new AppError('not-found', 'No such photo file');
  if (!isSelf(ctx.actor, file.ownerId)) throw new AppError('permission-denied', 'Not your upload');
  const alt = { altFr: input.altFr, altEn: input.altEn };
  const { owner } = input;
  const row = await unitOfWork(ctx, async (work) => {
    // The file becomes the space's (it outlives its uploader's account), in the same transaction; gone
    // meanwhile (deleted, swept, attached elsewhere), nothing is attached.
    const taken = await takeUploadForSpace(work.db, {
      key: input.fileKey,
      ownerId: file.ownerId!,
      purpose: PHOTO_PURPOSE,
    });
    if (!taken) throw new AppError('not-found', 'No such photo file');
    const [added] =
      owner.type === 'space'
        ? await work.db
            .insert(spacePhotos)
            .values({
              spaceId: owner.id,
              fileKey: input.fileKey,
              position: sql`(SELECT coalesce(max(position), -1) + 1 FROM space_photos WHERE space_id = ${owner.id})`,
              ...alt,
            })
            .returning()
        : await work.db
            .insert(roomPhotos)
            .values({
              roomId: owner.id,
              fileKey: input.fileKey,
              position: sql`(SELECT coalesce(max(position), -1) + 1 FROM room_photos WHERE room_id = ${owner.id})`,
              ...alt,
            })
            .returning();
    await logActivity(work, photosEntry(owner, spaceId, 'added', added!.id));
    return added!;
  });
  return { id: row.id, url: photoUrl(row.fileKey), ...alt };
}

export async function updatePhoto(ctx: Ctx, input: { photoId: string; altFr: string; altEn: string }) {
  const photo = await requirePhotoManager(ctx, input.photoId);
  const table = photo.table === 'space' ? spacePhotos : roomPhotos;
  await unitOfWork(ctx, async (work) => {
    await work.db
      .update(table)
      .set({ altFr: input.altFr, altEn: input.altEn })
      .where(eq(table.id, input.photoId));
    await logActivity(work, photosEntry(photo.owner, photo.spaceId, 'updated', input.photoId));
  });
  return { ok: true as const };
}

/** Puts the owner's photos in the given order; the list must name each of them exactly once. */
export async function reorderPhotos(ctx: Ctx, input: { owner: TPhotoOwner; photoIds: string[] }) {
  const spaceId = await requireOwnerAccess(ctx, input.owner);
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
  await unitOfWork(ctx, async (work) => {
    for (const [position, id] of input.photoIds.entries()) {
      await work.db.update(table).set({ position }).where(eq(table.id, id));
    }
    await logActivity(work, photosEntry(input.owner, spaceId, 'reordered', input.photoIds[0] ?? ''));
  });
  return { ok: true as const };
}

/** Removes a photo; its file goes too when nothing else shows it. */
export async function removePhoto(ctx: Ctx, store: FileStore | undefined, photoId: string) {
  const photo = await requirePhotoManager(ctx, photoId);
  const table = photo.table === 'space' ? spacePhotos : roomPhotos;
  const fileGone = await unitOfWork(ctx, async (work) => {
    await work.db.delete(table).where(eq(table.id, photoId));
    await logActivity(work, photosEntry(photo.owner, photo.spaceId, 'removed', photoId));
    const [stillShown] = await rowsOf<{ shown: boolean }>(
      work.db,
      sql`SELECT EXISTS (SELECT 1 FROM space_photos WHERE file_key = ${photo.fileKey})
        OR EXISTS (SELECT 1 FROM room_photos WHERE file_key = ${photo.fileKey}) AS shown`,
    );
    if (stillShown?.shown) return false;
    const removed = await work.db
      .delete(storedFiles)
      .where(and(eq(storedFiles.key, photo.fileKey), inArray(storedFiles.purpose, [PHOTO_PURPOSE])))
      .returning({ key: storedFiles.key });
    return removed.length > 0;
  });
  // The stored bytes go once the change has committed.
  if (fileGone && store) await deleteBytes(store, [photo.fileKey]);
  return { ok: true as const };
}

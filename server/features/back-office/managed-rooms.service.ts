import { eq } from 'drizzle-orm';
import type { TRoomInput } from '#contract/back-office';
import { AppError } from '#contract/errors';
import { rooms } from '../../db/schema/rooms';
import { requireRight } from '../../platform/policy';
import type { Ctx } from './context';
import { nextRoomPosition } from './managed-space.service';

/** The space a room belongs to, once the actor is known to manage it (`not-found` for no such room). */
export async function requireRoomManager(ctx: Ctx, roomId: string): Promise<{ spaceId: string }> {
  const [room] = await ctx.db.select({ spaceId: rooms.spaceId }).from(rooms).where(eq(rooms.id, roomId));
  if (!room) throw new AppError('not-found', `No room ${roomId}`);
  await requireRight(ctx, 'manage', room.spaceId);
  return room;
}

function columnsOf(room: TRoomInput) {
  return { ...room, deskGroup: room.kind === 'desk' ? room.deskGroup || null : null };
}

export async function createRoom(ctx: Ctx, spaceId: string, room: TRoomInput): Promise<{ id: string }> {
  await requireRight(ctx, 'manage', spaceId);
  const position = await nextRoomPosition(ctx, spaceId);
  const [created] = await ctx.db
    .insert(rooms)
    .values({ spaceId, position, ...columnsOf(room) })
    .returning({ id: rooms.id });
  return { id: created!.id };
}

export async function updateRoom(ctx: Ctx, roomId: string, room: TRoomInput) {
  await requireRoomManager(ctx, roomId);
  await ctx.db
    .update(rooms)
    .set({ ...columnsOf(room), updatedAt: new Date() })
    .where(eq(rooms.id, roomId));
  return { ok: true as const };
}

/** An archived room is no longer offered; it stays for the bookings that name it, and can come back. */
export async function setRoomArchived(ctx: Ctx, roomId: string, archived: boolean) {
  await requireRoomManager(ctx, roomId);
  await ctx.db
    .update(rooms)
    .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
    .where(eq(rooms.id, roomId));
  return { ok: true as const };
}

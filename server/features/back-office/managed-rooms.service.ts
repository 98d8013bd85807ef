import { eq } from 'drizzle-orm';
import type { TRoomInput } from '#contract/back-office';
import { rooms } from '../../db/schema/rooms';
import { requireManager, requireRoomManager, type Ctx } from './access';
import { nextRoomPosition } from './managed-space.service';

function columnsOf(room: TRoomInput) {
  return { ...room, deskGroup: room.kind === 'desk' ? room.deskGroup || null : null };
}

export async function createRoom(ctx: Ctx, spaceId: string, room: TRoomInput): Promise<{ id: string }> {
  await requireManager(ctx, spaceId);
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

import { eq } from 'drizzle-orm';
import type { ActivityChanges, ActivityValue } from '#contract/activity';
import type { TRoomInput } from '#contract/back-office';
import { AppError } from '#contract/errors';
import { rooms } from '../../db/schema/rooms';
import { changesBetween } from '../../platform/activity';
import { requireRight } from '../../platform/policy';
import {
  logActivity,
  unitOfWork,
  type LoggedActivity,
  type WorkContext,
} from '../../platform/service-context';
import type { Ctx } from './context';
import { nextRoomPosition } from './managed-space.service';

type RoomRow = typeof rooms.$inferSelect;

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

/** What a change to a room logs: every field a manager edits (a room holds no secret). */
const ROOM_FIELDS = [
  'kind',
  'name',
  'descriptionFr',
  'descriptionEn',
  'capacity',
  'amenities',
  'hourlyPriceCents',
  'halfDayPriceCents',
  'dayPriceCents',
  'vatRateBasisPoints',
  'minDurationMinutes',
  'maxDurationMinutes',
  'bookingStepMinutes',
  'bufferMinutes',
  'leadTimeMinutes',
  'horizonDays',
  'requiresApproval',
  'deskGroup',
] as const satisfies ReadonlyArray<keyof RoomRow>;

/** A change touching one of these is a price change (`room.price_changed`), whatever else it touched. */
const PRICE_FIELDS = new Set<string>([
  'hourlyPriceCents',
  'halfDayPriceCents',
  'dayPriceCents',
  'vatRateBasisPoints',
]);

type RoomKind = 'room.created' | 'room.updated' | 'room.price_changed' | 'room.archived' | 'room.restored';

function roomEntry(room: RoomRow, kind: RoomKind, changes?: ActivityChanges): LoggedActivity<RoomKind> {
  return {
    kind,
    subject: { type: 'room' as const, id: room.id },
    spaceId: room.spaceId,
    changes,
    details: { roomName: room.name },
  };
}

async function lockedRoom(work: WorkContext, roomId: string): Promise<RoomRow> {
  const [room] = await work.db.select().from(rooms).where(eq(rooms.id, roomId)).for('update');
  if (!room) throw new AppError('not-found', `No room ${roomId}`);
  return room;
}

export async function createRoom(ctx: Ctx, spaceId: string, room: TRoomInput): Promise<{ id: string }> {
  await requireRight(ctx, 'manage', spaceId);
  return unitOfWork(ctx, async (work) => {
    const position = await nextRoomPosition(work, spaceId);
    const [created] = await work.db
      .insert(rooms)
      .values({ spaceId, position, ...columnsOf(room) })
      .returning();
    await logActivity(work, roomEntry(created!, 'room.created'));
    return { id: created!.id };
  });
}

export async function updateRoom(ctx: Ctx, roomId: string, room: TRoomInput) {
  await requireRoomManager(ctx, roomId);
  await unitOfWork(ctx, async (work) => {
    const before = await lockedRoom(work, roomId);
    const [after] = await work.db
      .update(rooms)
      .set({ ...columnsOf(room), updatedAt: work.now })
      .where(eq(rooms.id, roomId))
      .returning();
    const changes = changesBetween(
      before as Record<(typeof ROOM_FIELDS)[number], ActivityValue>,
      after as Record<(typeof ROOM_FIELDS)[number], ActivityValue>,
      ROOM_FIELDS,
    );
    const fields = Object.keys(changes);
    if (!fields.length) return;
    const kind = fields.some((field) => PRICE_FIELDS.has(field)) ? 'room.price_changed' : 'room.updated';
    await logActivity(work, roomEntry(after!, kind, changes));
  });
  return { ok: true as const };
}

/** An archived room is no longer offered; it stays for the bookings that name it, and can come back. */
export async function setRoomArchived(ctx: Ctx, roomId: string, archived: boolean) {
  await requireRoomManager(ctx, roomId);
  await unitOfWork(ctx, async (work) => {
    const before = await lockedRoom(work, roomId);
    if ((before.archivedAt !== null) === archived) return;
    await work.db
      .update(rooms)
      .set({ archivedAt: archived ? work.now : null, updatedAt: work.now })
      .where(eq(rooms.id, roomId));
    await logActivity(work, roomEntry(before, archived ? 'room.archived' : 'room.restored'));
  });
  return { ok: true as const };
}

import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import { isUuid } from '#contract/input';
import { roomRulesOf, type TRoomDetail } from '#contract/rooms';
import { localizedText } from '#contract/localized';
import { photoOf } from '#contract/photos';
import { roomPhotos, rooms } from '../../db/schema/rooms';
import { spaces } from '../../db/schema/spaces';
import { isoOf } from '../../db/rows';
import type { ServiceContext } from '../../platform/service-context';
import {
  isVisible,
  roomSummaryOf,
  spaceRefCondition,
  visibilityFor,
  type Visibility,
} from './spaces.service';

/**
 * A room as its public page shows it. The room must be offered and its space published; when the URL
 * names a space (`spaceRef`), the room must belong to it. Anything else is `not-found`, never a hint that
 * the room exists elsewhere.
 */
export async function getRoomDetail(
  ctx: ServiceContext,
  input: { roomId: string; spaceRef?: string },
  visibility: Visibility = visibilityFor(ctx),
): Promise<TRoomDetail> {
  const { db, locale } = ctx;
  const notFound = () => new AppError('not-found', `No room ${input.roomId}`);
  if (!isUuid(input.roomId)) throw notFound();
  const conditions = [eq(rooms.id, input.roomId)];
  if (input.spaceRef) conditions.push(spaceRefCondition(input.spaceRef));
  const [row] = await db
    .select({ room: rooms, space: spaces })
    .from(rooms)
    .innerJoin(spaces, eq(spaces.id, rooms.spaceId))
    .where(and(...conditions))
    .limit(1);
  if (!row) throw notFound();
  const { room, space } = row;
  if (room.archivedAt !== null && !visibility.includeUnpublished) throw notFound();
  if (!(await isVisible(space, visibility))) throw notFound();

  const photos = await db
    .select()
    .from(roomPhotos)
    .where(eq(roomPhotos.roomId, room.id))
    .orderBy(asc(roomPhotos.position), asc(roomPhotos.createdAt));
  const photoList = photos.map((photo) => photoOf(photo, locale));
  return {
    ...roomSummaryOf(room, photoList[0] ?? null),
    description: localizedText(locale, room.descriptionFr, room.descriptionEn),
    photos: photoList,
    rules: roomRulesOf(room),
    space: {
      id: space.id,
      slug: space.slug,
      name: space.name,
      city: space.city,
      postcode: space.postcode,
      addressLine: space.addressLine,
      timeZone: space.timeZone,
      color: space.color,
    },
    updatedAt: isoOf(room.updatedAt),
  };
}

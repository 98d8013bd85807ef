import { and, asc, eq, gte, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { RoomAmenity, SpaceAmenity } from '#contract/amenities';
import { AppError } from '#contract/errors';
import { todayIn } from '#contract/dates';
import { isUuid } from '#contract/input';
import type { Locale } from '#contract/locale';
import { roomPricesOf, type TRoomSummary } from '#contract/rooms';
import { localizedText } from '#contract/localized';
import { photoOf } from '#contract/photos';
import {
  SPACE_LIST_PAGE_SIZE,
  type SpaceListSort,
  type TSpaceCard,
  type TSpaceDetail,
} from '#contract/spaces';
import type { Db } from '../../db/client';
import { clockOf, isoOf, rowsOf } from '../../db/rows';
import { roomPhotos, rooms } from '../../db/schema/rooms';
import { spaceClosures, spaceOpeningHours, spacePhotos, spaces } from '../../db/schema/spaces';
import { may } from '../../platform/policy';
import type { ServiceContext } from '../../platform/service-context';
import {
  CARD_COLUMNS,
  cardOf,
  COVER_JOIN,
  FIGURE_COLUMNS,
  nameSortKey,
  ROOM_FIGURES_JOIN,
  type CardRow,
} from '../../db/space-cards';
import { readAll } from '../../db/read-all';

type SpaceRow = typeof spaces.$inferSelect;

/** The condition "this space is the one `ref` names": a slug, or an id. */
export function spaceRefCondition(ref: string): SQL {
  const bySlug = eq(spaces.slug, ref.toLowerCase());
  return isUuid(ref) ? (or(eq(spaces.id, ref), bySlug) as SQL) : bySlug;
}

export interface Visibility {
  /** Managers and admins also see their drafts and archived spaces (a preview); the public never does. */
  includeUnpublished?: boolean;
  /** Asked only for a space that is not published: may this caller preview it? */
  canPreview?: (spaceId: string) => Promise<boolean>;
}

export async function isVisible(space: SpaceRow, visibility: Visibility): Promise<boolean> {
  if (space.status === 'published' || visibility.includeUnpublished) return true;
  return (await visibility.canPreview?.(space.id)) ?? false;
}

export async function findSpaceRow(db: Db, ref: string, visibility: Visibility = {}): Promise<SpaceRow> {
  const [space] = await db.select().from(spaces).where(spaceRefCondition(ref)).limit(1);
  if (!space || !(await isVisible(space, visibility))) throw new AppError('not-found', `No space ${ref}`);
  return space;
}

/** The offered (not archived) rooms of a space with their covers, in display order. */
export async function roomSummariesOf(db: Db, spaceId: string, locale: Locale): Promise<TRoomSummary[]> {
  const rows = await db
    .select()
    .from(rooms)
    .where(and(eq(rooms.spaceId, spaceId), isNull(rooms.archivedAt)))
    .orderBy(asc(rooms.position), asc(rooms.name));
  const covers = rows.length
    ? await db
        .selectDistinctOn([roomPhotos.roomId])
        .from(roomPhotos)
        .innerJoin(rooms, eq(rooms.id, roomPhotos.roomId))
        .where(eq(rooms.spaceId, spaceId))
        .orderBy(roomPhotos.roomId, asc(roomPhotos.position), asc(roomPhotos.createdAt))
    : [];
  const coverOf = new Map(covers.map((row) => [row.room_photos.roomId, row.room_photos]));
  return rows.map((room) => {
    const cover = coverOf.get(room.id);
    return roomSummaryOf(room, cover ? photoOf(cover, locale) : null);
  });
}

/** A room as a list of rooms shows it (the space page, the room page's head): its kind, size, prices, cover. */
export function roomSummaryOf(room: typeof rooms.$inferSelect, cover: TRoomSummary['cover']): TRoomSummary {
  return {
    id: room.id,
    kind: room.kind,
    name: room.name,
    capacity: room.capacity,
    amenities: room.amenities as RoomAmenity[],
    prices: roomPricesOf(room),
    deskGroup: room.deskGroup,
    cover,
  };
}

/** What the person asking may see: the public sees published spaces, their managers and admins the rest. */
export function visibilityFor(ctx: ServiceContext): Visibility {
  if (!ctx.actor) return {};
  return { canPreview: (spaceId) => may(ctx, 'preview', spaceId) };
}

export async function getSpaceDetail(
  ctx: ServiceContext,
  { ref }: { ref: string },
  visibility: Visibility = visibilityFor(ctx),
): Promise<TSpaceDetail> {
  const { db, locale, now } = ctx;
  const space = await findSpaceRow(db, ref, visibility);
  const [hours, closures, photos, roomList] = await readAll(db, [
    () =>
      db
        .select()
        .from(spaceOpeningHours)
        .where(eq(spaceOpeningHours.spaceId, space.id))
        .orderBy(asc(spaceOpeningHours.weekday), asc(spaceOpeningHours.opens)),
    () =>
      db
        .select()
        .from(spaceClosures)
        .where(
          and(
            eq(spaceClosures.spaceId, space.id),
            // "Not ended yet" is read in the space's zone: a closure ending today still shows today.
            gte(spaceClosures.endsOn, todayIn(space.timeZone, now)),
          ),
        )
        .orderBy(asc(spaceClosures.startsOn)),
    () =>
      db
        .select()
        .from(spacePhotos)
        .where(eq(spacePhotos.spaceId, space.id))
        .orderBy(asc(spacePhotos.position), asc(spacePhotos.createdAt)),
    () => roomSummariesOf(db, space.id, locale),
  ]);
  const prices = roomList.map((room) => room.prices.fromCents).filter((p): p is number => p !== null);
  const photoList = photos.map((photo) => photoOf(photo, locale));
  return {
    id: space.id,
    slug: space.slug,
    name: space.name,
    city: space.city,
    postcode: space.postcode,
    latitude: space.latitude,
    longitude: space.longitude,
    color: space.color,
    cover: photoList[0] ?? null,
    amenities: space.amenities as SpaceAmenity[],
    kinds: [...new Set(roomList.map((room) => room.kind))].sort(),
    roomCount: roomList.length,
    maxCapacity: roomList.length ? Math.max(...roomList.map((room) => room.capacity)) : null,
    fromPriceCents: prices.length ? Math.min(...prices) : null,
    description: localizedText(locale, space.descriptionFr, space.descriptionEn),
    addressLine: space.addressLine,
    country: space.country,
    timeZone: space.timeZone,
    subdomain: space.subdomain,
    photos: photoList,
    openingHours: hours.map((row) => ({
      weekday: row.weekday,
      opens: clockOf(row.opens),
      closes: clockOf(row.closes),
    })),
    closures: closures.map((row) => ({ startsOn: row.startsOn, endsOn: row.endsOn, label: row.label })),
    rooms: roomList,
    status: space.status,
    updatedAt: isoOf(space.updatedAt),
  };
}

const LIST_ORDER: Record<SpaceListSort, SQL> = {
  name: sql`${nameSortKey(sql`s.name`)}, s.id`,
  city: sql`s.city_key COLLATE "C", ${nameSortKey(sql`s.name`)}, s.id`,
  price: sql`figures.from_price ASC NULLS LAST, ${nameSortKey(sql`s.name`)}, s.id`,
  newest: sql`s.published_at DESC NULLS LAST, s.id`,
};

export async function listPublishedSpaces(
  { db, locale }: ServiceContext,
  input: { sort: SpaceListSort; page: number },
): Promise<{ items: TSpaceCard[]; total: number; page: number; pageSize: number }> {
  const pageSize = SPACE_LIST_PAGE_SIZE;
  const rows = await rowsOf<CardRow & { total: number }>(
    db,
    sql`SELECT ${CARD_COLUMNS}, ${FIGURE_COLUMNS}, count(*) OVER ()::int AS total
      FROM spaces s ${COVER_JOIN} ${ROOM_FIGURES_JOIN}
      WHERE s.status = 'published'
      ORDER BY ${LIST_ORDER[input.sort]}
      LIMIT ${pageSize} OFFSET ${(input.page - 1) * pageSize}`,
  );
  const total = rows[0]?.total ?? (await countPublished(db));
  return { items: rows.map((row) => cardOf(row, locale)), total, page: input.page, pageSize };
}

async function countPublished(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(spaces)
    .where(eq(spaces.status, 'published'));
  return row?.count ?? 0;
}

/** The latest published spaces that have rooms, one per city before a second in any city. */
export async function findFeaturedSpaces(
  { db, locale }: ServiceContext,
  { limit }: { limit: number },
): Promise<TSpaceCard[]> {
  const rows = await rowsOf<CardRow>(
    db,
    sql`SELECT * FROM (
        SELECT ${CARD_COLUMNS}, ${FIGURE_COLUMNS}, s.published_at,
          row_number() OVER (PARTITION BY s.city_key ORDER BY s.published_at DESC, s.id) AS rank_in_city
        FROM spaces s ${COVER_JOIN} ${ROOM_FIGURES_JOIN}
        WHERE s.status = 'published' AND figures.room_count > 0
      ) ranked
      ORDER BY rank_in_city, published_at DESC, id
      LIMIT ${limit}`,
  );
  return rows.map((row) => cardOf(row, locale));
}

export async function listCitiesWithSpaces({ db }: ServiceContext) {
  return rowsOf<{ city: string; spaceCount: number }>(
    db,
    sql`SELECT min(city) AS city, count(*)::int AS "spaceCount" FROM spaces
      WHERE status = 'published' AND city_key <> ''
      GROUP BY city_key ORDER BY count(*) DESC, city_key`,
  );
}

export async function listSitemapEntries({ db }: ServiceContext) {
  const rows = await rowsOf<{
    slug: string;
    updated_at: Date | string;
    rooms: Array<{ id: string; updated_at: string }> | null;
  }>(
    db,
    sql`SELECT s.slug, s.updated_at,
        (SELECT json_agg(json_build_object('id', r.id, 'updated_at', r.updated_at) ORDER BY r.position, r.name)
         FROM rooms r WHERE r.space_id = s.id AND r.archived_at IS NULL) AS rooms
      FROM spaces s WHERE s.status = 'published' ORDER BY s.slug`,
  );
  return rows.map((row) => ({
    slug: row.slug,
    updatedAt: isoOf(row.updated_at),
    rooms: (row.rooms ?? []).map((room) => ({ id: room.id, updatedAt: isoOf(room.updated_at) })),
  }));
}

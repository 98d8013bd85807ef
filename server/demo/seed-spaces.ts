import { cityKeyOf } from '#contract/spaces';
import type { Db } from '../db/client';
import { DEMO_SPACES, type DemoSpace } from './demo-spaces';
import { roomPhotos, rooms } from '../db/schema/rooms';
import { spaceClosures, spaceOpeningHours, spacePhotos, spaces } from '../db/schema/spaces';
import { illustrationSvg, type IllustrationScene } from '../features/spaces/illustrations';

/** Stores a demo photo's bytes (in the file store) and answers the key the photo rows then name. */
export type SavePhotoFile = (bytes: Uint8Array, contentType: string, fileName: string) => Promise<string>;

/** The colour a demo illustration is drawn in when its space has none (the platform's indigo). */
const DEFAULT_ILLUSTRATION_COLOR = '#4f46e5';

async function savedIllustration(
  save: SavePhotoFile,
  space: DemoSpace,
  name: string,
  scene: IllustrationScene,
  variant: number,
): Promise<string> {
  const svg = illustrationSvg(scene, space.color ?? DEFAULT_ILLUSTRATION_COLOR, variant);
  return save(new TextEncoder().encode(svg), 'image/svg+xml', `${space.slug}-${name}.svg`);
}

/** Inserts the demo spaces with their hours, closures, rooms and drawn photos (an empty database only). */
export async function seedDemoSpaces(db: Db, save?: SavePhotoFile): Promise<void> {
  for (const [spaceIndex, space] of DEMO_SPACES.entries()) {
    const publishedAt = space.status === 'published' ? new Date(Date.UTC(2026, 0, 5 + spaceIndex)) : null;
    const [row] = await db
      .insert(spaces)
      .values({
        slug: space.slug,
        name: space.name,
        subdomain: space.subdomain,
        color: space.color,
        status: space.status,
        publishedAt,
        addressLine: space.addressLine,
        postcode: space.postcode,
        city: space.city,
        cityKey: cityKeyOf(space.city),
        latitude: space.latitude,
        longitude: space.longitude,
        descriptionFr: space.descriptionFr,
        descriptionEn: space.descriptionEn,
        amenities: space.amenities,
      })
      .returning({ id: spaces.id });
    const spaceId = row!.id;

    const hours = Object.entries(space.hours).flatMap(([weekday, intervals]) =>
      (intervals ?? []).map((interval) => {
        const [opens = '', closes = ''] = interval.split('-');
        return { spaceId, weekday: Number(weekday), opens, closes };
      }),
    );
    if (hours.length) await db.insert(spaceOpeningHours).values(hours);
    if (space.closures.length) {
      await db.insert(spaceClosures).values(space.closures.map((closure) => ({ spaceId, ...closure })));
    }

    for (const [position, photo] of space.photos.entries()) {
      if (!save) break;
      const key = await savedIllustration(save, space, `space-${position + 1}`, photo.scene, position);
      await db
        .insert(spacePhotos)
        .values({ spaceId, position, fileKey: key, altFr: photo.altFr, altEn: photo.altEn });
    }

    // One drawing per kind and desk group is enough: desks of one open space share their picture.
    const drawn = new Map<string, string>();
    for (const [position, room] of space.rooms.entries()) {
      const { deskGroup, ...fields } = room;
      const [inserted] = await db
        .insert(rooms)
        .values({ spaceId, position, deskGroup: deskGroup ?? null, ...fields })
        .returning({ id: rooms.id });
      if (!save) continue;
      const drawingName = deskGroup
        ? `desks-${cityKeyOf(deskGroup).replace(/ /g, '-')}`
        : `room-${position + 1}`;
      let key = drawn.get(drawingName);
      if (!key) {
        key = await savedIllustration(save, space, drawingName, room.kind, position);
        drawn.set(drawingName, key);
      }
      await db.insert(roomPhotos).values({
        roomId: inserted!.id,
        position: 0,
        fileKey: key,
        altFr: `${room.name}, ${space.name}`,
        altEn: `${room.name}, ${space.name}`,
      });
    }
  }
}

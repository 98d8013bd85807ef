/**
 * Amenity names, without a schema: browser modules a page loads first import these from here, so zod
 * stays out of their graph. `contract/amenities.ts` re-exports them with its schemas.
 */

/**
 * What a space or a room offers. A space-wide amenity (wifi, kitchen) is on the space; a room's own
 * equipment (screen, whiteboard) is on the room. Search filters each where it lives, so both use an index.
 */
export const SPACE_AMENITIES = [
  'wifi',
  'coffee',
  'kitchen',
  'printer',
  'reception',
  'lockers',
  'phone_booths',
  'showers',
  'bike_parking',
  'car_parking',
  'terrace',
  'accessible',
  'open_24_7',
  'pets_allowed',
] as const;

export const ROOM_AMENITIES = [
  'screen',
  'projector',
  'videoconference',
  'whiteboard',
  'natural_light',
  'air_conditioning',
  'soundproofing',
  'standing_desk',
  'sound_system',
] as const;

export const AMENITIES = [...SPACE_AMENITIES, ...ROOM_AMENITIES] as const;

export type SpaceAmenity = (typeof SPACE_AMENITIES)[number];
export type RoomAmenity = (typeof ROOM_AMENITIES)[number];
export type Amenity = (typeof AMENITIES)[number];

export function isSpaceAmenity(amenity: Amenity): amenity is SpaceAmenity {
  return (SPACE_AMENITIES as readonly string[]).includes(amenity);
}

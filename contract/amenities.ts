import { z } from './zod';
import { AMENITIES, ROOM_AMENITIES, SPACE_AMENITIES } from './amenities.plain';

export * from './amenities.plain';

export const ZSpaceAmenity = z.enum(SPACE_AMENITIES);
export const ZRoomAmenity = z.enum(ROOM_AMENITIES);
export const ZAmenity = z.enum(AMENITIES);

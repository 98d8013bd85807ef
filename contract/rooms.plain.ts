/**
 * Room kinds and limits, without a schema: browser modules a page loads first import these from here, so zod
 * stays out of their graph. `contract/rooms.ts` re-exports them with its schemas.
 */

export const ROOM_KINDS = ['meeting_room', 'private_office', 'desk', 'event_hall'] as const;

export type RoomKind = (typeof ROOM_KINDS)[number];

/** The longest buffer a room may keep after each booking (also a database check: search relies on it). */
export const MAX_BUFFER_MINUTES = 240;
/** The longest booking any room allows, and the farthest ahead any room opens: a slot past them is refused unread. */
export const MAX_BOOKING_MINUTES = 1440;
export const MAX_HORIZON_DAYS = 730;

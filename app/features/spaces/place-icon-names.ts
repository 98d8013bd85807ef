import type { Amenity } from '#contract/amenities';
import type { RoomKind } from '#contract/rooms';

/**
 * The lucide icon (its file name) drawn for each amenity and kind of room. They are drawn from one sprite
 * (place-icons.svg, written by scripts/icon-sprite.ts from these names), not from lucide-react's components.
 */
export const PLACE_ICON_NAMES = {
  amenity: {
    wifi: 'wifi',
    coffee: 'coffee',
    kitchen: 'cooking-pot',
    printer: 'printer',
    reception: 'concierge-bell',
    lockers: 'lock',
    phone_booths: 'phone',
    showers: 'shower-head',
    bike_parking: 'bike',
    car_parking: 'car',
    terrace: 'sun',
    accessible: 'accessibility',
    open_24_7: 'clock',
    pets_allowed: 'paw-print',
    screen: 'monitor',
    projector: 'projector',
    videoconference: 'video',
    whiteboard: 'presentation',
    natural_light: 'sun-medium',
    air_conditioning: 'snowflake',
    soundproofing: 'volume-x',
    standing_desk: 'arrow-up-down',
    sound_system: 'speaker',
  } satisfies Record<Amenity, string>,
  kind: {
    meeting_room: 'handshake',
    private_office: 'door-open',
    desk: 'armchair',
    event_hall: 'mic',
  } satisfies Record<RoomKind, string>,
};

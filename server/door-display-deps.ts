import type { DisplayDeps } from './features/door-displays/display-state.service';
import { getRoomAvailability } from './features/reservations/availability.service';

/**
 * What the door displays read of the reservations feature (a feature imports no other): the room's
 * availability, for the QR code's next free start. Composed here, for the callables and the display's poll.
 */
export const doorDisplayDeps: DisplayDeps = { roomAvailability: getRoomAvailability };

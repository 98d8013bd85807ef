import {
  acceptOffer,
  cancelEvent,
  cancelRegistration,
  checkIn,
  createEvent,
  declineOffer,
  duplicateEvent,
  getEvent,
  getManagedEvent,
  listAttendees,
  listManagedEvents,
  listUpcomingEvents,
  markRegistrationPaid,
  publishEvent,
  registerForEvent,
  updateEvent,
  updateEventSettings,
} from '#contract/events';
import { implement, implementByName } from '../../platform/callables';
import * as pages from './event-pages.service';
import * as manage from './events.service';
import * as door from './door-list.service';
import * as registrations from './registrations.service';
import * as waitlist from './waitlist.service';

/**
 * The events API. Pages and upcoming lists are public; registering needs a session (the service checks the
 * confirmed address and members-only); the rest is for the space's owners and managers (and admins).
 */
export const eventsCallables = [
  implement(getEvent, ({ id }, ctx) => pages.getEventPage(ctx, id)),
  ...implementByName(pages, { listUpcomingEvents }),
  implement(registerForEvent, (input, ctx) => registrations.register(ctx, input)),
  implement(cancelRegistration, ({ eventId }, ctx) => registrations.cancelRegistration(ctx, eventId)),
  ...implementByName(waitlist, { acceptOffer, updateEventSettings }),
  implement(declineOffer, ({ eventId }, ctx) => waitlist.declineOffer(ctx, eventId)),
  implement(listManagedEvents, ({ spaceId }, ctx) => manage.listManagedEvents(ctx, spaceId)),
  implement(getManagedEvent, ({ id }, ctx) => manage.getManagedEvent(ctx, id)),
  ...implementByName(manage, { createEvent, updateEvent, cancelEvent }),
  implement(publishEvent, ({ id }, ctx) => manage.publishEvent(ctx, id)),
  implement(duplicateEvent, ({ id }, ctx) => manage.duplicateEvent(ctx, id)),
  ...implementByName(door, { listAttendees, checkIn, markRegistrationPaid }),
];

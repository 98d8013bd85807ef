import {
  acceptOffer,
  cancelEvent,
  cancelRegistration,
  checkIn,
  countEventsOnDay,
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
  implement(listUpcomingEvents, (input, ctx) => pages.listUpcomingEvents(ctx, input)),
  implement(registerForEvent, (input, ctx) => registrations.register(ctx, input)),
  implement(cancelRegistration, ({ eventId }, ctx) => registrations.cancelRegistration(ctx, eventId)),
  implement(acceptOffer, (input, ctx) => waitlist.acceptOffer(ctx, input)),
  implement(declineOffer, ({ eventId }, ctx) => waitlist.declineOffer(ctx, eventId)),
  implement(updateEventSettings, (input, ctx) => waitlist.updateEventSettings(ctx, input)),
  implement(listManagedEvents, ({ spaceId }, ctx) => manage.listManagedEvents(ctx, spaceId)),
  implement(countEventsOnDay, (input, ctx) => manage.countEventsOnDay(ctx, input)),
  implement(getManagedEvent, ({ id }, ctx) => manage.getManagedEvent(ctx, id)),
  implement(createEvent, (input, ctx) => manage.createEvent(ctx, input)),
  implement(updateEvent, (input, ctx) => manage.updateEvent(ctx, input)),
  implement(publishEvent, ({ id }, ctx) => manage.publishEvent(ctx, id)),
  implement(cancelEvent, (input, ctx) => manage.cancelEvent(ctx, input)),
  implement(duplicateEvent, ({ id }, ctx) => manage.duplicateEvent(ctx, id)),
  ...implementByName(door, { listAttendees, checkIn, markRegistrationPaid }),
];

import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { eventPath, eventTitleIn } from '#contract/events';
import type { Locale } from '#contract/locale';
import { isRepeatedWallClock } from '../../platform/calendar-times';

/**
 * An event as an iCalendar file (the registration e-mail's attachment, the page's "add to calendar"). Times
 * are wall-clock times of the space's zone with its TZID and VTIMEZONE, built from TZDate (the machine's zone
 * is UTC); a time in the second pass of a repeated autumn hour is written in UTC, as bookings do (decision 010).
 */
export interface CalendarEvent {
  id: string;
  titleFr: string;
  titleEn: string;
  startsAt: Date;
  endsAt: Date;
  status: 'draft' | 'published' | 'cancelled';
  timeZone: string;
  location: string;
  /** How many times its time or place changed: the SEQUENCE calendars use to replace their copy. */
  sequence?: number;
}

export function eventCalendar(
  event: CalendarEvent,
  options: { locale: Locale; baseUrl: string; now: Date },
): string {
  const calendar = ical({
    prodId: { company: 'Escale', product: 'Events', language: options.locale.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  const zone = event.timeZone;
  const inUtc = isRepeatedWallClock(event.startsAt, zone) || isRepeatedWallClock(event.endsAt, zone);
  const url = `${options.baseUrl}${eventPath(event.id)}`;
  calendar.createEvent({
    id: `event-${event.id}@escale`,
    sequence: (event.sequence ?? 0) + (event.status === 'cancelled' ? 1 : 0),
    stamp: options.now,
    start: inUtc ? event.startsAt : new TZDate(event.startsAt.getTime(), zone),
    end: inUtc ? event.endsAt : new TZDate(event.endsAt.getTime(), zone),
    timezone: inUtc ? null : zone,
    summary: eventTitleIn(event, options.locale),
    location: event.location,
    status: event.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    description: url,
    url,
  });
  return calendar.toString();
}

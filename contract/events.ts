import { TZDate } from '@date-fns/tz';
import { z } from './zod';
import { defineCallable } from './callable';
import { refineRange } from './date-range';
import { wallClockInstant } from './dates';
import { EVENT_STATUSES, REGISTRATION_END_REASONS, REGISTRATION_STATUSES } from './events.plain';
import { ZEventCover } from './event-cover';
import { ZCreditOption, ZCreditUnit, ZPaymentMethod } from './formulas';
import { ORDER_STATUSES, PAYMENT_CHOICES } from './formulas.plain';
import { ZCalendarDate, ZText, ZUuid } from './input';
import { withVatBreakdown } from './money';

/**
 * Events, registrations and the waitlist (docs/decisions/025-events-and-waitlist.md). Times are UTC instants
 * in answers; the back office writes wall-clock times of the space's zone (`2026-10-25T09:30`), which the
 * server reads in that zone.
 */

export const ZEventStatus = z.enum(EVENT_STATUSES);
export const ZRegistrationStatus = z.enum(REGISTRATION_STATUSES);

/** Why an event operation was refused, in `details.reason` (translated by the browser). */
export const EVENT_REFUSALS = [
  'email-not-verified',
  'billing-details-missing', // a paid place: its invoice needs billing details not given (details.missing)
  'members-only',
  'not-open', // a draft, a cancelled event, or one already started
  'deadline-passed',
  'already-registered',
  'not-registered',
  'no-offer', // the offer expired or was passed on
  'not-draft', // only a draft is published
  'already-cancelled',
  'room-taken', // the room is booked over the event's time
  'capacity-below-registered',
  'time-skipped', // a wall-clock time the spring change skips
  'no-usable-credit', // paying with credit: no lot covers this event
  'not-enough-credit', // paying with credit: no lot holds enough
  'not-awaiting-payment', // marking paid an order already paid, cancelled, or a free place
] as const;

const MAX_TITLE = 140;
const MAX_DESCRIPTION = 8000;

/** A wall-clock time of the space's zone, to the minute: `2026-10-25T09:30`. */
export const ZLocalDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'invalid')
  .refine((value) => value >= '2000-01-01' && value <= '2099-12-31T23:59', 'date-range');

/**
 * The instant a wall-clock time names in a zone (`wallClockInstant`), or null when the spring change skips it
 * (02:30 on the last Sunday of March in Paris): an event does not start at a time no clock shows.
 */
export function localToInstant(local: string, timeZone: string): Date | null {
  const [date, time] = local.split('T') as [string, string];
  const instant = wallClockInstant(date, time, timeZone);
  return instantToLocal(instant, timeZone) === local ? instant : null;
}

/** The wall-clock time of an instant in a zone, as the form writes it (`2026-10-25T09:30`). */
export function instantToLocal(instant: Date | string, timeZone: string): string {
  const zoned = new TZDate(new Date(instant).getTime(), timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${zoned.getFullYear()}-${pad(zoned.getMonth() + 1)}-${pad(zoned.getDate())}T${pad(zoned.getHours())}:${pad(zoned.getMinutes())}`;
}

/** What a manager writes for an event (the form and the server validate it the same way). */
export const ZEventForm = z
  .object({
    roomId: ZUuid.nullable().default(null),
    titleFr: ZText.trim().min(3).max(MAX_TITLE),
    titleEn: ZText.trim().max(MAX_TITLE).default(''),
    descriptionFr: ZText.trim().max(MAX_DESCRIPTION).default(''),
    descriptionEn: ZText.trim().max(MAX_DESCRIPTION).default(''),
    startsAt: ZLocalDateTime,
    endsAt: ZLocalDateTime,
    /** Empty: registrations close at the start. */
    registrationDeadline: ZLocalDateTime.nullable().default(null),
    capacity: z.number().int().min(1).max(10_000),
    membersOnly: z.boolean().default(false),
    /** A place's price excluding VAT, in cents (0: free). */
    priceExclVatCents: z.number().int().min(0).max(100_000_000).default(0),
    vatRateBasisPoints: z.number().int().min(0).max(10_000).default(2000),
    /** What a place costs in credit minutes, for members whose formula covers the event; null: not with credit. */
    creditMinutes: z.number().int().min(1).max(1440).nullable().default(null),
  })
  .superRefine((form, issues) => {
    refineRange<typeof form>('startsAt', 'endsAt', { strict: true })(form, issues);
    if (form.registrationDeadline && form.registrationDeadline > form.startsAt) {
      issues.addIssue({ code: 'custom', path: ['registrationDeadline'], message: 'deadline-after-start' });
    }
    if (form.creditMinutes !== null && form.priceExclVatCents === 0)
      issues.addIssue({ code: 'custom', path: ['creditMinutes'], message: 'credits-need-price' });
  });
export type TEventForm = z.output<typeof ZEventForm>;
export type TEventFormInput = z.input<typeof ZEventForm>;

export const ZEventSpace = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  addressLine: z.string(),
  postcode: z.string(),
  timeZone: z.string(),
});

/** A place's price: null when the event is free. */
export const ZEventPrice = z.object({
  exclVatCents: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
  vatRateBasisPoints: z.number().int(),
});
export type TEventPrice = z.infer<typeof ZEventPrice>;

/** The price a place costs, with its VAT: null when it is free. */
export function eventPriceOf(exclVatCents: number, vatRateBasisPoints: number): TEventPrice | null {
  if (exclVatCents <= 0) return null;
  const split = withVatBreakdown(exclVatCents, vatRateBasisPoints);
  return {
    exclVatCents,
    vatCents: split.vatCents,
    totalCents: split.inclVatCents,
    vatRateBasisPoints,
  };
}

/** How a registration was paid (the reader's own, or an attendee's for the managers). */
export const ZRegistrationPayment = z.object({
  with: z.enum(PAYMENT_CHOICES),
  /** At price: the order's total, how it is paid and where it stands. */
  totalCents: z.number().int().nullable(),
  paymentMethod: ZPaymentMethod.nullable(),
  orderStatus: z.enum(ORDER_STATUSES).nullable(),
  /** With credit: what it took. */
  creditAmount: z.number().int().nullable(),
  creditUnit: ZCreditUnit.nullable(),
  /** Given back (credit refunded, or the order cancelled and any invoice credited). */
  refunded: z.boolean(),
});
export type TRegistrationPayment = z.infer<typeof ZRegistrationPayment>;

/** What anyone may read of an event. */
export const ZEventSummary = z.object({
  id: z.string(),
  spaceId: z.string(),
  titleFr: z.string(),
  titleEn: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  registrationDeadline: z.string(),
  capacity: z.number().int(),
  placesLeft: z.number().int(),
  membersOnly: z.boolean(),
  status: ZEventStatus,
  /** Its cover image, or null (contract/event-cover.ts). */
  cover: ZEventCover.nullable(),
  space: ZEventSpace,
  roomName: z.string().nullable(),
  price: ZEventPrice.nullable(),
  /** What a place costs in credit minutes (a lot of entries pays one); null: not payable with credit. */
  creditMinutes: z.number().int().nullable(),
});
export type TEventSummary = z.infer<typeof ZEventSummary>;

/** The signed-in reader's own registration, as they see it. */
export const ZMyRegistration = z.object({
  id: z.string(),
  status: ZRegistrationStatus,
  /** Their place in line (1 = next), while waitlisted. */
  position: z.number().int().nullable(),
  offerExpiresAt: z.string().nullable(),
  showName: z.boolean(),
  endReason: z.enum(REGISTRATION_END_REASONS).nullable(),
  /** How the current registration was paid; null when free, or not charged yet (waitlisted, offered). */
  payment: ZRegistrationPayment.nullable(),
});
export type TMyRegistration = z.infer<typeof ZMyRegistration>;

export const ZEventPage = ZEventSummary.extend({
  descriptionFrHtml: z.string(),
  descriptionEnHtml: z.string(),
  registeredCount: z.number().int(),
  waitlistCount: z.number().int(),
  /** Names of attendees who chose to be shown; never an address. */
  attendeeNames: z.array(z.string()),
  cancellationReason: z.string().nullable(),
  /** Whether the reader may run this event (owners, managers, admins). */
  canManage: z.boolean(),
  /** Whether registrations are still open, as of the request. */
  open: z.boolean(),
  mine: ZMyRegistration.nullable(),
  /** Paying with credit, for the signed-in reader: null when no lot of theirs covers the event. */
  creditOption: ZCreditOption.nullable(),
  /** A paid place cancelled by its member until then is refunded (the space's cancellation policy). */
  refundUntil: z.string().nullable(),
  /** How many times its time or place changed (the calendar file's SEQUENCE). */
  scheduleVersion: z.number().int(),
});
export type TEventPage = z.infer<typeof ZEventPage>;

/** A manager's view of an event: its form's values too. */
export const ZManagedEvent = ZEventSummary.extend({
  roomId: z.string().nullable(),
  descriptionFr: z.string(),
  descriptionEn: z.string(),
  form: z.object({
    startsAt: z.string(),
    endsAt: z.string(),
    registrationDeadline: z.string(),
  }),
  registeredCount: z.number().int(),
  waitlistCount: z.number().int(),
  attendedCount: z.number().int(),
  priceExclVatCents: z.number().int(),
  vatRateBasisPoints: z.number().int(),
});
export type TManagedEvent = z.infer<typeof ZManagedEvent>;

export const ZAttendee = z.object({
  registrationId: z.string(),
  name: z.string(),
  email: z.string(),
  status: ZRegistrationStatus,
  position: z.number().int().nullable(),
  checkedInAt: z.string().nullable(),
  payment: ZRegistrationPayment.nullable(),
});
export type TAttendee = z.infer<typeof ZAttendee>;

export const ZEventSettings = z.object({
  spaceId: z.string(),
  offerHours: z.number().int(),
});

// ——— Public and member operations ———

export const getEvent = defineCallable({
  name: 'events.get',
  input: z.object({ id: ZUuid }),
  output: ZEventPage,
  mutates: false,
  access: 'public',
});

/** Published events not yet ended, soonest first: the home page's (all spaces) or one space's. */
export const listUpcomingEvents = defineCallable({
  name: 'events.listUpcoming',
  input: z.object({ spaceId: ZUuid.optional(), limit: z.number().int().min(1).max(24).default(6) }),
  output: z.array(ZEventSummary),
  mutates: false,
  access: 'public',
});

/** How the member pays a paid place: at price (on site or by bank transfer) or with their credit. */
const ZPayWith = {
  payWith: z.enum(PAYMENT_CHOICES).default('price'),
  paymentMethod: ZPaymentMethod.default('on_site'),
};

export const registerForEvent = defineCallable({
  name: 'events.register',
  input: z.object({ eventId: ZUuid, showName: z.boolean().default(false), ...ZPayWith }),
  output: ZMyRegistration,
  mutates: true,
  access: 'signed-in',
});

export const cancelRegistration = defineCallable({
  name: 'events.cancelRegistration',
  input: z.object({ eventId: ZUuid }),
  output: ZMyRegistration,
  mutates: true,
  access: 'signed-in',
});

/** Accepting an offer takes the place and charges it then. */
export const acceptOffer = defineCallable({
  name: 'events.acceptOffer',
  input: z.object({ eventId: ZUuid, ...ZPayWith }),
  output: ZMyRegistration,
  mutates: true,
  access: 'signed-in',
});

export const declineOffer = defineCallable({
  name: 'events.declineOffer',
  input: z.object({ eventId: ZUuid }),
  output: ZMyRegistration,
  mutates: true,
  access: 'signed-in',
});

// ——— The back office ———

export const listManagedEvents = defineCallable({
  name: 'events.listManaged',
  input: z.object({ spaceId: ZUuid }),
  output: z.object({ events: z.array(ZManagedEvent), settings: ZEventSettings }),
  mutates: false,
  access: 'signed-in',
});

/** How many published events of a space take place on a day of its calendar (its time zone). */
export const countEventsOnDay = defineCallable({
  name: 'events.countOnDay',
  input: z.object({ spaceId: ZUuid, date: ZCalendarDate }),
  output: z.object({ count: z.number().int() }),
  mutates: false,
  access: 'signed-in',
});

export const getManagedEvent = defineCallable({
  name: 'events.getManaged',
  input: z.object({ id: ZUuid }),
  output: ZManagedEvent,
  mutates: false,
  access: 'signed-in',
});

export const createEvent = defineCallable({
  name: 'events.create',
  input: z.object({ spaceId: ZUuid, event: ZEventForm }),
  output: z.object({ id: z.string() }),
  mutates: true,
  access: 'signed-in',
});

export const updateEvent = defineCallable({
  name: 'events.update',
  input: z.object({ id: ZUuid, event: ZEventForm }),
  output: z.object({ id: z.string() }),
  mutates: true,
  access: 'signed-in',
});

export const publishEvent = defineCallable({
  name: 'events.publish',
  input: z.object({ id: ZUuid }),
  output: z.object({ id: z.string() }),
  mutates: true,
  access: 'signed-in',
});

export const cancelEvent = defineCallable({
  name: 'events.cancel',
  input: z.object({ id: ZUuid, reason: ZText.trim().max(500).default('') }),
  output: z.object({ id: z.string(), told: z.number().int() }),
  mutates: true,
  access: 'signed-in',
});

/** A copy as a draft, a week later by default: a series is made one by one. */
export const duplicateEvent = defineCallable({
  name: 'events.duplicate',
  input: z.object({ id: ZUuid }),
  output: z.object({ id: z.string() }),
  mutates: true,
  access: 'signed-in',
});

export const listAttendees = defineCallable({
  name: 'events.listAttendees',
  input: z.object({ id: ZUuid, query: ZText.trim().max(100).default('') }),
  output: z.object({
    attendees: z.array(ZAttendee),
    attendedCount: z.number().int(),
    expected: z.number().int(),
  }),
  mutates: false,
  access: 'signed-in',
});

/** One tap at the door: checks a registered person in, or undoes it. */
export const checkIn = defineCallable({
  name: 'events.checkIn',
  input: z.object({ registrationId: ZUuid, present: z.boolean() }),
  output: ZAttendee,
  mutates: true,
  access: 'signed-in',
});

/** A manager records that a place bought at price was paid (on site or by transfer): its invoice too. */
export const markRegistrationPaid = defineCallable({
  name: 'events.markPaid',
  input: z.object({ registrationId: ZUuid }),
  output: ZAttendee,
  mutates: true,
  access: 'signed-in',
});

export const updateEventSettings = defineCallable({
  name: 'events.updateSettings',
  input: z.object({ spaceId: ZUuid, offerHours: z.number().int().min(1).max(168) }),
  output: ZEventSettings,
  mutates: true,
  access: 'signed-in',
});

export { eventPath, eventTitleIn } from './events.plain';

import { z } from './zod';
import { defineCallable } from './callable';
import { refineRange } from './date-range';
import { pageFields, ZPage } from './pagination';
import { ZCalendarDate, ZIdempotencyKey, ZInstant, ZText, ZUuid } from './input';
import { ZPrice } from './pricing';
import { ZRoomKind } from './rooms';
import { CREDIT_UNITS, PAYMENT_CHOICES } from './formulas.plain';
import { MAX_REASON_LENGTH } from './reservations.plain';
import { CHECK_IN_VIAS, MAX_CHECK_IN_OPENS_MINUTES, MAX_GRACE_MINUTES, NO_SHOW_REFUNDS } from './check-in';

export * from './reservations.plain';

export const RESERVATION_STATUSES = [
  'pending',
  'confirmed',
  'completed',
  'cancelled',
  'declined',
  'no_show',
] as const;
export const ZReservationStatus = z.enum(RESERVATION_STATUSES);
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** The reservations a manager may mark as a no-show once started: confirmed, or completed by the sweep first. */
export const NO_SHOW_FROM_STATUSES = [
  'confirmed',
  'completed',
] as const satisfies readonly ReservationStatus[];

/**
 * The reservations that held their room (whether the member came or not): /statistics' occupancy and active
 * members (docs/decisions/030). Migration 0041's rollup writes the same list.
 */
export const HELD_RESERVATION_STATUSES = [
  'confirmed',
  'completed',
  'no_show',
] as const satisfies readonly ReservationStatus[];

/** A booking whose member is expected (or came): the arrivals of a day on the manager's home. */
export const ARRIVAL_STATUSES = ['confirmed', 'completed'] as const satisfies readonly ReservationStatus[];

/** How long a room availability request may span, and a space-wide one (all its rooms). */
export const MAX_ROOM_AVAILABILITY_DAYS = 31;
export const MAX_SPACE_AVAILABILITY_DAYS = 7;
/** When a space has not set its own policy, members cancel for free until this many hours before. */
export const DEFAULT_FREE_CANCELLATION_HOURS = 24;
export const MAX_FREE_CANCELLATION_HOURS = 720;
export const MAX_TITLE_LENGTH = 120;

export const ZRoomId = ZUuid;
export const ZReservationId = ZUuid;

export const ZInterval = z.object({ start: z.string(), end: z.string() });
export type TInterval = z.infer<typeof ZInterval>;

// ——— Availability ———

export const SLOT_STATES = ['free', 'booked', 'unavailable'] as const;
export const ZSlotState = z.enum(SLOT_STATES);
export type SlotState = (typeof SLOT_STATES)[number];

/**
 * One step of the calendar inside opening hours: `free` when a booking of the minimum length can start
 * there, `booked` when a reservation holds it, `unavailable` otherwise (too soon, too far, not enough room
 * before the next booking). `date` and `time` are wall-clock in the space's zone.
 */
export const ZSlot = z.object({
  startsAt: z.string(),
  date: z.string(),
  time: z.string(),
  state: ZSlotState,
});
export type TSlot = z.infer<typeof ZSlot>;

export const ZAvailabilityDay = z.object({
  date: z.string(),
  /** When the space is open that day (UTC instants). */
  open: z.array(ZInterval),
  /** When a booking may take place that day: open, not held, after the lead time, within the horizon. */
  free: z.array(ZInterval),
});
export type TAvailabilityDay = z.infer<typeof ZAvailabilityDay>;

export const ZRoomAvailability = z.object({
  roomId: z.string(),
  timeZone: z.string(),
  capacity: z.number().int(),
  stepMinutes: z.number().int(),
  minDurationMinutes: z.number().int(),
  maxDurationMinutes: z.number().int(),
  requiresApproval: z.boolean(),
  /** True when this is the union of a desk group: booking it assigns any free desk. */
  anyDesk: z.boolean(),
  days: z.array(ZAvailabilityDay),
  slots: z.array(ZSlot),
});
export type TRoomAvailability = z.infer<typeof ZRoomAvailability>;

/** Free time and bookable starts of one room (or of its desk group) between two dates of its space. */
export const getAvailability = defineCallable({
  name: 'reservations.getAvailability',
  input: z
    .object({ roomId: ZRoomId, from: ZCalendarDate, to: ZCalendarDate, anyDesk: z.boolean().default(false) })
    .superRefine(refineRange('from', 'to', { maxDays: MAX_ROOM_AVAILABILITY_DAYS })),
  output: ZRoomAvailability,
  mutates: false,
  access: 'public',
});

export const ZSpaceAvailability = z.object({
  spaceId: z.string(),
  timeZone: z.string(),
  rooms: z.array(
    z.object({
      roomId: z.string(),
      free: z.array(ZInterval),
      /** Instants where a booking of the room's minimum length can start. */
      starts: z.array(z.string()),
    }),
  ),
});
export type TSpaceAvailability = z.infer<typeof ZSpaceAvailability>;

/** Every room of a published space at once (one query), for the space page and search. */
export const getSpaceAvailability = defineCallable({
  name: 'reservations.getSpaceAvailability',
  input: z
    .object({ spaceId: ZUuid, from: ZCalendarDate, to: ZCalendarDate })
    .superRefine(refineRange('from', 'to', { maxDays: MAX_SPACE_AVAILABILITY_DAYS })),
  output: ZSpaceAvailability,
  mutates: false,
  access: 'public',
});

// ——— Booking ———

const slotFields = {
  roomId: ZRoomId,
  startsAt: ZInstant,
  endsAt: ZInstant,
  attendees: z.number().int().min(1).max(10_000),
  /** Book any free desk of the room's desk group rather than this desk. */
  anyDesk: z.boolean().default(false),
};

/** A slot ends after it starts (the room's own rules, length among them, are the server's to check). */
function checkSlotOrder(slot: { startsAt: string; endsAt: string }, issues: z.RefinementCtx) {
  if (Date.parse(slot.endsAt) <= Date.parse(slot.startsAt)) {
    issues.addIssue({ code: 'custom', path: ['endsAt'], message: 'end-before-start' });
  }
}

export const ZSlotRequest = z.object(slotFields).superRefine(checkSlotOrder);

export const quoteReservation = defineCallable({
  name: 'reservations.quote',
  input: ZSlotRequest,
  output: ZPrice,
  mutates: false,
  access: 'public',
});

export const ZBookingForm = z
  .object({
    ...slotFields,
    title: ZText.trim().max(MAX_TITLE_LENGTH).default(''),
    idempotencyKey: ZIdempotencyKey,
    /** At the room's price, or with the member's credits (the server picks the lot). */
    payWith: z.enum(PAYMENT_CHOICES).default('price'),
  })
  .superRefine(checkSlotOrder);

export const ZReservationRoom = z.object({ id: z.string(), name: z.string(), kind: ZRoomKind });
export const ZReservationSpace = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  timeZone: z.string(),
  addressLine: z.string(),
  postcode: z.string(),
  city: z.string(),
});

/** A reservation as its member (or a manager of its space) sees it. */
export const ZReservation = z.object({
  id: z.string(),
  status: ZReservationStatus,
  room: ZReservationRoom,
  space: ZReservationSpace,
  startsAt: z.string(),
  endsAt: z.string(),
  attendees: z.number().int(),
  title: z.string(),
  price: ZPrice,
  createdAt: z.string(),
  /** A pending request is cancelled by the system when not decided by then. */
  expiresAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.enum(['member', 'manager', 'system']).nullable(),
  cancellationReason: z.string().nullable(),
  /**
   * Until when its member may still cancel it online, for free (contract/cancellation.ts); null when it is
   * not active any more or that time has passed: then only the space's managers cancel it.
   */
  freeCancellationUntil: z.string().nullable(),
  /** When its member asked the space to cancel it (past the free-cancellation limit), and what they wrote. */
  cancellationRequestedAt: z.string().nullable(),
  cancellationRequestMessage: z.string().nullable(),
  /** Whether the person asking may cancel it now (a member within the policy, a manager any time). */
  canCancel: z.boolean(),
  /**
   * Paid with the member's credit: what it took, in its lot's unit, and whether it was given back on
   * cancelling; null when it is paid at its price.
   */
  paidWithCredits: z
    .object({ amount: z.number().int(), unit: z.enum(CREDIT_UNITS), refunded: z.boolean() })
    .nullable(),
  /**
   * Its check-in (contract/check-in.ts): null for a request, a cancelled or a declined booking. `code` is what
   * the room's door display asks for; `canCheckIn` whether the person asking may check it in now.
   */
  checkIn: z
    .object({
      code: z.string(),
      opensAt: z.string(),
      closesAt: z.string(),
      /** Whether the space releases it when nobody has checked in by `closesAt`. */
      releases: z.boolean(),
      checkedInAt: z.string().nullable(),
      via: z.enum(CHECK_IN_VIAS).nullable(),
      canCheckIn: z.boolean(),
    })
    .nullable(),
  /** When the release job made it a no-show (nobody checked in by the end of the grace period). */
  releasedAt: z.string().nullable(),
});
export type TReservation = z.infer<typeof ZReservation>;

export const createReservation = defineCallable({
  name: 'reservations.create',
  input: ZBookingForm,
  output: ZReservation,
  mutates: true,
  access: 'signed-in',
});

export const getReservation = defineCallable({
  name: 'reservations.get',
  input: z.object({ id: ZReservationId }),
  output: ZReservation,
  mutates: false,
  access: 'signed-in',
});

export const RESERVATION_SCOPES = ['upcoming', 'past'] as const;
export const MY_RESERVATIONS_PAGE_SIZE = 20;

/** My reservations: upcoming (not ended, soonest first) or past (latest first), by pages. */
export const listMyReservations = defineCallable({
  name: 'reservations.listMine',
  input: z.object({
    scope: z.enum(RESERVATION_SCOPES).default('upcoming'),
    page: ZPage,
  }),
  output: z.object({ items: z.array(ZReservation), ...pageFields }),
  mutates: false,
  access: 'signed-in',
});

export const ZReason = ZText.trim().min(3).max(MAX_REASON_LENGTH);

/** A member cancels within the free-cancellation window; a manager any time, saying why. */
export const cancelReservation = defineCallable({
  name: 'reservations.cancel',
  input: z.object({ id: ZReservationId, reason: ZReason.optional() }),
  output: ZReservation,
  mutates: true,
  access: 'signed-in',
});

/**
 * Past the free-cancellation limit, the member asks the space's managers to cancel (they are e-mailed and
 * see it with the requests to decide); asking again changes nothing.
 */
export const requestCancellation = defineCallable({
  name: 'reservations.requestCancellation',
  input: z.object({ id: ZReservationId, message: ZText.trim().max(MAX_REASON_LENGTH).default('') }),
  output: ZReservation,
  mutates: true,
  access: 'signed-in',
});

// ——— Managers ———

/** A reservation as a manager of its space sees it: with who booked. */
export const ZManagedReservation = ZReservation.extend({
  member: z.object({ name: z.string(), email: z.string() }),
});
export type TManagedReservation = z.infer<typeof ZManagedReservation>;

export const approveReservation = defineCallable({
  name: 'reservations.approve',
  input: z.object({ id: ZReservationId }),
  output: ZManagedReservation,
  mutates: true,
  access: 'signed-in',
});

export const declineReservation = defineCallable({
  name: 'reservations.decline',
  input: z.object({ id: ZReservationId, reason: ZReason }),
  output: ZManagedReservation,
  mutates: true,
  access: 'signed-in',
});

/** After its start, a manager records that nobody came. */
export const markNoShow = defineCallable({
  name: 'reservations.markNoShow',
  input: z.object({ id: ZReservationId }),
  output: ZManagedReservation,
  mutates: true,
  access: 'signed-in',
});

/**
 * Its member (or a manager of its space, from the planning) checks a confirmed booking in, within its
 * check-in window (contract/check-in.ts).
 */
export const checkInReservation = defineCallable({
  name: 'reservations.checkIn',
  input: z.object({ id: ZReservationId }),
  output: ZReservation,
  mutates: true,
  access: 'signed-in',
});

/** After its start, a manager closes a reservation as done (the background sweep does it at its end). */
export const markCompleted = defineCallable({
  name: 'reservations.markCompleted',
  input: z.object({ id: ZReservationId }),
  output: ZManagedReservation,
  mutates: true,
  access: 'signed-in',
});

export const ZManagedSpace = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  timeZone: z.string(),
  /** What waits for a decision: pending requests and cancellation requests (see `listForApproval`). */
  pendingCount: z.number().int(),
  freeCancellationHours: z.number().int(),
});
export type TManagedSpace = z.infer<typeof ZManagedSpace>;

/** The spaces I own or manage (all spaces for an admin), with their waiting requests. */
export const listManagedSpaces = defineCallable({
  name: 'reservations.listManagedSpaces',
  input: z.object({}),
  output: z.array(ZManagedSpace),
  mutates: false,
  access: 'signed-in',
});

/**
 * What waits for a decision in the spaces I manage (or in one of them), soonest start first: pending
 * requests, and confirmed bookings whose member asked the space to cancel.
 */
export const listForApproval = defineCallable({
  name: 'reservations.listForApproval',
  input: z.object({ spaceId: ZUuid.optional() }),
  output: z.array(ZManagedReservation),
  mutates: false,
  access: 'signed-in',
});

/** How many things of one kind wait in a space: an item of the manager's home. */
const ZCount = z.object({ count: z.number().int() });

/** How many requests and cancellation requests of one space wait for a decision. */
export const countAwaitingDecision = defineCallable({
  name: 'reservations.countAwaitingDecision',
  input: z.object({ spaceId: ZUuid }),
  output: ZCount,
  mutates: false,
  access: 'signed-in',
});

/** How many bookings of one space start on a day of its calendar (its time zone): that day's arrivals. */
export const countArrivals = defineCallable({
  name: 'reservations.countArrivals',
  input: z.object({ spaceId: ZUuid, date: ZCalendarDate }),
  output: ZCount,
  mutates: false,
  access: 'signed-in',
});

export const ZCalendarEntry = z.object({
  id: z.string(),
  roomId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: ZReservationStatus,
  title: z.string(),
  attendees: z.number().int(),
  memberName: z.string(),
  /** Its member asked the space to cancel it. */
  cancellationRequested: z.boolean(),
  checkedInAt: z.string().nullable(),
  /** Whether a manager may check it in now (confirmed, not checked in, its check-in window open). */
  canCheckIn: z.boolean(),
});
export type TCalendarEntry = z.infer<typeof ZCalendarEntry>;

export const ZSpaceCalendar = z.object({
  space: z.object({ id: z.string(), name: z.string(), timeZone: z.string() }),
  date: z.string(),
  /** The day in the space's zone, as UTC instants (23, 24 or 25 hours long). */
  day: ZInterval,
  open: z.array(ZInterval),
  rooms: z.array(z.object({ id: z.string(), name: z.string(), kind: ZRoomKind, capacity: z.number().int() })),
  entries: z.array(ZCalendarEntry),
});
export type TSpaceCalendar = z.infer<typeof ZSpaceCalendar>;

/** One day of a space, every room and its active and finished reservations: the manager's planning. */
export const getSpaceCalendar = defineCallable({
  name: 'reservations.spaceCalendar',
  input: z.object({ spaceId: ZUuid, date: ZCalendarDate }),
  output: ZSpaceCalendar,
  mutates: false,
  access: 'signed-in',
});

/** A space's check-in settings as its managers set them (contract/check-in.ts). */
export const ZCheckInSettings = z.object({
  releaseUnclaimed: z.boolean(),
  graceMinutes: z.number().int().min(1).max(MAX_GRACE_MINUTES),
  noShowRefund: z.enum(NO_SHOW_REFUNDS),
  opensMinutes: z.number().int().min(0).max(MAX_CHECK_IN_OPENS_MINUTES),
});

export const ZBookingPolicy = z.object({
  spaceId: z.string(),
  freeCancellationHours: z.number().int(),
  checkIn: ZCheckInSettings,
});
export type TBookingPolicy = z.infer<typeof ZBookingPolicy>;

export const getBookingPolicy = defineCallable({
  name: 'reservations.getPolicy',
  input: z.object({ spaceId: ZUuid }),
  output: ZBookingPolicy,
  mutates: false,
  access: 'public',
});

export const updateBookingPolicy = defineCallable({
  name: 'reservations.updatePolicy',
  input: z.object({
    spaceId: ZUuid,
    freeCancellationHours: z.number().int().min(0).max(MAX_FREE_CANCELLATION_HOURS),
    /** Left out: unchanged. */
    checkIn: ZCheckInSettings.optional(),
  }),
  output: ZBookingPolicy,
  mutates: true,
  access: 'signed-in',
});

// ——— Personal calendar feed ———

export const ZFeedStatus = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type TFeedStatus = z.infer<typeof ZFeedStatus>;

export const getFeedStatus = defineCallable({
  name: 'reservations.getFeed',
  input: z.object({}),
  output: ZFeedStatus,
  mutates: false,
  access: 'signed-in',
});

/** A new secret feed link (shown once); any previous link stops working. */
export const createFeedToken = defineCallable({
  name: 'reservations.createFeedToken',
  input: z.object({}),
  output: z.object({ url: z.string(), createdAt: z.string() }),
  mutates: true,
  access: 'signed-in',
});

export const revokeFeedToken = defineCallable({
  name: 'reservations.revokeFeedToken',
  input: z.object({}),
  output: ZFeedStatus,
  mutates: true,
  access: 'signed-in',
});

/** Minutes between two instants (real elapsed time: a booking across a clock change is priced as lived). */
export function minutesBetween(startsAt: string | Date, endsAt: string | Date): number {
  return Math.round((new Date(endsAt).getTime() - new Date(startsAt).getTime()) / 60_000);
}

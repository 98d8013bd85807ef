import { z } from './zod';
import { defineCallable } from './callable';
import { refineRange } from './date-range';
import { ZCalendarDate, ZUuid } from './input';
import { CURRENCIES } from './money';
import { ROOM_KINDS } from './rooms.plain';
import { MAX_STATISTICS_DAYS, REFUSED_BOOKING_REASONS } from './statistics.plain';

export * from './statistics.plain';

/**
 * /statistics (docs/decisions/030-statistics.md): a space's figures for a period, beside those of the period of
 * the same length just before it, read live from the database. Who may ask: the owners and managers of the
 * space; with no space named, every space the caller manages (a platform admin: every space). Members are
 * refused (`permission-denied`).
 *
 * Conventions: a period is `from`..`to`, local calendar days of each space's time zone, both included.
 * Durations are whole minutes; money is integer cents of `currency`, excluding VAT; rates are basis points
 * (10000 = 100 %), null when there is nothing to divide by (`rateBasisPoints`, statistics.plain.ts).
 */

const count = z.number().int().min(0);
const cents = z.number().int();
const rate = z.number().int().nullable();

export const ZStatisticsPeriod = z.object({ from: ZCalendarDate, to: ZCalendarDate });
export type TStatisticsPeriod = z.output<typeof ZStatisticsPeriod>;

export const ZStatisticsInput = z
  .object({
    /** One space; absent: every space the caller manages (an admin: all spaces). */
    spaceId: ZUuid.optional(),
    from: ZCalendarDate,
    to: ZCalendarDate,
    /** Only this room's bookings and hours (a room of `spaceId`); the money, memberships and members stay the space's. */
    roomId: ZUuid.optional(),
  })
  .superRefine(refineRange('from', 'to', { maxDays: MAX_STATISTICS_DAYS }))
  .refine((input) => !input.roomId || input.spaceId, { path: ['roomId'], message: 'room-needs-space' });
export type TStatisticsInput = z.input<typeof ZStatisticsInput>;

/** Booked minutes over open minutes (opening hours less closures, in the space's zone, daylight-saving days right). */
const ZUse = z.object({ openMinutes: count, bookedMinutes: count, occupancyBasisPoints: rate });
export type TUse = z.output<typeof ZUse>;

export const ZOccupancy = z.object({
  total: ZUse,
  /** Per room (of the one space asked; empty across several spaces). Archived rooms with bookings included. */
  rooms: z.array(ZUse.extend({ roomId: z.string(), name: z.string(), kind: z.enum(ROOM_KINDS) })),
  byKind: z.array(ZUse.extend({ kind: z.enum(ROOM_KINDS) })),
  /** Per space, across several spaces (empty for one space). */
  bySpace: z.array(ZUse.extend({ spaceId: z.string(), name: z.string() })),
});

/**
 * Member bookings (an event's hold of its room is not one) starting in the period. `confirmed`: confirmed or
 * completed (it happened or will); `lateCancelled`: cancelled after the space's free-cancellation deadline
 * (a part of `cancelled`); `noShowRate`: no-shows ÷ (confirmed + no-shows).
 */
export const ZBookingCounts = z.object({
  total: count,
  pending: count,
  confirmed: count,
  cancelled: count,
  lateCancelled: count,
  declined: count,
  noShows: count,
  noShowRateBasisPoints: rate,
});

/** Net revenue from the invoices and credit notes issued in the period (credit notes subtract): the accountant's export's. */
export const ZRevenue = z.object({
  currency: z.enum(CURRENCIES),
  totalExclVatCents: cents,
  /** `YYYY-MM` of the issue date, every month of the period listed (0 when nothing was issued). */
  byMonth: z.array(z.object({ month: z.string(), exclVatCents: cents })),
  /** bookings at price, formulas (plans), event places; `other` is what none of these (none today). */
  bySource: z.object({ bookings: cents, formulas: cents, eventPlaces: cents, other: cents }),
});

/** Credit ledger movements in the period, per unit: `used` is debits less refunds. */
const ZCreditMoves = z.object({ granted: count, used: z.number().int(), expired: count });
export const ZCredits = z.object({ minutes: ZCreditMoves, entries: ZCreditMoves });

/**
 * Memberships (formulas of kind `membership`): `activeAtStart`/`activeAtEnd` are the memberships running (active,
 * cancelling or paused) at the period's first and last instants; `new` started in it, `cancelled` ended in it,
 * `paused` had a pause overlapping it. MRR: the monthly price excl. VAT (a yearly one ÷ 12) of the memberships
 * running and not paused at the period's end. Churn: cancelled ÷ activeAtStart.
 */
export const ZMemberships = z.object({
  activeAtStart: count,
  activeAtEnd: count,
  new: count,
  cancelled: count,
  paused: count,
  mrrCents: cents,
  churnBasisPoints: rate,
});

/**
 * Events starting in the period (not cancelled): places taken (registered, offered, attended, no-show) over
 * capacity, people still in line when they started, offers of a freed place accepted or expired, and the door.
 */
export const ZEventFigures = z.object({
  events: count,
  capacity: count,
  placesTaken: count,
  fillRateBasisPoints: rate,
  waitlistedAtStart: count,
  offersAccepted: count,
  offersExpired: count,
  attended: count,
  noShows: count,
});

/** New: joined the space in the period (any role); active: booked (a booking starting in it) or attended an event. */
export const ZMemberFigures = z.object({ new: count, active: count });

/**
 * The demand the space turned away: searches in its city (for a date and size) whose results did not show it,
 * and those that found nothing at all; booking attempts refused, by reason; people still in line when an event
 * started. Counted without personal data (day asked for, city, size, reason); only dated searches in a city,
 * their first page. Across several spaces, `searches` and `searchesEmpty` count each city once and
 * `searchesMissed` sums each space's misses.
 */
export const ZDemand = z.object({
  searches: count,
  searchesMissed: count,
  searchesEmpty: count,
  /** By the number of people asked for (0: not said), most asked first. */
  bySize: z.array(z.object({ size: count, searches: count, missed: count, empty: count })),
  refused: z.object(
    Object.fromEntries(REFUSED_BOOKING_REASONS.map((reason) => [reason, count])) as Record<
      (typeof REFUSED_BOOKING_REASONS)[number],
      typeof count
    >,
  ),
  waitlistedAtStart: count,
});

export const ZFigures = z.object({
  occupancy: ZOccupancy,
  bookings: ZBookingCounts,
  revenue: ZRevenue,
  credits: ZCredits,
  memberships: ZMemberships,
  events: ZEventFigures,
  members: ZMemberFigures,
  demand: ZDemand,
});
export type TFigures = z.output<typeof ZFigures>;

/**
 * The weekday × hour grid of use over the period (not the previous one): `bookedMinutes[d][h]` and
 * `openMinutes[d][h]`, d = 0 for Monday … 6 for Sunday, h the local hour 0–23.
 */
export const ZHeatmap = z.object({
  bookedMinutes: z.array(z.array(count).length(24)).length(7),
  openMinutes: z.array(z.array(count).length(24)).length(7),
});
export type THeatmap = z.output<typeof ZHeatmap>;

export const ZStatistics = z.object({
  /** What was measured: the one space (with its zone) or several (`spaceId` null), and the room if one was asked. */
  scope: z.object({
    spaceId: z.string().nullable(),
    name: z.string().nullable(),
    timeZone: z.string().nullable(),
    spaces: count,
    roomId: z.string().nullable(),
  }),
  period: ZStatisticsPeriod,
  previousPeriod: ZStatisticsPeriod,
  current: ZFigures,
  previous: ZFigures,
  heatmap: ZHeatmap,
  /** When it was read (the service's clock). */
  computedAt: z.string(),
});
export type TStatistics = z.output<typeof ZStatistics>;

export const getStatistics = defineCallable({
  name: 'statistics.space',
  input: ZStatisticsInput,
  output: ZStatistics,
  mutates: false,
  access: 'signed-in',
});

export const ZStatisticsSpace = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  timeZone: z.string(),
});
export const ZStatisticsRoom = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(ROOM_KINDS),
  archived: z.boolean(),
});

/**
 * What the caller may look at: the spaces they manage (an admin: all, `allSpaces` true), by name, and the
 * rooms of `spaceId` (or of their first space when they manage one only; none otherwise). Members are refused.
 */
export const getStatisticsScope = defineCallable({
  name: 'statistics.scope',
  input: z.object({ spaceId: ZUuid.optional() }),
  output: z.object({
    allSpaces: z.boolean(),
    spaces: z.array(ZStatisticsSpace),
    rooms: z.array(ZStatisticsRoom),
    /** The space a period is computed in when none is chosen: its zone says what "today" is. */
    today: ZCalendarDate,
  }),
  mutates: false,
  access: 'signed-in',
});

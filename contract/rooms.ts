import { z } from './zod';
import { ZRoomAmenity } from './amenities';
import { defineCallable } from './callable';
import { ZText } from './input';
import { CURRENCIES, inclVat } from './money';
import { ZPhoto } from './photos';
import { ROOM_KINDS } from './rooms.plain';

export * from './rooms.plain';

export const ZRoomKind = z.enum(ROOM_KINDS);

/** Prices with VAT, the amounts people are shown; the rate lets a page say how much of it is VAT. */
export const ZRoomPrices = z.object({
  currency: z.enum(CURRENCIES),
  vatRateBasisPoints: z.number().int(),
  hourlyCents: z.number().int().nullable(),
  halfDayCents: z.number().int().nullable(),
  dayCents: z.number().int().nullable(),
  /** The price with VAT of the shortest booking allowed. */
  fromCents: z.number().int().nullable(),
  /** The same prices excluding VAT, as invoices state them. */
  exclVat: z.object({
    hourlyCents: z.number().int().nullable(),
    halfDayCents: z.number().int().nullable(),
    dayCents: z.number().int().nullable(),
  }),
});
export type TRoomPrices = z.infer<typeof ZRoomPrices>;

/** A room's prices as stored (excluding VAT, and the cached "from" price with VAT) as pages show them. */
export function roomPricesOf(row: {
  hourlyPriceCents: number | null;
  halfDayPriceCents: number | null;
  dayPriceCents: number | null;
  vatRateBasisPoints: number;
  fromPriceInclVatCents: number | null;
}): TRoomPrices {
  const gross = (net: number | null) => (net === null ? null : inclVat(net, row.vatRateBasisPoints));
  return {
    currency: 'EUR',
    vatRateBasisPoints: row.vatRateBasisPoints,
    hourlyCents: gross(row.hourlyPriceCents),
    halfDayCents: gross(row.halfDayPriceCents),
    dayCents: gross(row.dayPriceCents),
    fromCents: row.fromPriceInclVatCents,
    exclVat: {
      hourlyCents: row.hourlyPriceCents,
      halfDayCents: row.halfDayPriceCents,
      dayCents: row.dayPriceCents,
    },
  };
}

export const ZRoomRules = z.object({
  minDurationMinutes: z.number().int(),
  maxDurationMinutes: z.number().int(),
  bookingStepMinutes: z.number().int(),
  bufferMinutes: z.number().int(),
  leadTimeMinutes: z.number().int(),
  horizonDays: z.number().int(),
  requiresApproval: z.boolean(),
});
export type TRoomRules = z.infer<typeof ZRoomRules>;

/** A room's booking rules, read from its row (or any object that has them). */
export function roomRulesOf(room: TRoomRules): TRoomRules {
  return {
    minDurationMinutes: room.minDurationMinutes,
    maxDurationMinutes: room.maxDurationMinutes,
    bookingStepMinutes: room.bookingStepMinutes,
    bufferMinutes: room.bufferMinutes,
    leadTimeMinutes: room.leadTimeMinutes,
    horizonDays: room.horizonDays,
    requiresApproval: room.requiresApproval,
  };
}

export const ZRoomSummary = z.object({
  id: z.string(),
  kind: ZRoomKind,
  name: z.string(),
  capacity: z.number().int(),
  amenities: z.array(ZRoomAmenity),
  prices: ZRoomPrices,
  deskGroup: z.string().nullable(),
  cover: ZPhoto.nullable(),
});
export type TRoomSummary = z.infer<typeof ZRoomSummary>;

/** The space a room page needs to name and link back to. */
export const ZRoomSpace = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  postcode: z.string(),
  addressLine: z.string(),
  timeZone: z.string(),
  color: z.string().nullable(),
});

export const ZRoomDetail = ZRoomSummary.extend({
  description: z.string(),
  photos: z.array(ZPhoto),
  rules: ZRoomRules,
  space: ZRoomSpace,
  updatedAt: z.string(),
});
export type TRoomDetail = z.infer<typeof ZRoomDetail>;

/** A space named in a URL: its slug or its id. */
export const ZSpaceRef = ZText.trim().min(1).max(120);

/**
 * A room of a published space. With `spaceRef` (from `/spaces/{spaceid}/rooms/{roomid}`) the room must
 * belong to that space, else `not-found`.
 */
export const getRoom = defineCallable({
  name: 'rooms.get',
  input: z.object({ roomId: ZText.trim().min(1).max(64), spaceRef: ZSpaceRef.optional() }),
  output: ZRoomDetail,
  mutates: false,
  access: 'public',
});

import { z } from './zod';
import { CURRENCIES, withVatBreakdown } from './money';

/**
 * What booking a room costs: the one implementation of the rule, used to price a booking, a quote and
 * the demo data. Its SQL twin, for what PostgreSQL prices itself (search by length, the rooms' "from"
 * price), is `priceExclVatSql` (server/db/schema/rooms.ts); `server/db/rooms-pricing.test.ts` runs both on a table of
 * prices and lengths and compares them.
 */

/** A half-day covers bookings up to this long; a day covers any booking within one day. */
export const HALF_DAY_MINUTES = 240;

export const PRICING_BASES = ['hourly', 'half_day', 'day'] as const;
export const ZPricingBasis = z.enum(PRICING_BASES);
export type PricingBasis = (typeof PRICING_BASES)[number];

/** A room's prices as set and stored: integer cents excluding VAT, null when it has none for that basis. */
export interface RoomPricesExclVat {
  hourlyPriceCents: number | null;
  halfDayPriceCents: number | null;
  dayPriceCents: number | null;
}

export const ZPrice = z.object({
  basis: ZPricingBasis,
  minutes: z.number().int(),
  exclVatCents: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
  vatRateBasisPoints: z.number().int(),
  currency: z.enum(CURRENCIES),
});
export type TPrice = z.infer<typeof ZPrice>;

/**
 * The price of booking `minutes`: the cheapest of the hourly price per started hour, the half-day price
 * (up to 4 h) and the day price, with the basis that gave it (on a tie, the first of hourly, half-day,
 * day). Null when no price covers that length.
 */
export function priceBooking(
  prices: RoomPricesExclVat & { vatRateBasisPoints: number },
  minutes: number,
): TPrice | null {
  const candidates: Array<[PricingBasis, number | null]> = [
    ['hourly', prices.hourlyPriceCents === null ? null : prices.hourlyPriceCents * Math.ceil(minutes / 60)],
    ['half_day', minutes <= HALF_DAY_MINUTES ? prices.halfDayPriceCents : null],
    ['day', prices.dayPriceCents],
  ];
  let best: [PricingBasis, number] | null = null;
  for (const [basis, amount] of candidates) {
    if (amount !== null && (best === null || amount < best[1])) best = [basis, amount];
  }
  if (!best) return null;
  const amounts = withVatBreakdown(best[1], prices.vatRateBasisPoints);
  return {
    basis: best[0],
    minutes,
    exclVatCents: amounts.exclVatCents,
    vatCents: amounts.vatCents,
    totalCents: amounts.inclVatCents,
    vatRateBasisPoints: prices.vatRateBasisPoints,
    currency: 'EUR',
  };
}

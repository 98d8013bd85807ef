import { callableRef } from './callable';
import type { getStatistics, getStatisticsScope } from './statistics';

/**
 * The fixed lists of /statistics (docs/decisions/030-statistics.md), without zod, so the database schema
 * and the page read them as the contract does.
 */

/** Why a booking attempt was refused, as the turned-away demand counts it (contract/reservations.plain.ts' reasons). */
export const REFUSED_BOOKING_REASONS = ['slot-taken', 'closed', 'lead-time', 'horizon'] as const;
export type RefusedBookingReason = (typeof REFUSED_BOOKING_REASONS)[number];

/**
 * What a row of `demand_counts` counts: a search in a city (`search`), one that found nothing (`search-empty`),
 * a space shown in a search's results (`search-shown`, per space), a refused booking attempt (per space, by
 * reason).
 */
export const DEMAND_KINDS = ['search', 'search-empty', 'search-shown', ...REFUSED_BOOKING_REASONS] as const;
export type DemandKind = (typeof DEMAND_KINDS)[number];

/**
 * Where revenue comes from: a booking at its price, a formula (an order of a plan), an event place (an
 * order of a registration), anything else (a hand-made invoice). A credit note's is its invoice's.
 */
export const REVENUE_SOURCES = ['bookings', 'formulas', 'eventPlaces', 'other'] as const;
export type RevenueSource = (typeof REVENUE_SOURCES)[number];

/** The longest period one request may ask for (days, both ends included): three years. */
export const MAX_STATISTICS_DAYS = 1100;

/** A rate in basis points (10000 = 100 %), or null when its denominator is 0. */
export function rateBasisPoints(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part * 10_000) / whole) : null;
}

/** The page's operations, by name (contract/callable.ts, CallableRef). */
export const statisticsCalls = {
  scope: callableRef<typeof getStatisticsScope>('statistics.scope'),
  space: callableRef<typeof getStatistics>('statistics.space'),
};

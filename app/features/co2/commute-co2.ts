import { EMISSION_FACTORS, type CommuteMode } from './emission-factors';

export interface CommuteInput {
  /** One way, home to the usual workplace. */
  distanceKm: number;
  mode: CommuteMode;
  /** Days a week worked near home instead of commuting. */
  daysPerWeek: number;
  weeksPerYear: number;
}

export interface CommuteSavings {
  kmPerWeek: number;
  kmPerYear: number;
  kgCo2ePerWeek: number;
  kgCo2ePerYear: number;
}

/**
 * What is avoided by working near home: each such day saves the round trip (twice the one-way distance)
 * in the usual mode. The short trip to the nearby space is assumed to be on foot or by bike (zero).
 */
export function computeCommuteSavings(input: CommuteInput): CommuteSavings {
  const factor = EMISSION_FACTORS[input.mode].kgCo2ePerKm;
  const kmPerWeek = input.distanceKm * 2 * input.daysPerWeek;
  const kmPerYear = kmPerWeek * input.weeksPerYear;
  return {
    kmPerWeek,
    kmPerYear,
    kgCo2ePerWeek: kmPerWeek * factor,
    kgCo2ePerYear: kmPerYear * factor,
  };
}

import { describe, expect, it } from 'vitest';
import { computeCommuteSavings } from './commute-co2';
import { evaluateCommuteForm, readCommuteQuery } from './commute-form';
import { COMMUTE_MODES, EMISSION_FACTORS, type CommuteMode } from './emission-factors';

/** The savings of a commute over 47 weeks a year, the working year every case here counts. */
const savingsOf = (distanceKm: number, mode: CommuteMode, daysPerWeek: number) =>
  computeCommuteSavings({ distanceKm, mode, daysPerWeek, weeksPerYear: 47 });

describe('commute CO2 avoided', () => {
  it('counts a round trip per day near home at the mode’s factor', () => {
    // 20 km one way by petrol car, 2 days a week, 47 weeks: 80 km a week at 0.2234 kg CO2e/km.
    const savings = savingsOf(20, 'carPetrol', 2);
    expect(savings.kmPerWeek).toBe(80);
    expect(savings.kmPerYear).toBe(3760);
    expect(savings.kgCo2ePerWeek).toBeCloseTo(17.872, 6);
    expect(savings.kgCo2ePerYear).toBeCloseTo(839.984, 6);
  });

  it('gives small savings for rail and none for cycling or walking', () => {
    const rail = savingsOf(30, 'rail', 3);
    expect(rail.kgCo2ePerWeek).toBeCloseTo(30 * 2 * 3 * 0.00978, 9);
    const bike = savingsOf(5, 'bikeOrWalk', 5);
    expect(bike.kgCo2ePerYear).toBe(0);
    expect(bike.kmPerYear).toBe(2350);
  });

  it('has a published factor for every mode, a car emitting more than an electric car or the train', () => {
    for (const mode of COMMUTE_MODES) expect(EMISSION_FACTORS[mode].kgCo2ePerKm).toBeGreaterThanOrEqual(0);
    expect(EMISSION_FACTORS.carPetrol.kgCo2ePerKm).toBeGreaterThan(EMISSION_FACTORS.carElectric.kgCo2ePerKm);
    expect(EMISSION_FACTORS.carElectric.kgCo2ePerKm).toBeGreaterThan(EMISSION_FACTORS.rail.kgCo2ePerKm);
  });
});

describe('commute form', () => {
  it('accepts a French decimal comma and computes the result', () => {
    const outcome = evaluateCommuteForm({ distance: '12,5', mode: 'carDiesel', days: '1', weeks: '47' });
    expect(outcome.ok && outcome.savings.kgCo2ePerWeek).toBeCloseTo(25 * 0.2121, 9);
  });

  it('names the field in error with a translation key, empty meaning missing', () => {
    const outcome = evaluateCommuteForm({ distance: '', mode: 'plane', days: '2.5', weeks: '60' });
    expect(outcome).toEqual({
      ok: false,
      errors: {
        distance: 'errors.distanceRequired',
        mode: 'errors.modeInvalid',
        days: 'errors.daysRange',
        weeks: 'errors.weeksRange',
      },
    });
    const notNumber = evaluateCommuteForm({ distance: 'loin', mode: 'bus', days: '2', weeks: '47' });
    expect(notNumber).toEqual({ ok: false, errors: { distance: 'errors.notANumber' } });
    const tooFar = evaluateCommuteForm({ distance: '301', mode: 'bus', days: '0', weeks: '47' });
    expect(tooFar).toEqual({
      ok: false,
      errors: { distance: 'errors.distanceRange', days: 'errors.daysRange' },
    });
  });

  it('reads the query of a submitted form and keeps defaults on a first visit', () => {
    expect(readCommuteQuery(new URLSearchParams(''))).toEqual({
      submitted: false,
      values: { distance: '', mode: 'carPetrol', days: '2', weeks: '47' },
    });
    expect(readCommuteQuery(new URLSearchParams('distance=20&mode=bus&days=3&weeks=40'))).toEqual({
      submitted: true,
      values: { distance: '20', mode: 'bus', days: '3', weeks: '40' },
    });
  });
});

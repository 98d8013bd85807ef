import { describe, expect, it } from 'vitest';
import { bookingCalls } from './reservations.plain';
import { createReservation, getAvailability, getBookingPolicy, quoteReservation } from './reservations';
import { getStatistics, getStatisticsScope, statisticsCalls } from './statistics';

describe('operations named without their schemas', () => {
  it('name the operations their types say', () => {
    expect(bookingCalls.getAvailability.name).toBe(getAvailability.name);
    expect(bookingCalls.getPolicy.name).toBe(getBookingPolicy.name);
    expect(bookingCalls.quote.name).toBe(quoteReservation.name);
    expect(bookingCalls.create.name).toBe(createReservation.name);
    expect(statisticsCalls.scope.name).toBe(getStatisticsScope.name);
    expect(statisticsCalls.space.name).toBe(getStatistics.name);
  });
});

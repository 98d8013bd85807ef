import { describe, expect, it } from 'vitest';
import { confirmProposal, importStatement } from './bank-statements';
import { statementCalls } from './bank-statements.plain';
import { acceptOffer, cancelRegistration, declineOffer, registerForEvent } from './events';
import { registrationCalls } from './events.plain';
import { buyFormula, getCreditOption } from './formulas';
import { formulaCalls, planCalls } from './formulas.plain';
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

  it('name the event registration and formula operations their types say', () => {
    expect(registrationCalls.register.name).toBe(registerForEvent.name);
    expect(registrationCalls.cancel.name).toBe(cancelRegistration.name);
    expect(registrationCalls.acceptOffer.name).toBe(acceptOffer.name);
    expect(registrationCalls.declineOffer.name).toBe(declineOffer.name);
    expect(formulaCalls.buy.name).toBe(buyFormula.name);
    expect(planCalls.creditOption.name).toBe(getCreditOption.name);
  });

  it('name the bank statement operations their types say', () => {
    expect(statementCalls.import.name).toBe(importStatement.name);
    expect(statementCalls.confirm.name).toBe(confirmProposal.name);
  });
});

import { describe, expect, it } from 'vitest';
import { listActivity } from './activity';
import { activityCalls } from './activity.plain';
import { acceptInvitation } from './back-office';
import { invitationCalls } from './back-office.plain';
import { confirmProposal, importStatement } from './bank-statements';
import { statementCalls } from './bank-statements.plain';
import { acceptOffer, cancelRegistration, declineOffer, registerForEvent } from './events';
import { registrationCalls } from './events.plain';
import { acknowledgeDocument } from './documents';
import { documentCalls } from './documents.plain';
import { buyFormula, cancelPlan, endPause, getCreditOption, pausePlan, previewPause } from './formulas';
import { formulaCalls, myPlanCalls, planCalls } from './formulas.plain';
import { bookingCalls, myReservationCalls } from './reservations.plain';
import {
  cancelReservation,
  checkInReservation,
  createFeedToken,
  createReservation,
  getAvailability,
  getBookingPolicy,
  quoteReservation,
  requestCancellation,
  revokeFeedToken,
} from './reservations';
import { revokeMandate, signMandate } from './sepa';
import { mandateCalls } from './sepa.plain';
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

  it("name the signed-in pages' operations their types say", () => {
    expect(invitationCalls.accept.name).toBe(acceptInvitation.name);
    expect(activityCalls.list.name).toBe(listActivity.name);
    expect(documentCalls.acknowledge.name).toBe(acknowledgeDocument.name);
    expect(myPlanCalls.cancel.name).toBe(cancelPlan.name);
    expect(myPlanCalls.previewPause.name).toBe(previewPause.name);
    expect(myPlanCalls.pause.name).toBe(pausePlan.name);
    expect(myPlanCalls.endPause.name).toBe(endPause.name);
    expect(mandateCalls.sign.name).toBe(signMandate.name);
    expect(mandateCalls.revoke.name).toBe(revokeMandate.name);
    expect(myReservationCalls.cancel.name).toBe(cancelReservation.name);
    expect(myReservationCalls.requestCancellation.name).toBe(requestCancellation.name);
    expect(myReservationCalls.checkIn.name).toBe(checkInReservation.name);
    expect(myReservationCalls.createFeedToken.name).toBe(createFeedToken.name);
    expect(myReservationCalls.revokeFeedToken.name).toBe(revokeFeedToken.name);
  });
});

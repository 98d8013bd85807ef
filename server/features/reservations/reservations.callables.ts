import {
  approveReservation,
  cancelReservation,
  checkInReservation,
  countArrivals,
  countAwaitingDecision,
  createFeedToken,
  createReservation,
  declineReservation,
  getAvailability,
  getBookingPolicy,
  getFeedStatus,
  getReservation,
  getSpaceAvailability,
  getSpaceCalendar,
  listForApproval,
  listManagedSpaces,
  listMyReservations,
  markCompleted,
  markNoShow,
  quoteReservation,
  requestCancellation,
  revokeFeedToken,
  updateBookingPolicy,
} from '#contract/reservations';
import { implement } from '../../platform/callables';
import { checkInReservation as checkIn } from '../../platform/check-in';
import { requireSignedIn } from '../../platform/policy';
import * as availability from './availability.service';
import * as booking from './booking.service';
import * as feed from './feed.service';
import * as lifecycle from './lifecycle.service';
import * as queries from './queries.service';
import { toManagedReservation, toReservation } from './reservation-view';

/**
 * The reservations API. Every operation names who may call it in the contract (`access`); the ones that
 * touch a space's bookings check the caller's role for that space in the service. Each hands its call
 * context to the service as it is: its `now` is the request's (tests fix the app's clock).
 */
export const reservationsCallables = [
  implement(getAvailability, (input, ctx) => availability.getRoomAvailability(ctx, input)),
  implement(getSpaceAvailability, (input, ctx) => availability.getSpaceAvailability(ctx, input)),
  implement(quoteReservation, (input, ctx) => booking.quoteSlot(ctx, input)),
  implement(createReservation, async (input, ctx) =>
    toReservation(await booking.createReservation(ctx, input), 'member', ctx.now),
  ),
  implement(getReservation, async ({ id }, ctx) => {
    const user = requireSignedIn(ctx.actor);
    const { record } = await lifecycle.visibleRecord(ctx, id);
    return toReservation(record, record.member.id === user.id ? 'member' : 'manager', ctx.now);
  }),
  implement(listMyReservations, (input, ctx) => queries.listMyReservations(ctx, input)),
  implement(cancelReservation, async (input, ctx) => {
    const { record, as } = await lifecycle.cancelReservation(ctx, input);
    return toReservation(record, as, ctx.now);
  }),
  implement(requestCancellation, async (input, ctx) =>
    toReservation(await lifecycle.requestCancellation(ctx, input), 'member', ctx.now),
  ),
  implement(approveReservation, async ({ id }, ctx) =>
    toManagedReservation(await lifecycle.approveReservation(ctx, id), ctx.now),
  ),
  implement(declineReservation, async (input, ctx) =>
    toManagedReservation(await lifecycle.declineReservation(ctx, input), ctx.now),
  ),
  implement(checkInReservation, async ({ id }, ctx) => {
    const done = await checkIn(ctx, { reservationId: id });
    const { record, manages } = await lifecycle.visibleRecord(ctx, id);
    return toReservation(record, done.via === 'member' && !manages ? 'member' : 'manager', ctx.now);
  }),
  implement(markNoShow, async ({ id }, ctx) =>
    toManagedReservation(await lifecycle.markNoShow(ctx, id), ctx.now),
  ),
  implement(markCompleted, async ({ id }, ctx) =>
    toManagedReservation(await lifecycle.markCompleted(ctx, id), ctx.now),
  ),
  implement(listManagedSpaces, (_input, ctx) => queries.listManagedSpaces(ctx)),
  implement(countAwaitingDecision, ({ spaceId }, ctx) => queries.countAwaitingDecision(ctx, spaceId)),
  implement(countArrivals, (input, ctx) => queries.countArrivals(ctx, input)),
  implement(listForApproval, (input, ctx) => queries.listForApproval(ctx, input)),
  implement(getSpaceCalendar, (input, ctx) => queries.getSpaceCalendar(ctx, input)),
  implement(getBookingPolicy, ({ spaceId }, ctx) => queries.getBookingPolicy(ctx, spaceId)),
  implement(updateBookingPolicy, (input, ctx) => queries.updateBookingPolicy(ctx, input)),
  implement(getFeedStatus, (_input, ctx) => feed.getFeedStatus(ctx)),
  implement(createFeedToken, (_input, ctx) => feed.createFeedToken(ctx, { baseUrl: ctx.config.baseUrl })),
  implement(revokeFeedToken, (_input, ctx) => feed.revokeFeedToken(ctx)),
];

import {
  approveReservation,
  cancelReservation,
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
import { requireSignedIn } from '../../platform/policy';
import * as availability from './availability.service';
import * as booking from './booking.service';
import * as feed from './feed.service';
import * as lifecycle from './lifecycle.service';
import * as queries from './queries.service';
import { toManagedReservation, toReservation } from './reservation-view';

/** What time it is for the rules; tests pass a fixed clock to reach a daylight-saving Sunday. */
export type Clock = () => Date;

/**
 * The reservations API. Every operation names who may call it in the contract (`access`); the ones that
 * touch a space's bookings check the caller's role for that space in the service.
 */
export function createReservationsCallables(clock: Clock = () => new Date()) {
  return [
    implement(getAvailability, (input, { db }) => availability.getRoomAvailability(db, input, clock())),
    implement(getSpaceAvailability, (input, { db }) => availability.getSpaceAvailability(db, input, clock())),
    implement(quoteReservation, (input, { db }) => booking.quoteSlot(db, input, clock())),
    implement(createReservation, async (input, { db, actor }) => {
      const now = clock();
      const record = await booking.createReservation(db, requireSignedIn(actor), input, now);
      return toReservation(record, 'member', now);
    }),
    implement(getReservation, async ({ id }, { db, actor }) => {
      const user = requireSignedIn(actor);
      const { record } = await lifecycle.visibleRecord(db, user, id);
      return toReservation(record, record.member.id === user.id ? 'member' : 'manager', clock());
    }),
    implement(listMyReservations, (input, { db, actor }) =>
      queries.listMyReservations(db, requireSignedIn(actor), input, clock()),
    ),
    implement(cancelReservation, async (input, { db, actor }) => {
      const now = clock();
      const { record, as } = await lifecycle.cancelReservation(db, requireSignedIn(actor), input, now);
      return toReservation(record, as, now);
    }),
    implement(requestCancellation, async (input, { db, actor }) => {
      const now = clock();
      const record = await lifecycle.requestCancellation(db, requireSignedIn(actor), input, now);
      return toReservation(record, 'member', now);
    }),
    implement(approveReservation, async ({ id }, { db, actor }) => {
      const now = clock();
      return toManagedReservation(
        await lifecycle.approveReservation(db, requireSignedIn(actor), id, now),
        now,
      );
    }),
    implement(declineReservation, async ({ id, reason }, { db, actor }) => {
      const now = clock();
      const record = await lifecycle.declineReservation(db, requireSignedIn(actor), id, reason, now);
      return toManagedReservation(record, now);
    }),
    implement(markNoShow, async ({ id }, { db, actor }) => {
      const now = clock();
      return toManagedReservation(await lifecycle.markNoShow(db, requireSignedIn(actor), id, now), now);
    }),
    implement(markCompleted, async ({ id }, { db, actor }) => {
      const now = clock();
      return toManagedReservation(await lifecycle.markCompleted(db, requireSignedIn(actor), id, now), now);
    }),
    implement(listManagedSpaces, (_input, { db, actor }) =>
      queries.listManagedSpaces(db, requireSignedIn(actor), clock()),
    ),
    implement(listForApproval, (input, { db, actor }) =>
      queries.listForApproval(db, requireSignedIn(actor), input, clock()),
    ),
    implement(getSpaceCalendar, (input, { db, actor }) =>
      queries.getSpaceCalendar(db, requireSignedIn(actor), input),
    ),
    implement(getBookingPolicy, ({ spaceId }, { db, actor }) => queries.getBookingPolicy(db, actor, spaceId)),
    implement(updateBookingPolicy, (input, { db, actor }) =>
      queries.updateBookingPolicy(db, requireSignedIn(actor), input),
    ),
    implement(getFeedStatus, (_input, { db, actor }) => feed.getFeedStatus(db, requireSignedIn(actor).id)),
    implement(createFeedToken, (_input, { db, actor, config }) =>
      feed.createFeedToken(db, requireSignedIn(actor).id, config.baseUrl, clock()),
    ),
    implement(revokeFeedToken, (_input, { db, actor }) =>
      feed.revokeFeedToken(db, requireSignedIn(actor).id, clock()),
    ),
  ];
}

export const reservationsCallables = createReservationsCallables();

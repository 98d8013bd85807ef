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
import { signedInUser } from './access';
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
    implement(createReservation, async (input, { db, session }) => {
      const now = clock();
      const record = await booking.createReservation(db, signedInUser(session), input, now);
      return toReservation(record, 'member', now);
    }),
    implement(getReservation, async ({ id }, { db, session }) => {
      const user = signedInUser(session);
      const { record } = await lifecycle.visibleRecord(db, user, id);
      return toReservation(record, record.member.id === user.id ? 'member' : 'manager', clock());
    }),
    implement(listMyReservations, (input, { db, session }) =>
      queries.listMyReservations(db, signedInUser(session), input, clock()),
    ),
    implement(cancelReservation, async (input, { db, session }) => {
      const now = clock();
      const { record, as } = await lifecycle.cancelReservation(db, signedInUser(session), input, now);
      return toReservation(record, as, now);
    }),
    implement(requestCancellation, async (input, { db, session }) => {
      const now = clock();
      const record = await lifecycle.requestCancellation(db, signedInUser(session), input, now);
      return toReservation(record, 'member', now);
    }),
    implement(approveReservation, async ({ id }, { db, session }) => {
      const now = clock();
      return toManagedReservation(
        await lifecycle.approveReservation(db, signedInUser(session), id, now),
        now,
      );
    }),
    implement(declineReservation, async ({ id, reason }, { db, session }) => {
      const now = clock();
      const record = await lifecycle.declineReservation(db, signedInUser(session), id, reason, now);
      return toManagedReservation(record, now);
    }),
    implement(markNoShow, async ({ id }, { db, session }) => {
      const now = clock();
      return toManagedReservation(await lifecycle.markNoShow(db, signedInUser(session), id, now), now);
    }),
    implement(markCompleted, async ({ id }, { db, session }) => {
      const now = clock();
      return toManagedReservation(await lifecycle.markCompleted(db, signedInUser(session), id, now), now);
    }),
    implement(listManagedSpaces, (_input, { db, session }) =>
      queries.listManagedSpaces(db, signedInUser(session), clock()),
    ),
    implement(listForApproval, (input, { db, session }) =>
      queries.listForApproval(db, signedInUser(session), input, clock()),
    ),
    implement(getSpaceCalendar, (input, { db, session }) =>
      queries.getSpaceCalendar(db, signedInUser(session), input),
    ),
    implement(getBookingPolicy, ({ spaceId }, { db, session }) =>
      queries.getBookingPolicy(db, session?.user ?? null, spaceId),
    ),
    implement(updateBookingPolicy, (input, { db, session }) =>
      queries.updateBookingPolicy(db, signedInUser(session), input),
    ),
    implement(getFeedStatus, (_input, { db, session }) => feed.getFeedStatus(db, signedInUser(session).id)),
    implement(createFeedToken, (_input, { db, session, config }) =>
      feed.createFeedToken(db, signedInUser(session).id, config.baseUrl, clock()),
    ),
    implement(revokeFeedToken, (_input, { db, session }) =>
      feed.revokeFeedToken(db, signedInUser(session).id, clock()),
    ),
  ];
}

export const reservationsCallables = createReservationsCallables();

import type { ActivityChanges } from '#contract/activity';
import type { ActivityDetailsOf } from '#contract/activity-details';
import { isSelf } from '../../platform/policy';
import type { LoggedActivity, ServiceContext } from '../../platform/service-context';
import type { ReservationRecord } from './reservation-view';

type ReservationKind =
  | 'reservation.created'
  | 'reservation.cancelled'
  | 'reservation.cancellation_requested'
  | 'reservation.approved'
  | 'reservation.declined'
  | 'reservation.no_show'
  | 'reservation.completed';

type SlotKeys = 'roomName' | 'spaceName' | 'startsAt' | 'endsAt' | 'timeZone';
type WithoutSlot<T> = T extends unknown ? Omit<T, SlotKeys> : never;

/**
 * The activity entry of a change to a reservation: in its space, about its member when someone else (a
 * manager, the system) acted, with what the feed's sentence needs once the room is renamed or gone (the
 * slot); `more.details` is the rest of the kind's data (contract/activity-details.ts).
 */
export function reservationActivity<K extends ReservationKind>(
  ctx: ServiceContext,
  record: ReservationRecord,
  kind: K,
  more: { details?: WithoutSlot<ActivityDetailsOf<K>>; changes?: ActivityChanges } = {},
): LoggedActivity<K> {
  const { reservation } = record;
  // TypeScript cannot follow a generic kind to its data shape: the slot is added here, the rest was
  // checked against the kind at the call.
  return {
    kind,
    subject: { type: 'reservation', id: reservation.id },
    spaceId: record.space.id,
    aboutUserId: isSelf(ctx.actor, record.member.id) ? null : record.member.id,
    changes: more.changes,
    details: {
      roomName: record.room.name,
      spaceName: record.space.name,
      startsAt: reservation.startsAt.toISOString(),
      endsAt: reservation.endsAt.toISOString(),
      timeZone: record.space.timeZone,
      ...more.details,
    },
  } as LoggedActivity<K>;
}

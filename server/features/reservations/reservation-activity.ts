import type { ActivityChanges, ActivityDetails, ActivityKind } from '#contract/activity';
import type { ActivityEntry } from '../../platform/activity';
import { isSelf } from '../../platform/policy';
import type { ServiceContext } from '../../platform/service-context';
import type { ReservationRecord } from './reservation-view';

/**
 * The activity entry of a change to a reservation: in its space, about its member when someone else (a
 * manager, the system) acted, with what the feed's sentence needs once the room is renamed or gone.
 */
export function reservationActivity(
  ctx: ServiceContext,
  record: ReservationRecord,
  kind: ActivityKind,
  more: { details?: ActivityDetails; changes?: ActivityChanges } = {},
): Omit<ActivityEntry, 'actor' | 'occurredAt'> {
  const { reservation } = record;
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
  };
}

import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  CHECK_IN_CODE_PATTERN,
  checkInRefusalOf,
  checkInWindowOf,
  type CheckInRefusal,
  type CheckInSettings,
  type CheckInVia,
} from '#contract/check-in';
import { AppError, refused } from '#contract/errors';
import { checkInSettingsColumns, checkInSettingsOfRow } from '../db/check-in-settings';
import { reservations, spaceBookingPolicies } from '../db/schema/reservations';
import { rooms } from '../db/schema/rooms';
import { spaces } from '../db/schema/spaces';
import type { Db } from '../db/client';
import type { Tx } from '../db/transaction';
import { reservationStanding } from './policy';
import { logActivity, unitOfWork, type ServiceContext } from './service-context';

/**
 * Checking a booking in (issue 33, docs/decisions/034-check-in-and-release.md): the one function its member,
 * a manager of its space and the room's door display call. It lives here, under the features, because two
 * of them call it (reservations, the door display) and a feature imports no other. The window is
 * contract/check-in.ts's; the change is one conditional UPDATE (`status = 'confirmed' AND checked_in_at IS
 * NULL`) in a unit of work with its activity entry, so a check-in and the release job racing for the same
 * booking cannot both win: whichever commits first decides, the other changes nothing.
 */

/** Who asks: a person (the context's actor: its member or a manager), or the door display of its room. */
export type CheckInRequest =
  | { reservationId: string }
  | {
      reservationId: string;
      /** A door display: the room its secret link shows, and the code the person typed. */
      display: { roomId: string; code: string };
    };

export interface CheckInDone {
  reservationId: string;
  checkedInAt: string;
  via: CheckInVia;
}

const notFound = (id: string) => new AppError('not-found', `No reservation ${id}`);

async function findCheckInFacts(db: Db | Tx, id: string) {
  const [row] = await db
    .select({
      id: reservations.id,
      status: reservations.status,
      spaceId: reservations.spaceId,
      roomId: reservations.roomId,
      userId: reservations.userId,
      startsAt: reservations.startsAt,
      endsAt: reservations.endsAt,
      checkedInAt: reservations.checkedInAt,
      checkInCode: reservations.checkInCode,
      eventId: reservations.eventId,
      roomName: rooms.name,
      spaceName: spaces.name,
      timeZone: spaces.timeZone,
      settings: checkInSettingsColumns,
    })
    .from(reservations)
    .innerJoin(rooms, eq(rooms.id, reservations.roomId))
    .innerJoin(spaces, eq(spaces.id, reservations.spaceId))
    .leftJoin(spaceBookingPolicies, eq(spaceBookingPolicies.spaceId, reservations.spaceId))
    .where(eq(reservations.id, id))
    .limit(1);
  return row && row.eventId === null ? row : undefined;
}

function sameCode(typed: string, kept: string): boolean {
  const a = Buffer.from(typed);
  const b = Buffer.from(kept);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Checks a confirmed booking in, at the context's `now`, inside its check-in window. A person: its member
 * (`via: 'member'`) or a manager of its space or an admin (`manager`); anyone else is told it does not exist.
 * A door display: the booking must be of the display's room and the code its own (`invalid-argument`, reason
 * `check-in-code`, otherwise); the entry's actor is then the system. Refusals are `failed-precondition` with
 * `details.reason` one of contract/check-in.ts's `CheckInRefusal`, and `opensAt`/`closesAt`.
 */
export async function checkInReservation(ctx: ServiceContext, request: CheckInRequest): Promise<CheckInDone> {
  const id = request.reservationId;
  const facts = await findCheckInFacts(ctx.db, id);
  if (!facts) throw notFound(id);
  let via: CheckInVia;
  if ('display' in request) {
    if (facts.roomId !== request.display.roomId) throw notFound(id);
    const typed = request.display.code.trim();
    if (!CHECK_IN_CODE_PATTERN.test(typed) || !sameCode(typed, facts.checkInCode)) {
      throw new AppError('invalid-argument', 'Wrong check-in code', {
        reason: 'check-in-code',
        fields: [{ path: 'code', message: 'check-in-code' }],
      });
    }
    via = 'display';
  } else {
    const standing = await reservationStanding(ctx, { memberId: facts.userId, spaceId: facts.spaceId });
    if (!standing) throw notFound(id);
    via = standing === 'manager' && ctx.actor?.id !== facts.userId ? 'manager' : 'member';
  }
  const settings = checkInSettingsOfRow(facts.settings ?? {});
  const refusal = checkInRefusalOf(facts, settings, ctx.now);
  if (refusal) throw refusedCheckIn(refusal, facts, settings);
  const at = ctx.now;
  const done = await unitOfWork(ctx, async (work) => {
    const rows = await work.db
      .update(reservations)
      .set({
        checkedInAt: at,
        checkedInVia: via,
        checkedInById: via === 'display' ? null : (work.actor?.id ?? null),
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(reservations.id, id), eq(reservations.status, 'confirmed'), isNull(reservations.checkedInAt)),
      )
      .returning({ id: reservations.id });
    if (rows.length === 0) return false;
    await logActivity(work, {
      kind: 'reservation.checked_in',
      subject: { type: 'reservation', id },
      spaceId: facts.spaceId,
      aboutUserId: work.actor?.id === facts.userId ? null : facts.userId,
      details: {
        roomName: facts.roomName,
        spaceName: facts.spaceName,
        startsAt: facts.startsAt.toISOString(),
        endsAt: facts.endsAt.toISOString(),
        timeZone: facts.timeZone,
        via,
      },
    });
    return true;
  });
  if (!done) {
    // Someone else moved first (a second tap, the release job): say what the booking is now.
    const now = await findCheckInFacts(ctx.db, id);
    throw refusedCheckIn(now?.checkedInAt ? 'already-checked-in' : 'not-active', facts, settings);
  }
  return { reservationId: id, checkedInAt: at.toISOString(), via };
}

function refusedCheckIn(
  reason: CheckInRefusal,
  booking: { startsAt: Date; endsAt: Date },
  settings: CheckInSettings,
): AppError {
  const window = checkInWindowOf(booking, settings);
  return refused(reason, `Check-in refused: ${reason}`, {
    opensAt: window.opensAt.toISOString(),
    closesAt: window.closesAt.toISOString(),
  });
}

/**
 * A booking's short check-in code (six digits, drawn by the database when the booking is made): what its
 * confirmation shows its member and the door display asks for. Undefined when there is no such booking.
 */
export async function checkInCodeOf(db: Db | Tx, reservationId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ code: reservations.checkInCode })
    .from(reservations)
    .where(eq(reservations.id, reservationId))
    .limit(1);
  return row?.code;
}

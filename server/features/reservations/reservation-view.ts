import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { freeCancellationOf, type FreeCancellation } from '#contract/cancellation';
import type { CreditUnit } from '#contract/formulas.plain';
import type { RoomKind } from '#contract/rooms';
import {
  DEFAULT_FREE_CANCELLATION_HOURS,
  isActiveStatus,
  type TManagedReservation,
  type TReservation,
} from '#contract/reservations';
import type { Db } from '../../db/client';
import { checkInSettingsColumns, checkInSettingsOfRow } from '../../db/check-in-settings';
import { checkInRefusalOf, checkInWindowOf, type CheckInSettings } from '#contract/check-in';
import { users } from '../../db/schema/auth';
import { reservations, spaceBookingPolicies } from '../../db/schema/reservations';
import { rooms } from '../../db/schema/rooms';
import { spaces } from '../../db/schema/spaces';
import type { Tx } from '../../db/transaction';
import { bookingCreditColumns } from '../../billing/credit-ledger';

/** A reservation with what every view of it needs: room, space, policy and member. */
export interface ReservationRecord {
  reservation: typeof reservations.$inferSelect;
  room: { id: string; name: string; kind: RoomKind; deskGroup: string | null };
  space: {
    id: string;
    slug: string;
    name: string;
    timeZone: string;
    addressLine: string;
    postcode: string;
    city: string;
  };
  freeCancellationHours: number;
  /** Its space's check-in settings (contract/check-in.ts). */
  checkIn: CheckInSettings;
  member: { id: string; name: string; email: string; locale: string | null };
  /** The credit that paid it (server/billing/credit-ledger.ts); `amount` null when it was booked at price. */
  credit: BookingCredit;
}

interface BookingCredit {
  amount: number | null;
  unit: CreditUnit | null;
  refunded: boolean;
}

export async function selectReservationRecords(
  db: Db | Tx,
  where: SQL | undefined,
  options: { order?: 'asc' | 'desc'; limit?: number; offset?: number } = {},
): Promise<ReservationRecord[]> {
  const rows = await db
    .select({
      reservation: reservations,
      room: { id: rooms.id, name: rooms.name, kind: rooms.kind, deskGroup: rooms.deskGroup },
      space: {
        id: spaces.id,
        slug: spaces.slug,
        name: spaces.name,
        timeZone: spaces.timeZone,
        addressLine: spaces.addressLine,
        postcode: spaces.postcode,
        city: spaces.city,
      },
      freeCancellationHours: spaceBookingPolicies.freeCancellationHours,
      checkIn: checkInSettingsColumns,
      member: { id: users.id, name: users.name, email: users.email, locale: users.locale },
      credit: bookingCreditColumns(reservations.id),
    })
    .from(reservations)
    .innerJoin(rooms, eq(rooms.id, reservations.roomId))
    .innerJoin(spaces, eq(spaces.id, reservations.spaceId))
    .innerJoin(users, eq(users.id, reservations.userId))
    .leftJoin(spaceBookingPolicies, eq(spaceBookingPolicies.spaceId, reservations.spaceId))
    .where(where)
    .orderBy(
      options.order === 'desc' ? desc(reservations.startsAt) : asc(reservations.startsAt),
      asc(reservations.id),
    )
    .limit(options.limit ?? 1000)
    .offset(options.offset ?? 0);
  return rows.map((row) => ({
    ...row,
    freeCancellationHours: row.freeCancellationHours ?? DEFAULT_FREE_CANCELLATION_HOURS,
    checkIn: checkInSettingsOfRow(row.checkIn ?? {}),
  }));
}

export async function findReservationRecord(db: Db | Tx, id: string): Promise<ReservationRecord | null> {
  const [record] = await selectReservationRecords(db, and(eq(reservations.id, id)), { limit: 1 });
  return record ?? null;
}

/** The member's free-cancellation limit of a reservation at `now` (contract/cancellation.ts). */
export function freeCancellationOfRecord(record: ReservationRecord, now: Date): FreeCancellation | null {
  return freeCancellationOf(record.reservation, record.freeCancellationHours, now);
}

export type ViewerStanding = 'member' | 'manager';

export function toReservation(record: ReservationRecord, standing: ViewerStanding, now: Date): TReservation {
  const r = record.reservation;
  const terms = freeCancellationOfRecord(record, now);
  const memberMay = terms !== null && !terms.passed;
  const canCancel = isActiveStatus(r.status) && (standing === 'manager' || memberMay);
  return {
    id: r.id,
    status: r.status,
    room: { id: record.room.id, name: record.room.name, kind: record.room.kind },
    space: record.space,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    attendees: r.attendees,
    title: r.title,
    price: {
      basis: r.pricingBasis,
      minutes: Math.round((r.endsAt.getTime() - r.startsAt.getTime()) / 60_000),
      exclVatCents: r.priceExclVatCents,
      vatCents: r.vatCents,
      totalCents: r.totalCents,
      vatRateBasisPoints: r.vatRateBasisPoints,
      currency: 'EUR',
    },
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.status === 'pending' && r.expiresAt ? r.expiresAt.toISOString() : null,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    declineReason: r.declineReason,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    cancelledBy: r.cancelledByRole ?? null,
    cancellationReason: r.cancellationReason,
    freeCancellationUntil: memberMay ? terms.until.toISOString() : null,
    cancellationRequestedAt: r.cancellationRequestedAt?.toISOString() ?? null,
    cancellationRequestMessage: r.cancellationRequestMessage,
    canCancel,
    paidWithCredits: paidWithCreditsOf(record.credit),
    checkIn: checkInOf(record, now),
    releasedAt: r.releasedAt?.toISOString() ?? null,
  };
}

/** A reservation's check-in as its member or a manager sees it; null while it is not (or no more) a booking. */
function checkInOf(record: ReservationRecord, now: Date): TReservation['checkIn'] {
  const r = record.reservation;
  if (r.status !== 'confirmed' && r.checkedInAt === null && r.releasedAt === null) return null;
  const window = checkInWindowOf(r, record.checkIn);
  return {
    code: r.checkInCode,
    opensAt: window.opensAt.toISOString(),
    closesAt: window.closesAt.toISOString(),
    releases: record.checkIn.releaseUnclaimed,
    checkedInAt: r.checkedInAt?.toISOString() ?? null,
    via: r.checkedInVia ?? null,
    canCheckIn: checkInRefusalOf(r, record.checkIn, now) === null,
  };
}

/** How a booking was paid, as its views say it: the credit it took (and whether it came back), or null at price. */
function paidWithCreditsOf(credit: BookingCredit): TReservation['paidWithCredits'] {
  return credit.amount !== null && credit.unit
    ? { amount: credit.amount, unit: credit.unit, refunded: credit.refunded }
    : null;
}

export function toManagedReservation(record: ReservationRecord, now: Date): TManagedReservation {
  return {
    ...toReservation(record, 'manager', now),
    member: { name: record.member.name, email: record.member.email },
  };
}

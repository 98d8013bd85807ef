import { eq, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_CHECK_IN_SETTINGS, type CheckInSettings } from '#contract/check-in';
import type { Db } from './client';
import { spaceBookingPolicies } from './schema/reservations';
import type { Tx } from './transaction';

/**
 * A space's check-in settings (contract/check-in.ts), kept beside its cancellation policy in
 * `space_booking_policies`: the one lookup, for the check-in, the release job, the reservation views and the
 * door display. A space that has no row has the defaults (release off, 15 minutes' grace, no refund).
 */
export const checkInSettingsColumns = {
  releaseUnclaimed: spaceBookingPolicies.releaseUnclaimed,
  graceMinutes: spaceBookingPolicies.releaseGraceMinutes,
  noShowRefund: spaceBookingPolicies.noShowRefund,
  opensMinutes: spaceBookingPolicies.checkInOpensMinutes,
};

/** The settings a left join of `space_booking_policies` read (all null when the space has no row). */
export function checkInSettingsOfRow(row: {
  [K in keyof CheckInSettings]?: CheckInSettings[K] | null;
}): CheckInSettings {
  return {
    releaseUnclaimed: row.releaseUnclaimed ?? DEFAULT_CHECK_IN_SETTINGS.releaseUnclaimed,
    graceMinutes: row.graceMinutes ?? DEFAULT_CHECK_IN_SETTINGS.graceMinutes,
    noShowRefund: row.noShowRefund ?? DEFAULT_CHECK_IN_SETTINGS.noShowRefund,
    opensMinutes: row.opensMinutes ?? DEFAULT_CHECK_IN_SETTINGS.opensMinutes,
  };
}

export async function checkInSettingsOf(db: Db | Tx, spaceId: string): Promise<CheckInSettings> {
  const [row] = await db
    .select(checkInSettingsColumns)
    .from(spaceBookingPolicies)
    .where(eq(spaceBookingPolicies.spaceId, spaceId))
    .limit(1);
  return row ?? DEFAULT_CHECK_IN_SETTINGS;
}

/**
 * When a booking's check-in closes, in SQL, for the release job: `checkInWindowOf`'s `closesAt` when the space
 * releases unclaimed bookings (its start plus the grace, never after its end), over a reservation row and its
 * space's `space_booking_policies` row. The release tests pin both forms to the same instants.
 */
export function checkInClosesSql(reservation: SQL, policy: SQL): SQL {
  return sql`least(${reservation}.starts_at + make_interval(mins => ${policy}.release_grace_minutes), ${reservation}.ends_at)`;
}

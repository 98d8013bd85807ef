import { sql } from 'drizzle-orm';
import type { ActivityChanges, ActivityKind } from '#contract/activity';
import type { ActivityDetailsOf } from '#contract/activity-details';
import { AppError, refused } from '#contract/errors';
import type { TMyRegistration, TRegistrationPayment } from '#contract/events';
import { type RegistrationEndReason, type RegistrationStatus } from '#contract/events.plain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type Tx } from '../../db/transaction';
import { may, requireSignedIn } from '../../platform/policy';
import type { LoggedActivity, ServiceContext, WorkContext } from '../../platform/service-context';
import { eventDetails, lockAndReadEvent, type EventRow } from './event-view';
import { paymentsOf, type ChargeDetails } from './event-payments';

/**
 * A registration's row, its event's lock and its activity entry: what registering, the waitlist
 * (waitlist.service.ts), the door list (door-list.service.ts) and paying (event-payments.ts) share.
 */

export const notFound = (id: string) => new AppError('not-found', `No event ${id}`);

export interface RegistrationRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  status: RegistrationStatus;
  waitlist_position: number | null;
  offer_expires_at: string | null;
  show_name: boolean;
  end_reason: RegistrationEndReason | null;
  position: number | null;
  round: number;
}

export const REGISTRATION_COLUMNS = sql`id, user_id, status, waitlist_position, show_name, end_reason, round,
  to_json(offer_expires_at) #>> '{}' AS offer_expires_at,
  CASE WHEN waitlist_position IS NULL THEN NULL ELSE (
    SELECT count(*) FROM event_registrations w
    WHERE w.event_id = event_registrations.event_id AND w.status = 'waitlisted'
      AND w.waitlist_position <= event_registrations.waitlist_position)::int END AS position`;

export async function registrationOf(
  db: Db | Tx,
  eventId: string,
  userId: string,
): Promise<RegistrationRow | null> {
  const [row] = await rowsOf<RegistrationRow>(
    db,
    sql`SELECT ${REGISTRATION_COLUMNS} FROM event_registrations WHERE event_id = ${eventId} AND user_id = ${userId}`,
  );
  return row ?? null;
}

export function toMine(row: RegistrationRow, payment: TRegistrationPayment | null): TMyRegistration {
  return {
    id: row.id,
    status: row.status,
    position: row.status === 'waitlisted' && row.position !== null ? Number(row.position) : null,
    offerExpiresAt: row.offer_expires_at ? new Date(row.offer_expires_at).toISOString() : null,
    showName: row.show_name,
    endReason: row.end_reason,
    payment,
  };
}

/** The registration as its person sees it, with how its current round was paid. */
export async function mineOf(db: Db | Tx, row: RegistrationRow): Promise<TMyRegistration> {
  return toMine(row, (await paymentsOf(db, [row.id])).get(row.id) ?? null);
}

export async function lockEvent(work: WorkContext, eventId: string): Promise<EventRow> {
  const row = await lockAndReadEvent(work.db, eventId);
  if (!row) throw notFound(eventId);
  return row;
}

export type RegistrationKind = Extract<ActivityKind, `registration.${string}`>;

export type EventKeys = 'eventTitle' | 'spaceName' | 'startsAt' | 'endsAt' | 'timeZone' | 'eventId';

export type WithoutEvent<T> = T extends unknown ? Omit<T, EventKeys> : never;

/**
 * The registration's activity entry: about its person, in the event's space, with the event as it is (its
 * title, place and times); `extra.details` is the rest of the kind's data (contract/activity-details.ts).
 */
export function registrationEntry<K extends RegistrationKind>(
  row: EventRow,
  registration: { id: string; userId: string },
  kind: K,
  extra: { changes?: ActivityChanges; details?: WithoutEvent<ActivityDetailsOf<K>> } = {},
): LoggedActivity<K> {
  // TypeScript cannot follow a generic kind to its data shape: the event is added here, the rest was
  // checked against the kind at the call.
  return {
    kind,
    subject: { type: 'registration', id: registration.id },
    spaceId: row.space_id,
    aboutUserId: registration.userId,
    changes: extra.changes ?? {},
    details: { ...eventDetails(row), eventId: row.id, ...extra.details },
  } as LoggedActivity<K>;
}

/** The caller's registration, locked with its event, or `not-registered`. */
export async function lockedMine(work: WorkContext, eventId: string) {
  const user = requireSignedIn(work.actor);
  const event = await lockEvent(work, eventId);
  const mine = await registrationOf(work.db, eventId, user.id);
  if (!mine) {
    if (event.status === 'draft' && !(await may(work, 'preview', event.space_id))) throw notFound(eventId);
    throw refused('not-registered', 'You are not registered for this event');
  }
  return { user, event, mine };
}

export async function endRegistration(work: WorkContext, id: string, reason: RegistrationEndReason) {
  await work.db.execute(sql`
    UPDATE event_registrations SET status = 'cancelled', end_reason = ${reason},
      cancelled_at = ${work.now.toISOString()}::timestamptz, waitlist_position = NULL, offer_expires_at = NULL,
      updated_at = now()
    WHERE id = ${id}`);
}

export async function myRegistration(ctx: ServiceContext, eventId: string): Promise<TMyRegistration | null> {
  if (!ctx.actor) return null;
  const row = await registrationOf(ctx.db, eventId, ctx.actor.id);
  return row ? mineOf(ctx.db, row) : null;
}

/** The payment part of a registration's activity entry. */
export function chargeEntryDetails(charge: ChargeDetails | null): ChargeDetails | Record<never, never> {
  return charge ? { ...charge } : {};
}

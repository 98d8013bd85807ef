import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ActivityChanges, ActivityKind } from '#contract/activity';
import type { ActivityDetailsOf } from '#contract/activity-details';
import { AppError, refused } from '#contract/errors';
import type { TAttendee, TMyRegistration, TRegistrationPayment } from '#contract/events';
import {
  EVENT_FULL_SQLSTATE,
  type RegistrationEndReason,
  type RegistrationStatus,
} from '#contract/events.plain';
import type { PaymentMethod } from '#contract/formulas.plain';
import { ZUuid } from '#contract/input';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { sqlStateOf, type Tx } from '../../db/transaction';
import { settleSale } from '../../platform/invoicing';
import { defineJob, enqueueJob, wakeJobRunner } from '../../platform/jobs';
import { isPlatformAdmin, may, requireRight, requireSignedIn, spaceRoleOf } from '../../platform/policy';
import {
  logActivity,
  systemContext,
  unitOfWork,
  type LoggedActivity,
  type ServiceContext,
  type WorkContext,
} from '../../platform/service-context';
import { eventMailJob } from './event-mails';
import {
  chargeRegistration,
  isPaid,
  paymentsOf,
  refundLimitOf,
  refundRegistrationCharge,
  type ChargeDetails,
  type PaymentChoiceInput,
  type RefundDetails,
} from './event-payments';
import { eventDetails, lockAndReadEvent, selectEvents, type EventRow } from './event-view';
import { PLACE_HOLDING_STATUSES } from '#contract/events.plain';
import { statusIn } from '../../db/status-sql';

/**
 * Registrations and the waitlist (docs/decisions/025-events-and-waitlist.md). Every change to an event's
 * places runs with the event's row locked (`FOR UPDATE`), so places are given one at a time and waitlist
 * positions follow each other without a gap; the database's trigger (migration 0019) refuses a place beyond
 * the capacity all the same. Freed places are offered by a job (`events.refill`), which survives restarts
 * and, with the event locked and conditional updates, makes each offer once however many processes run.
 */

const notFound = (id: string) => new AppError('not-found', `No event ${id}`);

interface RegistrationRow extends Record<string, unknown> {
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

const REGISTRATION_COLUMNS = sql`id, user_id, status, waitlist_position, show_name, end_reason, round,
  to_json(offer_expires_at) #>> '{}' AS offer_expires_at,
  CASE WHEN waitlist_position IS NULL THEN NULL ELSE (
    SELECT count(*) FROM event_registrations w
    WHERE w.event_id = event_registrations.event_id AND w.status = 'waitlisted'
      AND w.waitlist_position <= event_registrations.waitlist_position)::int END AS position`;

async function registrationOf(db: Db | Tx, eventId: string, userId: string): Promise<RegistrationRow | null> {
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
async function mineOf(db: Db | Tx, row: RegistrationRow): Promise<TMyRegistration> {
  return toMine(row, (await paymentsOf(db, [row.id])).get(row.id) ?? null);
}

export async function myRegistration(ctx: ServiceContext, eventId: string): Promise<TMyRegistration | null> {
  if (!ctx.actor) return null;
  const row = await registrationOf(ctx.db, eventId, ctx.actor.id);
  return row ? mineOf(ctx.db, row) : null;
}

/** The payment part of a registration's activity entry. */
function chargeEntryDetails(charge: ChargeDetails | null): ChargeDetails | Record<never, never> {
  return charge ? { ...charge } : {};
}

/**
 * Gives back a registration's charge and logs it (`registration.refunded`, about its person), in the
 * cancellation's unit of work. Nothing when nothing was charged.
 */
export async function refundAndLog(
  work: WorkContext,
  event: EventRow,
  registration: { id: string; userId: string; round: number },
  reason: string,
): Promise<RefundDetails | null> {
  const refund = await refundRegistrationCharge(work, registration, reason);
  if (!refund) return null;
  await logActivity(
    work,
    registrationEntry(event, registration, 'registration.refunded', { details: { ...refund } }),
  );
  return refund;
}

async function lockEvent(work: WorkContext, eventId: string): Promise<EventRow> {
  const row = await lockAndReadEvent(work.db, eventId);
  if (!row) throw notFound(eventId);
  return row;
}

type RegistrationKind = Extract<ActivityKind, `registration.${string}`>;
type EventKeys = 'eventTitle' | 'spaceName' | 'startsAt' | 'endsAt' | 'timeZone' | 'eventId';
type WithoutEvent<T> = T extends unknown ? Omit<T, EventKeys> : never;

/**
 * The registration's activity entry: about its person, in the event's space, with the event as it is (its
 * title, place and times); `extra.details` is the rest of the kind's data (contract/activity-details.ts).
 */
function registrationEntry<K extends RegistrationKind>(
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

/** Queues a look at the event's free places (the offers job), in the caller's transaction. */
export async function queueRefill(
  work: WorkContext,
  eventId: string,
  runAt?: Date,
  key?: string,
): Promise<void> {
  await enqueueJob(
    work.db,
    refillJob,
    { eventId },
    {
      runAt,
      dedupeKey: key ?? `events.refill:${eventId}`,
    },
  );
}

/**
 * Registers the signed-in person (a confirmed address is required), or puts them in line when every place
 * is taken or others already wait. Registering again after cancelling reuses their row.
 */
export async function register(
  ctx: ServiceContext,
  input: { eventId: string; showName: boolean } & PaymentChoiceInput,
) {
  const user = requireSignedIn(ctx.actor);
  if (!user.emailVerified)
    throw refused('email-not-verified', 'Confirm your e-mail address before registering');
  const result = await unitOfWork(ctx, async (work) => {
    const event = await lockEvent(work, input.eventId);
    if (event.status !== 'published' || event.space_status !== 'published') {
      if (!(await may(work, 'preview', event.space_id))) throw notFound(input.eventId);
      throw refused('not-open', 'This event is not open for registration');
    }
    if (new Date(event.registration_deadline) <= work.now)
      throw refused('deadline-passed', 'Registrations are closed');
    if (
      event.members_only &&
      !isPlatformAdmin(user) &&
      !(await spaceRoleOf(work.db, user.id, event.space_id))
    ) {
      throw refused('members-only', 'This event is for the space’s members');
    }
    const existing = await registrationOf(work.db, event.id, user.id);
    // A retried request finds what the first one did.
    if (existing && existing.status !== 'cancelled')
      return { mine: await mineOf(work.db, existing), changed: false };
    const full = Number(event.taken) >= event.capacity || Number(event.waiting) > 0;
    const status: RegistrationStatus = full ? 'waitlisted' : 'registered';
    const now = sql`${work.now.toISOString()}::timestamptz`;
    const position = full
      ? sql`(SELECT coalesce(max(waitlist_position), 0) + 1 FROM event_registrations WHERE event_id = ${event.id})`
      : sql`NULL`;
    const registeredAt = full ? sql`NULL` : now;
    let id: string;
    let round: number;
    try {
      // Registering again after cancelling takes the row's next round: its charge is a new one.
      const [row] = await rowsOf<{ id: string; round: number }>(
        work.db,
        existing
          ? sql`UPDATE event_registrations SET status = ${status}, waitlist_position = ${position}, show_name = ${input.showName},
                  registered_at = ${registeredAt}, cancelled_at = NULL, end_reason = NULL, offered_at = NULL,
                  checked_in_at = NULL, reminded_at = NULL, round = round + 1, updated_at = now()
                WHERE id = ${existing.id} RETURNING id, round`
          : sql`INSERT INTO event_registrations (event_id, user_id, status, waitlist_position, show_name, registered_at, created_at)
                VALUES (${event.id}, ${user.id}, ${status}, ${position}, ${input.showName}, ${registeredAt}, ${now})
                RETURNING id, round`,
      );
      id = row!.id;
      round = Number(row!.round);
    } catch (error) {
      if (sqlStateOf(error) === EVENT_FULL_SQLSTATE)
        throw new AppError('aborted', 'The event filled up, try again');
      throw error;
    }
    // A place taken now is charged now; a place in line is charged when its offer is accepted.
    const charge =
      status === 'registered'
        ? await chargeRegistration(work, event, { id, userId: user.id, round }, input)
        : null;
    await enqueueJob(work.db, eventMailJob, {
      event: status === 'registered' ? 'registered' : 'waitlisted',
      registrationId: id,
    });
    await logActivity(
      work,
      registrationEntry(event, { id, userId: user.id }, 'registration.created', {
        changes: { status: { before: existing?.status ?? null, after: status } },
        details: { status, ...chargeEntryDetails(charge) },
      }),
    );
    return {
      mine: await mineOf(work.db, (await registrationOf(work.db, event.id, user.id))!),
      changed: true,
    };
  });
  if (result.changed) wakeJobRunner();
  return result.mine;
}

/** The caller's registration, locked with its event, or `not-registered`. */
async function lockedMine(work: WorkContext, eventId: string) {
  const user = requireSignedIn(work.actor);
  const event = await lockEvent(work, eventId);
  const mine = await registrationOf(work.db, eventId, user.id);
  if (!mine) {
    if (event.status === 'draft' && !(await may(work, 'preview', event.space_id))) throw notFound(eventId);
    throw refused('not-registered', 'You are not registered for this event');
  }
  return { user, event, mine };
}

async function endRegistration(work: WorkContext, id: string, reason: RegistrationEndReason) {
  await work.db.execute(sql`
    UPDATE event_registrations SET status = 'cancelled', end_reason = ${reason},
      cancelled_at = ${work.now.toISOString()}::timestamptz, waitlist_position = NULL, offer_expires_at = NULL,
      updated_at = now()
    WHERE id = ${id}`);
}

/**
 * The member leaves: a place until the registration deadline, the waitlist any time before the start. A
 * freed place goes to the first in line (the offers job). A paid place left before the space's free
 * cancellation limit (its booking policy's hours before the start) is refunded in the same unit of work.
 */
export async function cancelRegistration(ctx: ServiceContext, eventId: string) {
  await unitOfWork(ctx, async (work) => {
    const { user, event, mine } = await lockedMine(work, eventId);
    if (!['registered', 'waitlisted', 'offered'].includes(mine.status)) {
      throw refused('not-registered', 'Nothing to cancel');
    }
    const limit = mine.status === 'registered' ? event.registration_deadline : event.starts_at;
    if (new Date(limit) <= work.now) throw refused('deadline-passed', 'Cancellation is closed');
    await endRegistration(work, mine.id, 'member');
    if (mine.status !== 'waitlisted') await queueRefill(work, event.id);
    const refundable = mine.status === 'registered' && isPaid(event);
    const withinPolicy = refundable && work.now <= (await refundLimitOf(work.db, event));
    await logActivity(
      work,
      registrationEntry(event, { id: mine.id, userId: user.id }, 'registration.cancelled', {
        changes: { status: { before: mine.status, after: 'cancelled' } },
        details: refundable ? { refund: withinPolicy ? 'within-policy' : 'outside-policy' } : {},
      }),
    );
    if (withinPolicy) {
      await refundAndLog(
        work,
        event,
        { id: mine.id, userId: user.id, round: Number(mine.round) },
        'Annulation dans le délai de la politique d’annulation',
      );
    }
  });
  wakeJobRunner();
  return (await myRegistration(ctx, eventId))!;
}

/** Accepting an offer takes the place and charges it (at price or with credit, as chosen) in the same unit of work. */
export async function acceptOffer(ctx: ServiceContext, input: { eventId: string } & PaymentChoiceInput) {
  const eventId = input.eventId;
  await unitOfWork(ctx, async (work) => {
    const { user, event, mine } = await lockedMine(work, eventId);
    if (mine.status === 'registered') return;
    if (mine.status !== 'offered' || !mine.offer_expires_at || new Date(mine.offer_expires_at) <= work.now) {
      throw refused('no-offer', 'This offer has expired or was passed on');
    }
    await work.db.execute(sql`
      UPDATE event_registrations SET status = 'registered', waitlist_position = NULL, offer_expires_at = NULL,
        registered_at = ${work.now.toISOString()}::timestamptz, updated_at = now()
      WHERE id = ${mine.id}`);
    const charge = await chargeRegistration(
      work,
      event,
      { id: mine.id, userId: user.id, round: Number(mine.round) },
      input,
    );
    await enqueueJob(work.db, eventMailJob, { event: 'registered', registrationId: mine.id });
    await logActivity(
      work,
      registrationEntry(event, { id: mine.id, userId: user.id }, 'registration.offer_accepted', {
        changes: { status: { before: 'offered', after: 'registered' } },
        details: chargeEntryDetails(charge),
      }),
    );
  });
  wakeJobRunner();
  return (await myRegistration(ctx, eventId))!;
}

export async function declineOffer(ctx: ServiceContext, eventId: string) {
  await unitOfWork(ctx, async (work) => {
    const { user, event, mine } = await lockedMine(work, eventId);
    if (mine.status !== 'offered') throw refused('no-offer', 'No offer to decline');
    await endRegistration(work, mine.id, 'declined');
    await queueRefill(work, event.id);
    await logActivity(
      work,
      registrationEntry(event, { id: mine.id, userId: user.id }, 'registration.offer_declined', {
        changes: { status: { before: 'offered', after: 'cancelled' } },
      }),
    );
  });
  wakeJobRunner();
  return (await myRegistration(ctx, eventId))!;
}

/**
 * The offers job's work on one event, with the event locked: offers past their time are withdrawn (their
 * person told), then each free place goes to the first in line, for the space's offer time cut to end at
 * the registration deadline. Nothing is offered once the deadline has passed. Safe to run twice: the second
 * run finds nothing due and no free place.
 */
export async function refillEvent(
  ctx: ServiceContext,
  eventId: string,
): Promise<{ expired: number; offered: number }> {
  return unitOfWork(ctx, async (work) => {
    const event = await lockAndReadEvent(work.db, eventId);
    if (!event || event.status !== 'published') return { expired: 0, offered: 0 };
    const now = sql`${work.now.toISOString()}::timestamptz`;
    const expired = await rowsOf<{ id: string; user_id: string }>(
      work.db,
      sql`UPDATE event_registrations SET status = 'cancelled', end_reason = 'offer-expired', cancelled_at = ${now},
            waitlist_position = NULL, offer_expires_at = NULL, updated_at = now()
          WHERE event_id = ${eventId} AND status = 'offered' AND offer_expires_at <= ${now}
          RETURNING id, user_id`,
    );
    const entries: LoggedActivity<'registration.offer_expired' | 'registration.offered'>[] = [];
    for (const row of expired) {
      await enqueueJob(work.db, eventMailJob, { event: 'offer-expired', registrationId: row.id });
      entries.push(
        registrationEntry(event, { id: row.id, userId: row.user_id }, 'registration.offer_expired', {
          changes: { status: { before: 'offered', after: 'cancelled' } },
        }),
      );
    }
    const deadline = new Date(event.registration_deadline);
    let offered = 0;
    if (deadline > work.now) {
      const [{ taken }] = (await rowsOf<{ taken: number }>(
        work.db,
        sql`SELECT count(*)::int AS taken FROM event_registrations WHERE event_id = ${eventId} AND ${statusIn(sql`status`, PLACE_HOLDING_STATUSES)}`,
      )) as [{ taken: number }];
      const free = event.capacity - Number(taken);
      if (free > 0) {
        const hours = await offerHoursOfSpace(work.db, event.space_id);
        const until = new Date(Math.min(work.now.getTime() + hours * 3_600_000, deadline.getTime()));
        const chosen = await rowsOf<{ id: string; user_id: string }>(
          work.db,
          sql`UPDATE event_registrations SET status = 'offered', offered_at = ${now},
                offer_expires_at = ${until.toISOString()}::timestamptz, updated_at = now()
              WHERE id IN (SELECT id FROM event_registrations WHERE event_id = ${eventId} AND status = 'waitlisted'
                           ORDER BY waitlist_position LIMIT ${free})
              RETURNING id, user_id`,
        );
        for (const row of chosen) {
          await enqueueJob(work.db, eventMailJob, { event: 'offer', registrationId: row.id });
          await enqueueJob(
            work.db,
            refillJob,
            { eventId },
            {
              runAt: until,
              dedupeKey: `events.offer-expiry:${row.id}:${until.getTime()}`,
            },
          );
          entries.push(
            registrationEntry(event, { id: row.id, userId: row.user_id }, 'registration.offered', {
              changes: { status: { before: 'waitlisted', after: 'offered' } },
              details: { offerExpiresAt: until.toISOString() },
            }),
          );
        }
        offered = chosen.length;
      }
    }
    await logActivity(work, entries);
    return { expired: expired.length, offered };
  });
}

async function offerHoursOfSpace(db: Tx, spaceId: string): Promise<number> {
  const [row] = await rowsOf<{ offer_hours: number }>(
    db,
    sql`SELECT offer_hours FROM space_event_settings WHERE space_id = ${spaceId}`,
  );
  return row ? Number(row.offer_hours) : 24;
}

/** Freed places and offers past their time: made into offers by a job, once, even with several processes. */
export const refillJob = defineJob({
  kind: 'events.refill',
  payload: z.object({ eventId: ZUuid }),
  async handle({ eventId }, ctx) {
    const result = await refillEvent(systemContext(ctx), eventId);
    if (result.expired + result.offered > 0) {
      ctx.log.info('event places refilled', { eventId, ...result });
      wakeJobRunner();
    }
  },
});

/** How long before an event's start its registered people are reminded. */
export const REMINDER_HOURS = 24;

/**
 * Queues the reminder of every registered person whose event starts within the next 24 hours (once: the
 * conditional update marks them, so two runners never both queue it). Someone who registered less than 24
 * hours before the start had the confirmation just now and is not reminded.
 */
async function queueReminders(ctx: ServiceContext): Promise<number> {
  return unitOfWork(ctx, async (work) => {
    const now = sql`${work.now.toISOString()}::timestamptz`;
    const due = await rowsOf<{ id: string }>(
      work.db,
      sql`UPDATE event_registrations r SET reminded_at = ${now}
          FROM events
          WHERE events.id = r.event_id AND events.status = 'published' AND r.status = 'registered'
            AND r.reminded_at IS NULL AND events.starts_at > ${now}
            AND events.starts_at <= ${now} + make_interval(hours => ${REMINDER_HOURS})
            AND r.registered_at < events.starts_at - make_interval(hours => ${REMINDER_HOURS})
          RETURNING r.id`,
    );
    for (const { id } of due) {
      await enqueueJob(work.db, eventMailJob, { event: 'reminder', registrationId: id });
    }
    return due.length;
  });
}

/**
 * The events sweep (every minute): registered people not checked in by an event's end become no-shows;
 * those whose event starts within 24 hours are reminded (once);
 * offers past their time and free places with people in line are looked at again (what a job lost to a
 * crash, or a place freed while the offers job was running, is caught here).
 */
export async function sweepEvents(
  ctx: ServiceContext,
): Promise<{ noShows: number; refilled: number; reminded: number }> {
  const now = sql`${ctx.now.toISOString()}::timestamptz`;
  const noShows = await unitOfWork(ctx, async (work) => {
    const rows = await rowsOf<EventRow & { registration_id: string; user_id: string }>(
      work.db,
      sql`WITH marked AS (
            UPDATE event_registrations SET status = 'no_show', updated_at = now()
            FROM events WHERE events.id = event_registrations.event_id AND events.status = 'published'
              AND events.ends_at <= ${now} AND event_registrations.status = 'registered'
            RETURNING event_registrations.id AS registration_id, event_registrations.user_id, event_registrations.event_id)
          SELECT marked.registration_id, marked.user_id, events.id, events.space_id, events.title_fr,
            to_json(events.starts_at) #>> '{}' AS starts_at, to_json(events.ends_at) #>> '{}' AS ends_at,
            spaces.time_zone, spaces.name AS space_name
          FROM marked JOIN events ON events.id = marked.event_id JOIN spaces ON spaces.id = events.space_id`,
    );
    await logActivity(
      work,
      rows.map((row) =>
        registrationEntry(row, { id: row.registration_id, userId: row.user_id }, 'registration.no_show', {
          changes: { status: { before: 'registered', after: 'no_show' } },
        }),
      ),
    );
    return rows.length;
  });
  const due = await rowsOf<{ id: string }>(
    ctx.db,
    sql`SELECT DISTINCT event_id AS id FROM event_registrations WHERE status = 'offered' AND offer_expires_at <= ${now}
        UNION
        SELECT events.id FROM events WHERE events.status = 'published' AND events.registration_deadline > ${now}
          AND EXISTS (SELECT 1 FROM event_registrations w WHERE w.event_id = events.id AND w.status = 'waitlisted')
          AND (SELECT count(*) FROM event_registrations r WHERE r.event_id = events.id
               AND ${statusIn(sql`r.status`, PLACE_HOLDING_STATUSES)}) < events.capacity`,
  );
  let refilled = 0;
  for (const { id } of due) {
    const result = await refillEvent(ctx, id);
    refilled += result.expired + result.offered;
  }
  const reminded = await queueReminders(ctx);
  if (refilled + reminded > 0) wakeJobRunner();
  return { noShows, refilled, reminded };
}

export const eventSweepJob = defineJob({
  kind: 'events.sweep',
  payload: z.object({}),
  everyMs: 60_000,
  async handle(_payload, ctx) {
    const result = await sweepEvents(systemContext(ctx));
    if (result.noShows + result.refilled + result.reminded > 0) ctx.log.info('events swept', { ...result });
  },
});

// ——— The door: attendees and check-in (managers) ———

interface AttendeeRow extends Record<string, unknown> {
  id: string;
  name: string;
  email: string;
  status: RegistrationStatus;
  position: number | null;
  checked_in_at: string | null;
}

function toAttendee(row: AttendeeRow, payment: TRegistrationPayment | null): TAttendee {
  return {
    registrationId: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    position: row.position === null ? null : Number(row.position),
    checkedInAt: row.checked_in_at ? new Date(row.checked_in_at).toISOString() : null,
    payment,
  };
}

async function attendeesWithPayments(db: Db | Tx, rows: AttendeeRow[]): Promise<TAttendee[]> {
  const payments = await paymentsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toAttendee(row, payments.get(row.id) ?? null));
}

const ATTENDEE_COLUMNS = sql`r.id, users.name, users.email, r.status, r.waitlist_position AS position,
  to_json(r.checked_in_at) #>> '{}' AS checked_in_at`;

export async function listAttendees(ctx: ServiceContext, input: { id: string; query: string }) {
  const [event] = await selectEvents(ctx.db, sql`events.id = ${input.id}`, { counts: 'all' });
  if (!event) throw notFound(input.id);
  await requireRight(ctx, 'manage', event.space_id);
  const pattern = `%${input.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await rowsOf<AttendeeRow>(
    ctx.db,
    sql`SELECT ${ATTENDEE_COLUMNS} FROM event_registrations r JOIN users ON users.id = r.user_id
        WHERE r.event_id = ${input.id} AND r.status <> 'cancelled'
          ${input.query ? sql`AND (users.name ILIKE ${pattern} OR users.email ILIKE ${pattern})` : sql``}
        ORDER BY CASE r.status WHEN 'waitlisted' THEN 2 WHEN 'offered' THEN 1 ELSE 0 END,
          r.waitlist_position NULLS FIRST, lower(users.name), r.id
        LIMIT 2000`,
  );
  return {
    attendees: await attendeesWithPayments(ctx.db, rows),
    attendedCount: Number(event.attended),
    expected: Number(event.taken) - Number(event.attended),
  };
}

/** One tap at the door: a registered (or no-show) person is checked in; tapping again undoes it. */
export async function checkIn(ctx: ServiceContext, input: { registrationId: string; present: boolean }) {
  const [found] = await rowsOf<{ event_id: string; space_id: string }>(
    ctx.db,
    sql`SELECT r.event_id, events.space_id FROM event_registrations r JOIN events ON events.id = r.event_id WHERE r.id = ${input.registrationId}`,
  );
  if (!found) throw new AppError('not-found', 'No such registration');
  await requireRight(ctx, 'manage', found.space_id);
  return unitOfWork(ctx, async (work) => {
    const event = await lockEvent(work, found.event_id);
    if (event.status !== 'published') throw refused('not-open', 'This event is not running');
    const [before] = await rowsOf<{ status: RegistrationStatus; user_id: string }>(
      work.db,
      sql`SELECT status, user_id FROM event_registrations WHERE id = ${input.registrationId}`,
    );
    const from: RegistrationStatus[] = input.present ? ['registered', 'no_show'] : ['attended'];
    const ended = new Date(event.ends_at) <= work.now;
    const target: RegistrationStatus = input.present ? 'attended' : ended ? 'no_show' : 'registered';
    if (before && from.includes(before.status)) {
      await work.db.execute(sql`
        UPDATE event_registrations SET status = ${target},
          checked_in_at = ${input.present ? sql`${work.now.toISOString()}::timestamptz` : sql`NULL`},
          checked_in_by_id = ${input.present ? work.actor!.id : null}, updated_at = now()
        WHERE id = ${input.registrationId}`);
      await logActivity(
        work,
        registrationEntry(
          event,
          { id: input.registrationId, userId: before.user_id },
          input.present ? 'registration.checked_in' : 'registration.check_in_undone',
          {
            changes: { status: { before: before.status, after: target } },
          },
        ),
      );
    } else if (!before || !['attended', 'registered', 'no_show'].includes(before.status)) {
      throw refused('not-registered', 'Only people holding a place are checked in');
    }
    const [row] = await rowsOf<AttendeeRow>(
      work.db,
      sql`SELECT ${ATTENDEE_COLUMNS} FROM event_registrations r JOIN users ON users.id = r.user_id WHERE r.id = ${input.registrationId}`,
    );
    return (await attendeesWithPayments(work.db, [row!]))[0]!;
  });
}

/**
 * Locks the event of a registration's order, first, as every change to its places and payments does: a
 * payment recorded on the order's invoice (`invoices.recordPayment`) takes it before the order and the
 * invoice, so it queues behind a cancellation's refund or the door list's "mark paid" instead of
 * deadlocking with them. Answers the event, or null when the order is not a registration's.
 */
export async function lockEventOfOrder(work: WorkContext, orderId: string): Promise<EventRow | null> {
  const [found] = await rowsOf<{ event_id: string }>(
    work.db,
    sql`SELECT r.event_id FROM orders o JOIN event_registrations r ON r.id = o.registration_id WHERE o.id = ${orderId}`,
  );
  return found ? lockAndReadEvent(work.db, found.event_id) : null;
}

/**
 * Settles a registration's order awaiting payment, with its event locked by the caller: the order is paid
 * (`registration.paid`, about its person). Marked paid at the door (`through` null), its invoice gets the
 * remaining amount as a payment; settled because its invoice was paid in full, the invoice already is.
 * Any round's order (a member who left after the refund limit still owes theirs). Null when the order was
 * not awaiting payment.
 */
export async function settleRegistrationOrder(
  work: WorkContext,
  event: EventRow,
  orderId: string,
  through: { invoiceNumber: string } | null,
) {
  const [paid] = await rowsOf<{
    id: string;
    user_id: string;
    registration_id: string;
    payment_method: PaymentMethod;
    total_cents: number;
  }>(
    work.db,
    sql`UPDATE orders SET status = 'paid', paid_at = ${work.now.toISOString()}::timestamptz,
          paid_by_id = ${work.actor?.id ?? null}
        WHERE id = ${orderId} AND registration_id IS NOT NULL AND status = 'awaiting_payment'
        RETURNING id, user_id, registration_id, payment_method, total_cents`,
  );
  if (!paid) return null;
  if (!through) await settleSale(work, { orderId: paid.id }, paid.payment_method, event.time_zone);
  await logActivity(
    work,
    registrationEntry(event, { id: paid.registration_id, userId: paid.user_id }, 'registration.paid', {
      changes: { orderStatus: { before: 'awaiting_payment', after: 'paid' } },
      details: {
        orderId: paid.id,
        totalCents: Number(paid.total_cents),
        paymentMethod: paid.payment_method,
        ...(through ? { paidThrough: 'invoice', invoiceNumber: through.invoiceNumber } : {}),
      },
    }),
  );
  return paid;
}

/**
 * A manager records that a place bought at price was paid (on site or by transfer): the order of the
 * registration's current round is settled and its invoice, if it has one, gets the payment (chained in the
 * space's journal).
 */
export async function markRegistrationPaid(ctx: ServiceContext, input: { registrationId: string }) {
  const [found] = await rowsOf<{ event_id: string; space_id: string }>(
    ctx.db,
    sql`SELECT r.event_id, events.space_id FROM event_registrations r JOIN events ON events.id = r.event_id WHERE r.id = ${input.registrationId}`,
  );
  if (!found) throw new AppError('not-found', 'No such registration');
  await requireRight(ctx, 'manage', found.space_id);
  return unitOfWork(ctx, async (work) => {
    const event = await lockEvent(work, found.event_id);
    const [order] = await rowsOf<{ id: string }>(
      work.db,
      sql`SELECT o.id FROM orders o JOIN event_registrations r ON r.id = o.registration_id AND o.period_index = r.round
          WHERE r.id = ${input.registrationId}`,
    );
    const paid = order ? await settleRegistrationOrder(work, event, order.id, null) : null;
    if (!paid) throw refused('not-awaiting-payment', 'Nothing to pay for this registration');
    const [row] = await rowsOf<AttendeeRow>(
      work.db,
      sql`SELECT ${ATTENDEE_COLUMNS} FROM event_registrations r JOIN users ON users.id = r.user_id WHERE r.id = ${input.registrationId}`,
    );
    return (await attendeesWithPayments(work.db, [row!]))[0]!;
  });
}

import { sql } from 'drizzle-orm';
import { AppError, refused } from '#contract/errors';
import { EVENT_FULL_SQLSTATE, type RegistrationStatus } from '#contract/events.plain';
import { rowsOf } from '../../db/rows';
import { sqlStateOf } from '../../db/transaction';
import { defineSweepJob, enqueueJob, wakeJobRunner } from '../../platform/jobs';
import { isPlatformAdmin, may, requireSignedIn, spaceRoleOf } from '../../platform/policy';
import {
  logActivity,
  unitOfWork,
  type ServiceContext,
  type WorkContext,
} from '../../platform/service-context';
import { eventMailJob } from './event-mails';
import {
  chargeRegistration,
  isPaid,
  refundLimitOf,
  refundRegistrationCharge,
  type PaymentChoiceInput,
  type RefundDetails,
} from './event-payments';
import { type EventRow } from './event-view';
import {
  chargeEntryDetails,
  endRegistration,
  lockedMine,
  lockEvent,
  mineOf,
  notFound,
  registrationEntry,
  myRegistration,
  registrationOf,
} from './registration-records';
import { refillEvent } from './waitlist.service';
import { queueRefill } from './waitlist.service';
import { PLACE_HOLDING_STATUSES } from '#contract/events.plain';
import { statusIn } from '../../db/status-sql';

/**
 * Registering and leaving (docs/decisions/025-events-and-waitlist.md), and the reminders' sweep. Every change to an event's
 * places runs with the event's row locked (`FOR UPDATE`), so places are given one at a time and waitlist
 * positions follow each other without a gap; the database's trigger (migration 0019) refuses a place beyond
 * the capacity all the same. The waitlist's offers are in waitlist.service.ts, the door list in
 * door-list.service.ts.
 */

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
        'cancelled-within-policy',
      );
    }
  });
  wakeJobRunner();
  return (await myRegistration(ctx, eventId))!;
}

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

export const eventSweepJob = defineSweepJob({
  kind: 'events.sweep',
  everyMs: 60_000,
  sweep: sweepEvents,
  done: 'events swept',
});

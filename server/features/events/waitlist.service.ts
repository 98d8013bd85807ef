import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { refused } from '#contract/errors';
import { DEFAULT_OFFER_HOURS, PLACE_HOLDING_STATUSES } from '#contract/events.plain';
import { statusIn } from '../../db/status-sql';
import { ZUuid } from '#contract/input';
import { rowsOf, settingOf } from '../../db/rows';
import { type Tx } from '../../db/transaction';
import { defineJob, enqueueJob, wakeJobRunner } from '../../platform/jobs';
import { requireRight } from '../../platform/policy';
import {
  logActivity,
  systemContext,
  unitOfWork,
  type LoggedActivity,
  type ServiceContext,
  type WorkContext,
} from '../../platform/service-context';
import { eventMailJob } from './event-mails';
import { chargeRegistration, type PaymentChoiceInput } from './event-payments';
import { lockAndReadEvent } from './event-view';
import {
  chargeEntryDetails,
  endRegistration,
  lockedMine,
  myRegistration,
  registrationEntry,
} from './registration-records';

/**
 * The waitlist (docs/decisions/025-events-and-waitlist.md): freed places are offered by a job
 * (`events.refill`), which survives restarts and, with the event locked and conditional updates, makes each
 * offer once however many processes run; the member accepts or declines the offer.
 */

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
        const hours = await offerHoursOf(work.db, event.space_id);
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

export async function offerHoursOf(db: Tx | ServiceContext['db'], spaceId: string): Promise<number> {
  return settingOf(
    db,
    sql`SELECT offer_hours AS value FROM space_event_settings WHERE space_id = ${spaceId}`,
    DEFAULT_OFFER_HOURS,
  );
}

export async function updateEventSettings(
  ctx: ServiceContext,
  input: { spaceId: string; offerHours: number },
) {
  await requireRight(ctx, 'manage', input.spaceId);
  return unitOfWork(ctx, async (work) => {
    const before = await offerHoursOf(work.db, input.spaceId);
    await work.db.execute(sql`
      INSERT INTO space_event_settings (space_id, offer_hours) VALUES (${input.spaceId}, ${input.offerHours})
      ON CONFLICT (space_id) DO UPDATE SET offer_hours = excluded.offer_hours, updated_at = now()`);
    if (before !== input.offerHours) {
      await logActivity(work, {
        kind: 'event_settings.changed',
        subject: { type: 'space', id: input.spaceId },
        spaceId: input.spaceId,
        changes: { offerHours: { before, after: input.offerHours } },
      });
    }
    return { spaceId: input.spaceId, offerHours: input.offerHours };
  });
}

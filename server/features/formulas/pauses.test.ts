// @databases pglite postgres
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TPausePreview, TPlan } from '#contract/formulas';
import { featureTestFile } from '../../../tests/support/feature-test-file';
import { rowsOf } from '../../db/rows';
import { spaceSalesSettings } from '../../db/schema/formulas';
import { jobs } from '../../db/schema/jobs';
import { sqlStateOf } from '../../db/transaction';
import { JOBS } from '../../jobs';
import { createJobRunner } from '../../platform/jobs';
import { log } from '../../platform/log';
import { localInstant, recordingMailer } from '../reservations/reservations.fixtures';
import {
  ALWAYS_OPEN,
  insertPerson,
  insertRoom,
  insertSpace,
  type TestPerson,
} from '../../db/factories.fixtures';
import { formulasRouter, insertFormula, setActivation } from './formulas.fixtures';
import { sweepPlans } from './plans-sweep.service';

/**
 * Pausing a membership (docs/decisions/021), on a fixed clock in Paris: nothing renews or expires during
 * the pause; when it is over its days move the period's end and every later period, and the credit's
 * validity, across the clock change of 28 March and the month ends (31 January → 28 February → 31 March);
 * the credit never pays for a time inside the pause; the database refuses overlapping pauses, a pause the
 * space does not offer or longer than its maximum, and a lot's validity moved by more than the pauses.
 */
const { database, clock, call, system } = featureTestFile(formulasRouter, '2027-01-31T10:00');
let spaceId: string;
let roomId: string;

beforeAll(async () => {
  spaceId = await insertSpace(database.db, { hours: ALWAYS_OPEN });
  roomId = await insertRoom(database.db, spaceId, { kind: 'meeting_room' });
  await setActivation(database.db, spaceId, 'purchase', 30);
  await database.db
    .update(spaceSalesSettings)
    .set({ pauseAllowed: true, pauseMaxDays: 21, pauseNoticeDays: 2 })
    .where(eq(spaceSalesSettings.spaceId, spaceId));
});
beforeEach(async () => {
  await database.db.delete(jobs);
});

const sweep = () => sweepPlans(system());

async function refusal(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => null,
    (caught: unknown) => caught,
  )) as { code?: string; details?: { reason?: string } } | null;
  return error ? `${error.code}:${error.details?.reason ?? ''}` : 'accepted';
}

async function dbRefusal(statement: Promise<unknown>) {
  return statement.then(
    () => 'accepted',
    (error: unknown) => sqlStateOf(error),
  );
}

async function buyMembership() {
  const member = await insertPerson(database.db, { locale: 'en', name: 'Paula' });
  const formulaId = await insertFormula(database.db, spaceId, {
    kind: 'membership',
    period: 'month',
    rollover: 'none',
    validityDays: null,
    creditAmount: 300,
    roomKinds: ['meeting_room'],
    // Free, so its renewals are paid at once (an unpaid one would suspend the plan after its grace).
    priceExclVatCents: 0,
  });
  const { planId } = await call<{ planId: string }>(member, 'formulas.buy', {
    formulaId,
    paymentMethod: 'on_site',
    idempotencyKey: randomUUID(),
  });
  return { member, planId };
}

const planRow = async (planId: string) =>
  (
    await rowsOf<{ status: string; period_index: number; period_ends_at: string; paused_days: number }>(
      database.db,
      sql`SELECT status, period_index, to_json(period_ends_at) #>> '{}' AS period_ends_at, paused_days
          FROM plans WHERE id = ${planId}`,
    )
  )[0]!;

const lotsOf = (planId: string) =>
  rowsOf<{ id: string; period_index: number; valid_until: string; balance: number }>(
    database.db,
    sql`SELECT id, period_index, to_json(valid_until) #>> '{}' AS valid_until,
               (SELECT coalesce(sum(amount), 0) FROM credit_entries WHERE lot_id = credit_lots.id)::int AS balance
        FROM credit_lots WHERE plan_id = ${planId} ORDER BY period_index`,
  );

const iso = (local: string) => new Date(localInstant(local)).toISOString();

function book(person: TestPerson, from: string, to: string, payWith = 'credits') {
  return call<{ id: string }>(person, 'reservations.create', {
    roomId,
    startsAt: localInstant(from),
    endsAt: localInstant(to),
    attendees: 1,
    title: '',
    idempotencyKey: randomUUID(),
    payWith,
  });
}

describe('a membership paused across a month end and the clock change', () => {
  it('renews nothing during the pause, then moves the period, later periods and the credit by its days', async () => {
    clock.set('2027-01-31T10:00');
    const { member, planId } = await buyMembership();
    clock.set('2027-02-28T00:05');
    expect((await sweep()).renewed).toBe(1); // period 1: 28 February → 31 March
    clock.set('2027-03-10T09:00');
    await book(member, '2027-03-12T09:00', '2027-03-12T10:00'); // 1 h of the 5, before the pause

    const dates = { planId, startsOn: '2027-03-20', endsOn: '2027-04-03' }; // 14 days, over 28 March and 31 March
    const preview = await call<TPausePreview>(member, 'plans.previewPause', dates);
    expect(preview).toMatchObject({
      days: 14,
      startsAt: iso('2027-03-20T00:00'),
      endsAt: iso('2027-04-03T00:00'),
      renewalBefore: iso('2027-03-31T00:00'),
      renewalAfter: iso('2027-04-14T00:00'),
    });
    expect(preview.lots).toEqual([
      expect.objectContaining({
        balance: 240,
        validUntilBefore: iso('2027-03-31T00:00'),
        validUntilAfter: iso('2027-04-14T00:00'),
      }),
    ]);
    const paused = await call<TPlan>(member, 'plans.pause', dates);
    expect(paused.pauses).toEqual([expect.objectContaining({ state: 'upcoming', days: 14 })]);
    // The confirmation e-mail is queued with the pause.
    const queued = await rowsOf<{ payload: { event: string } }>(
      database.db,
      sql`SELECT payload FROM jobs WHERE kind = 'formulas.mail'`,
    );
    expect(queued.map((job) => job.payload.event)).toContain('pause-scheduled');

    // Credit never pays for a time inside the pause; before it, it still does.
    expect(await refusal(book(member, '2027-03-22T09:00', '2027-03-22T10:00'))).toBe(
      'failed-precondition:no-usable-credit',
    );
    expect(await refusal(book(member, '2027-03-19T22:00', '2027-03-20T01:00'))).toBe(
      'failed-precondition:no-usable-credit',
    );
    await book(member, '2027-03-19T09:00', '2027-03-19T10:00');

    // The period's end passes during the pause: no renewal, no order, no expiry.
    clock.set('2027-03-31T00:05');
    expect(await sweep()).toMatchObject({ renewed: 0, expired: 0, resumed: 0 });
    expect((await planRow(planId)).period_index).toBe(1);

    // At its end the pause is applied: 14 local days later, an hour fewer in UTC after the clock change.
    clock.set('2027-04-03T00:05');
    expect(await sweep()).toMatchObject({ resumed: 1, renewed: 0, expired: 0 });
    const plan = await planRow(planId);
    expect(new Date(plan.period_ends_at).toISOString()).toBe(iso('2027-04-14T00:00'));
    expect(plan.paused_days).toBe(14);
    let lots = await lotsOf(planId);
    expect(new Date(lots[1]!.valid_until).toISOString()).toBe(iso('2027-04-14T00:00'));
    expect(lots[1]!.balance).toBe(180);
    // The credit pays again after the pause, up to its extended validity.
    await book(member, '2027-04-13T09:00', '2027-04-13T10:00');
    expect(await sweep()).toMatchObject({ resumed: 0, renewed: 0 });

    // The renewal comes 14 days later, and the next period keeps the anchor's day shifted: 30 April + 14.
    clock.set('2027-04-14T00:05');
    expect(await sweep()).toMatchObject({ renewed: 1, expired: 1 });
    lots = await lotsOf(planId);
    expect(lots.map((lot) => [lot.period_index, lot.balance])).toEqual([
      [0, 0],
      [1, 0],
      [2, 300],
    ]);
    expect(new Date(lots[2]!.valid_until).toISOString()).toBe(iso('2027-05-14T00:00'));
    const [{ orders }] = (await rowsOf<{ orders: number }>(
      database.db,
      sql`SELECT count(*)::int AS orders FROM orders WHERE plan_id = ${planId}`,
    )) as [{ orders: number }];
    expect(orders).toBe(3);
  });

  it('resumes early with the days paused so far, and calls off a pause not begun', async () => {
    clock.set('2027-01-31T10:00');
    const { member, planId } = await buyMembership();
    clock.set('2027-02-01T10:00');
    const upcoming = await call<TPlan>(member, 'plans.pause', {
      planId,
      startsOn: '2027-02-10',
      endsOn: '2027-02-20',
    });
    const called = await call<TPlan>(member, 'plans.endPause', { pauseId: upcoming.pauses[0]!.id });
    expect(called.pauses).toEqual([]);
    const running = await call<TPlan>(member, 'plans.pause', {
      planId,
      startsOn: '2027-02-10',
      endsOn: '2027-02-24',
    });
    clock.set('2027-02-15T15:00');
    const resumed = await call<TPlan>(member, 'plans.endPause', { pauseId: running.pauses[0]!.id });
    // Paused 10 to 14 February: 5 days; the period ends on 5 March instead of 28 February.
    expect(resumed.pauses).toEqual([
      expect.objectContaining({ state: 'ended', days: 5, endsOn: '2027-02-15' }),
    ]);
    expect(resumed.periodEndsAt).toBe(iso('2027-03-05T00:00'));
    expect(resumed.lots[0]!.validUntil).toBe(iso('2027-03-05T00:00'));
    await book(member, '2027-02-15T16:00', '2027-02-15T17:00');
    const kinds = await rowsOf<{ kind: string }>(
      database.db,
      sql`SELECT kind FROM activity_entries WHERE subject_id = ${planId} ORDER BY id`,
    );
    expect(kinds.map((row) => row.kind)).toEqual([
      'plan.paused',
      'plan.pause_cancelled',
      'plan.paused',
      'plan.resumed',
    ]);
  });

  it('refuses a pause the space’s rules do not allow, and one over a booking paid with its credit', async () => {
    clock.set('2027-01-31T10:00');
    const { member, planId } = await buyMembership();
    const pause = (startsOn: string, endsOn: string) =>
      refusal(call(member, 'plans.previewPause', { planId, startsOn, endsOn }));
    expect(await pause('2027-02-01', '2027-02-05')).toBe('failed-precondition:pause-too-soon');
    expect(await pause('2027-02-05', '2027-02-27')).toBe('failed-precondition:pause-too-long');
    expect(await pause('2027-02-05', '2027-02-05')).toBe('invalid-argument:');
    await book(member, '2027-02-06T09:00', '2027-02-06T10:00');
    expect(await pause('2027-02-05', '2027-02-08')).toBe('failed-precondition:credit-bookings-in-pause');
    expect(await pause('2027-02-07', '2027-02-08')).toBe('accepted');
    await call(member, 'plans.pause', { planId, startsOn: '2027-02-07', endsOn: '2027-02-08' });
    expect(await pause('2027-02-10', '2027-02-12')).toBe('failed-precondition:pause-already-planned');
    const someoneElse = await insertPerson(database.db);
    expect(
      await refusal(
        call(someoneElse, 'plans.pause', { planId, startsOn: '2027-02-10', endsOn: '2027-02-12' }),
      ),
    ).toBe('not-found:');
  });
});

describe('the database', () => {
  it('refuses overlapping pauses, pauses beyond the space’s rules, lengthening one, and a debit inside one', async () => {
    clock.set('2027-01-31T10:00');
    const { member, planId } = await buyMembership();
    const insert = (startsOn: string, endsOn: string) =>
      dbRefusal(
        database.db.execute(sql`
          INSERT INTO plan_pauses (plan_id, starts_on, ends_on, starts_at, ends_at, created_at)
          VALUES (${planId}, ${startsOn}, ${endsOn}, ${iso(`${startsOn}T00:00`)}::timestamptz,
                  ${iso(`${endsOn}T00:00`)}::timestamptz, now())`),
      );
    expect(await insert('2027-02-10', '2027-02-20')).toBe('accepted');
    expect(await insert('2027-02-19', '2027-02-22')).toBe('23P01');
    expect(await insert('2027-03-01', '2027-03-30')).toBe('EC003'); // 29 days > 21
    expect(await insert('2027-02-20', '2027-02-22')).toBe('accepted'); // back to back is fine
    expect(
      await dbRefusal(
        database.db.execute(
          sql`UPDATE plan_pauses SET ends_on = '2027-02-21' WHERE plan_id = ${planId} AND starts_on = '2027-02-10'`,
        ),
      ),
    ).toBe('EC003');
    // A debit for a time inside a pause, written past the service (the booking itself is at price).
    clock.set('2027-02-01T10:00');
    const reservation = await book(member, '2027-02-12T09:00', '2027-02-12T10:00', 'price');
    const [lot] = await lotsOf(planId);
    expect(
      await dbRefusal(
        database.db.execute(sql`
          INSERT INTO credit_entries (lot_id, user_id, kind, amount, reservation_id, occurred_at)
          VALUES (${lot!.id}, ${member.id}, 'debit', -60, ${reservation.id}, now())`),
      ),
    ).toBe('EC002');
    // A lot's validity moves later only by the plan's applied pauses (none yet).
    expect(
      await dbRefusal(
        database.db.execute(
          sql`UPDATE credit_lots SET valid_until = valid_until + interval '1 day' WHERE id = ${lot!.id}`,
        ),
      ),
    ).toBe('42501');
    // A space that does not offer pauses.
    await database.db
      .update(spaceSalesSettings)
      .set({ pauseAllowed: false })
      .where(eq(spaceSalesSettings.spaceId, spaceId));
    expect(await insert('2027-04-01', '2027-04-03')).toBe('EC003');
    await database.db
      .update(spaceSalesSettings)
      .set({ pauseAllowed: true })
      .where(eq(spaceSalesSettings.spaceId, spaceId));
  });
});

describe('the renewal reminder', () => {
  it('is sent once, seven days before the renewal, in the member’s language, and again after a pause moves it', async () => {
    clock.set('2027-01-31T10:00');
    const { member, planId } = await buyMembership();
    const mailer = recordingMailer();
    const runJobs = async () => {
      const runner = createJobRunner({
        db: database.db,
        jobs: JOBS,
        baseUrl: 'https://escale.test',
        mailer,
        log,
      });
      await database.db.update(jobs).set({ runAt: clock.now }).where(eq(jobs.status, 'queued'));
      return runner.runDue(clock.now);
    };
    const reminders = () =>
      mailer.sent.filter((mail) => mail.to === member.email && /Renews/.test(mail.subject));
    const remindedPeriod = async () =>
      (
        await rowsOf<{ reminded: number | null }>(
          database.db,
          sql`SELECT reminded_period_index AS reminded FROM plans WHERE id = ${planId}`,
        )
      )[0]!.reminded;
    clock.set('2027-02-20T23:00'); // 7 days and an hour before 28 February
    await sweep();
    expect(await remindedPeriod()).toBeNull();
    clock.set('2027-02-21T00:05');
    await call(member, 'plans.pause', { planId, startsOn: '2027-02-25', endsOn: '2027-03-01' });
    // A pause planned before the renewal holds the reminder back: the date will move.
    await sweep();
    expect(await remindedPeriod()).toBeNull();
    clock.set('2027-03-01T00:05');
    await sweep(); // the pause is over: 4 days, the renewal moves to 4 March, 7 days away or less
    expect(new Date((await planRow(planId)).period_ends_at).toISOString()).toBe(iso('2027-03-04T00:00'));
    await sweep();
    expect(await remindedPeriod()).toBe(0);
    await sweep();
    await runJobs();
    expect(reminders()).toEqual([
      expect.objectContaining({ subject: expect.stringContaining('Renews on Thursday 4 March 2027') }),
    ]);
    expect(reminders()[0]!.text).toContain('three clicks');
    // The pause's confirmation, in the member's language, says its days and what it moves.
    const confirmation = mailer.sent.find(
      (mail) => mail.to === member.email && /Pause recorded/.test(mail.subject),
    );
    expect(confirmation!.text).toContain(
      'from Thursday 25 February 2027 to Sunday 28 February 2027 inclusive (4 days)',
    );
    expect(confirmation!.text).toContain('Nothing is charged or renewed during the pause');
  });
});

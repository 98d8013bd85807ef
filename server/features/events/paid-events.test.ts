// @databases pglite postgres
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TAttendee, TEventPage, TMyRegistration } from '#contract/events';
import type { TLedgerLine } from '#contract/formulas';
import { codeOf, featureTestFile } from '../../../tests/support/feature-test-file';
import { rowsOf } from '../../db/rows';
import { spaceSalesSettings } from '../../db/schema/formulas';
import { sqlStateOf } from '../../db/transaction';
import { createJobRunner } from '../../platform/jobs';
import { log } from '../../platform/log';
import { formulasCallables } from '../formulas/formulas.callables';
import { insertFormula, setActivation } from '../formulas/formulas.fixtures';
import { invoicesCallables } from '../invoices/invoices.callables';
import { giveBillingDetails, setLegalIdentity } from '../invoices/invoices.fixtures';
import { localInstant, recordingMailer, routerAtClock } from '../reservations/reservations.fixtures';
import { addRole, insertPerson, insertRoom, insertSpace, type TestPerson } from '../../db/factories.fixtures';
import { eventJobs } from './event-jobs';
import { eventsCallables } from './events.callables';
import { WORKSHOP } from './events.fixtures';
import { sweepEvents } from './registrations.service';
import { refusalOf } from '../../../tests/support/database-refusal';

/**
 * Paid events (docs/decisions/025): a place is an order (invoiced) or a credit debit in the registration's
 * unit of work; a member's cancellation within the space's policy, or the manager's cancellation of the
 * event, gives it back (credit to the same lot, credit note for the invoice). Also the "event changed" and
 * reminder e-mails. On PGlite, or PostgreSQL with DATABASE_URL.
 */
const { database, clock, call } = featureTestFile(
  (now) => routerAtClock([...eventsCallables, ...formulasCallables, ...invoicesCallables], now),
  '2027-02-01T08:00',
);
let spaceId: string;
let roomId: string;
let manager: TestPerson;

beforeAll(async () => {
  spaceId = await insertSpace(database.db);
  roomId = await insertRoom(database.db, spaceId);
  manager = await insertPerson(database.db);
  await addRole(database.db, spaceId, manager.id, 'manager');
  await setLegalIdentity(database.db, spaceId);
  await setActivation(database.db, spaceId, 'purchase');
});

/** A published workshop at €25 excl. VAT (20 %), payable with 90 credit minutes, in the meeting room. */
async function paidEvent(extra: Record<string, unknown> = {}): Promise<string> {
  const { id } = await call<{ id: string }>(manager, 'events.create', {
    spaceId,
    event: {
      ...WORKSHOP,
      roomId: null,
      priceExclVatCents: 2500,
      vatRateBasisPoints: 2000,
      creditMinutes: 90,
      ...extra,
    },
  });
  await call(manager, 'events.publish', { id });
  return id;
}

/** A member holding a 10-hour pack of meeting rooms and event halls, valid 90 days. */
async function memberWithPack(): Promise<TestPerson> {
  const member = await insertPerson(database.db);
  // The pack costs more than a simplified invoice allows: its invoice names the buyer's address.
  await giveBillingDetails(database.db, member.id);
  const formulaId = await insertFormula(database.db, spaceId, { roomKinds: ['meeting_room', 'event_hall'] });
  await call(member, 'formulas.buy', { formulaId, paymentMethod: 'on_site', idempotencyKey: randomUUID() });
  return member;
}

async function balance(userId: string): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(
    database.db,
    sql`SELECT coalesce(sum(amount), 0)::int AS total FROM credit_entries WHERE user_id = ${userId}`,
  );
  return Number(row!.total);
}

async function documentsOf(userId: string) {
  return rowsOf<{ kind: string; number: string; total_cents: number; payment_status: string }>(
    database.db,
    sql`SELECT kind, number, total_cents, payment_status FROM invoices WHERE buyer_user_id = ${userId} ORDER BY number`,
  );
}

async function activityKinds(registrationId: string): Promise<string[]> {
  const rows = await rowsOf<{ kind: string }>(
    database.db,
    sql`SELECT kind FROM activity_entries WHERE subject_id = ${registrationId} ORDER BY id`,
  );
  return rows.map((row) => row.kind);
}

const page = (person: TestPerson | null, id: string) => call<TEventPage>(person, 'events.get', { id });

/** Runs the events' due jobs (offers, e-mails) until none is left; returns what was mailed. */
async function runDueEventJobs() {
  const mailer = recordingMailer();
  const runner = createJobRunner({
    db: database.db,
    jobs: eventJobs,
    baseUrl: 'http://escale.test',
    mailer,
    log,
  });
  while ((await runner.runDue(clock.now)) > 0);
  return mailer;
}

/** A new member takes a place of a new paid event at price, to pay by bank transfer. */
async function placeBoughtByTransfer() {
  const eventId = await paidEvent();
  const member = await insertPerson(database.db);
  const mine = await call<TMyRegistration>(member, 'events.register', {
    eventId,
    payWith: 'price',
    paymentMethod: 'bank_transfer',
  });
  return { eventId, member, mine };
}

describe('a paid place at price', () => {
  it('is an order with its invoice; cancelled within the policy, the order is cancelled and credited', async () => {
    const { eventId, member, mine } = await placeBoughtByTransfer();
    expect(mine.payment).toMatchObject({
      with: 'price',
      totalCents: 3000,
      paymentMethod: 'bank_transfer',
      orderStatus: 'awaiting_payment',
      refunded: false,
    });
    const [line] = await rowsOf<{ event_id: string; formula_id: string | null; total_cents: number }>(
      database.db,
      sql`SELECT l.event_id, l.formula_id, l.total_cents FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE o.registration_id = ${mine.id}`,
    );
    expect(line).toMatchObject({ event_id: eventId, formula_id: null, total_cents: 3000 });
    expect(await documentsOf(member.id)).toMatchObject([
      { kind: 'invoice', total_cents: 3000, payment_status: 'unpaid' },
    ]);
    // The page says until when a cancellation is refunded: 24 h before the start by default.
    expect((await page(member, eventId)).refundUntil).toBe(localInstant('2027-02-09T18:00'));
    const after = await call<TMyRegistration>(member, 'events.cancelRegistration', { eventId });
    expect(after.status).toBe('cancelled');
    expect(after.payment).toMatchObject({ orderStatus: 'cancelled', refunded: true });
    const documents = await documentsOf(member.id);
    expect(documents.map((document) => [document.kind, document.payment_status])).toEqual([
      ['credit_note', 'paid'],
      ['invoice', 'credited'],
    ]);
    expect(await activityKinds(mine.id)).toEqual([
      'registration.created',
      'registration.cancelled',
      'registration.refunded',
    ]);
  });

  it('is not refunded when cancelled after the policy’s limit (before the deadline)', async () => {
    const eventId = await paidEvent();
    const member = await insertPerson(database.db);
    await call(member, 'events.register', { eventId });
    clock.set('2027-02-10T12:00');
    try {
      const after = await call<TMyRegistration>(member, 'events.cancelRegistration', { eventId });
      expect(after.payment).toMatchObject({ orderStatus: 'awaiting_payment', refunded: false });
      expect((await documentsOf(member.id)).map((document) => document.kind)).toEqual(['invoice']);
    } finally {
      clock.set('2027-02-01T08:00');
    }
  });

  it('is marked paid by a manager, with its invoice; a member may not', async () => {
    const eventId = await paidEvent();
    const member = await insertPerson(database.db);
    const mine = await call<TMyRegistration>(member, 'events.register', { eventId });
    expect(await codeOf(call(member, 'events.markPaid', { registrationId: mine.id }))).toBe(
      'permission-denied',
    );
    const attendee = await call<TAttendee>(manager, 'events.markPaid', { registrationId: mine.id });
    expect(attendee.payment).toMatchObject({ orderStatus: 'paid' });
    expect(await documentsOf(member.id)).toMatchObject([{ kind: 'invoice', payment_status: 'paid' }]);
    expect(await codeOf(call(manager, 'events.markPaid', { registrationId: mine.id }))).toBe(
      'failed-precondition:not-awaiting-payment',
    );
  });
});

describe('a place’s invoice paid from the invoicing page', () => {
  async function invoiceOf(registrationId: string) {
    const [row] = await rowsOf<{ id: string; number: string; order_id: string }>(
      database.db,
      sql`SELECT i.id, i.number, i.order_id FROM invoices i JOIN orders o ON o.id = i.order_id
          WHERE o.registration_id = ${registrationId} AND i.kind = 'invoice'`,
    );
    return row!;
  }
  const pay = (invoiceId: string, amountCents: number) =>
    call(manager, 'invoices.recordPayment', {
      invoiceId,
      amountCents,
      method: 'bank_transfer',
      paidOn: '2027-02-01',
    });

  it('pays the place once the invoice is paid in full, as the door list would', async () => {
    const { eventId, member, mine } = await placeBoughtByTransfer();
    const invoice = await invoiceOf(mine.id);
    await pay(invoice.id, 1000);
    expect((await page(member, eventId)).mine?.payment).toMatchObject({ orderStatus: 'awaiting_payment' });
    await pay(invoice.id, 2000);
    expect((await page(member, eventId)).mine?.payment).toMatchObject({
      orderStatus: 'paid',
      refunded: false,
    });
    const [entry] = await rowsOf<{
      actor_id: string;
      about_user_id: string;
      details: Record<string, unknown>;
    }>(
      database.db,
      sql`SELECT actor_id, about_user_id, details FROM activity_entries
          WHERE kind = 'registration.paid' AND subject_id = ${mine.id}`,
    );
    expect(entry).toMatchObject({
      actor_id: manager.id,
      about_user_id: member.id,
      details: { orderId: invoice.order_id, paidThrough: 'invoice', invoiceNumber: invoice.number },
    });
    expect(await codeOf(call(manager, 'events.markPaid', { registrationId: mine.id }))).toBe(
      'failed-precondition:not-awaiting-payment',
    );
  });

  it('a member of the space may not record it', async () => {
    const eventId = await paidEvent();
    const member = await insertPerson(database.db);
    const mine = await call<TMyRegistration>(member, 'events.register', { eventId });
    const invoice = await invoiceOf(mine.id);
    expect(
      await codeOf(
        call(member, 'invoices.recordPayment', {
          invoiceId: invoice.id,
          amountCents: 3000,
          method: 'cash',
          paidOn: '2027-02-01',
        }),
      ),
    ).toBe('permission-denied');
    expect((await page(member, eventId)).mine?.payment).toMatchObject({ orderStatus: 'awaiting_payment' });
  });
});

describe('a crowd on a paid event', () => {
  it('40 concurrent paid registrations for 10 places: 10 orders with gap-free invoices, 30 in line, 0 internal', async () => {
    const eventId = await paidEvent({ capacity: 10 });
    const crowd: TestPerson[] = [];
    for (let i = 0; i < 40; i++) crowd.push(await insertPerson(database.db));
    const before = await rowsOf<{ last: number }>(
      database.db,
      sql`SELECT coalesce(max(sequence), 0)::int AS last FROM invoices WHERE space_id = ${spaceId} AND kind = 'invoice'`,
    );
    const outcomes = await Promise.all(
      crowd.map((person) => codeOf(call(person, 'events.register', { eventId, payWith: 'price' }))),
    );
    expect(outcomes.filter((code) => code !== 'ok')).toEqual([]);
    const rows = await rowsOf<{ status: string; waitlist_position: number | null; orders: number }>(
      database.db,
      sql`SELECT r.status, r.waitlist_position,
                 (SELECT count(*) FROM orders o WHERE o.registration_id = r.id)::int AS orders
          FROM event_registrations r WHERE r.event_id = ${eventId}`,
    );
    expect(rows.filter((row) => row.status === 'registered' && Number(row.orders) === 1)).toHaveLength(10);
    const waiting = rows.filter((row) => row.status === 'waitlisted');
    expect(waiting.every((row) => Number(row.orders) === 0)).toBe(true);
    expect(waiting.map((row) => Number(row.waitlist_position)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, index) => index + 1),
    );
    const numbers = await rowsOf<{ sequence: number }>(
      database.db,
      sql`SELECT sequence FROM invoices WHERE space_id = ${spaceId} AND kind = 'invoice' AND sequence > ${Number(before[0]!.last)}
          ORDER BY sequence`,
    );
    const first = Number(before[0]!.last) + 1;
    expect(numbers.map((row) => Number(row.sequence))).toEqual(
      Array.from({ length: 10 }, (_, index) => first + index),
    );
  }, 120_000);
});

describe('a paid place with credit', () => {
  it('is a debit of the pack; cancelled within the policy it is refunded to the same lot', async () => {
    const eventId = await paidEvent();
    const member = await memberWithPack();
    const option = (await page(member, eventId)).creditOption;
    expect(option).toEqual({
      unit: 'minutes',
      cost: 90,
      balanceBefore: 600,
      balanceAfter: 510,
      enough: true,
    });
    const mine = await call<TMyRegistration>(member, 'events.register', { eventId, payWith: 'credits' });
    expect(mine.payment).toMatchObject({ with: 'credits', creditAmount: 90, creditUnit: 'minutes' });
    expect(await balance(member.id)).toBe(510);
    await call(member, 'events.cancelRegistration', { eventId });
    expect(await balance(member.id)).toBe(600);
    const entries = await rowsOf<{ kind: string; lot_id: string; registration_round: number }>(
      database.db,
      sql`SELECT kind, lot_id, registration_round FROM credit_entries WHERE registration_id = ${mine.id} ORDER BY id`,
    );
    expect(entries.map((entry) => entry.kind)).toEqual(['debit', 'refund']);
    expect(entries[0]!.lot_id).toBe(entries[1]!.lot_id);
    // The member's credit history names the event of both lines, for a link to its page.
    const ledger = await call<{ lines: TLedgerLine[] }>(member, 'plans.ledger', {});
    expect(ledger.lines.slice(0, 2).map((line) => [line.kind, line.event?.id, line.reservation])).toEqual([
      ['refund', eventId, null],
      ['debit', eventId, null],
    ]);
    expect(ledger.lines[0]!.event).toMatchObject({
      titleFr: WORKSHOP.titleFr,
      startsAt: localInstant(WORKSHOP.startsAt),
    });
    expect(ledger.lines[2]).toMatchObject({ kind: 'grant', event: null });
    // Registering again is a new round, charged again.
    const again = await call<TMyRegistration>(member, 'events.register', { eventId, payWith: 'credits' });
    expect(again.payment).toMatchObject({ with: 'credits', refunded: false });
    expect(await balance(member.id)).toBe(510);
  });

  it('refuses credit that does not cover the event, and a lot without enough', async () => {
    const eventId = await paidEvent();
    const stranger = await insertPerson(database.db);
    expect(await codeOf(call(stranger, 'events.register', { eventId, payWith: 'credits' }))).toBe(
      'failed-precondition:no-usable-credit',
    );
    const desksOnly = await insertPerson(database.db);
    await giveBillingDetails(database.db, desksOnly.id);
    const formulaId = await insertFormula(database.db, spaceId, { roomKinds: ['desk'] });
    await call(desksOnly, 'formulas.buy', {
      formulaId,
      paymentMethod: 'on_site',
      idempotencyKey: randomUUID(),
    });
    expect(await codeOf(call(desksOnly, 'events.register', { eventId, payWith: 'credits' }))).toBe(
      'failed-precondition:no-usable-credit',
    );
    const big = await paidEvent({ creditMinutes: 1000 });
    const member = await memberWithPack();
    expect(await codeOf(call(member, 'events.register', { eventId: big, payWith: 'credits' }))).toBe(
      'failed-precondition:not-enough-credit',
    );
    // Nothing was kept of the refused registration.
    expect((await page(member, big)).mine).toBeNull();
  });

  it('the database refuses a debit for another amount than the event costs, and a refund that is not its debit', async () => {
    const eventId = await paidEvent();
    const member = await memberWithPack();
    const mine = await call<TMyRegistration>(member, 'events.register', { eventId, payWith: 'credits' });
    const [lot] = await rowsOf<{ id: string }>(
      database.db,
      sql`SELECT id FROM credit_lots WHERE user_id = ${member.id}`,
    );
    const insert = (kind: string, amount: number, round: number) =>
      database.db.execute(sql`
        INSERT INTO credit_entries (lot_id, user_id, kind, amount, registration_id, registration_round, occurred_at)
        VALUES (${lot!.id}, ${member.id}, ${kind}, ${amount}, ${mine.id}, ${round}, now())`);
    expect(await refusalOf(insert('debit', -30, 1))).toMatchObject({
      sqlState: 'EC002',
      message: expect.stringMatching(/cannot pay for registration/),
    });
    expect(await refusalOf(insert('refund', 200, 0))).toMatchObject({
      sqlState: 'EC002',
      message: expect.stringMatching(/does not match its debit/),
    });
  });

  it('never pays for a place inside a pause of the membership, in the service or in the database', async () => {
    await database.db
      .update(spaceSalesSettings)
      .set({ pauseAllowed: true, pauseMaxDays: 30, pauseNoticeDays: 1 })
      .where(eq(spaceSalesSettings.spaceId, spaceId));
    const member = await insertPerson(database.db);
    const formulaId = await insertFormula(database.db, spaceId, {
      kind: 'membership',
      period: 'month',
      rollover: 'none',
      validityDays: null,
      roomKinds: ['event_hall'],
      priceExclVatCents: 0,
    });
    const { planId } = await call<{ planId: string }>(member, 'formulas.buy', {
      formulaId,
      paymentMethod: 'on_site',
      idempotencyKey: randomUUID(),
    });
    const eventId = await paidEvent(); // no room: an event hall, 10 February 18:00–20:00
    expect((await page(member, eventId)).creditOption).toMatchObject({ cost: 90, enough: true });

    const paused = await call<{ pauses: { id: string }[] }>(member, 'plans.pause', {
      planId,
      startsOn: '2027-02-10',
      endsOn: '2027-02-11',
    });
    expect((await page(member, eventId)).creditOption).toBeNull();
    expect(await codeOf(call(member, 'events.register', { eventId, payWith: 'credits' }))).toBe(
      'failed-precondition:no-usable-credit',
    );

    // Past the service: a debit for the member's place (taken at price) is refused while the pause stands…
    const mine = await call<TMyRegistration>(member, 'events.register', {
      eventId,
      payWith: 'price',
      paymentMethod: 'on_site',
    });
    const [lot] = await rowsOf<{ id: string }>(
      database.db,
      sql`SELECT id FROM credit_lots WHERE plan_id = ${planId}`,
    );
    const debit = () =>
      database.db
        .execute(
          sql`INSERT INTO credit_entries (lot_id, user_id, kind, amount, registration_id, registration_round, occurred_at)
              VALUES (${lot!.id}, ${member.id}, 'debit', -90, ${mine.id}, 0, now())`,
        )
        .then(
          () => 'accepted',
          (error: unknown) => sqlStateOf(error),
        );
    expect(await debit()).toBe('EC002');
    // …and accepted once it is called off: the pause was the only reason.
    await call(member, 'plans.endPause', { pauseId: paused.pauses[0]!.id });
    expect(await debit()).toBe('accepted');
  });
});

describe('a waitlisted person', () => {
  it('is charged when accepting the offer, with their choice then', async () => {
    const eventId = await paidEvent({ capacity: 1 });
    const first = await insertPerson(database.db);
    const second = await memberWithPack();
    await call(first, 'events.register', { eventId });
    const waiting = await call<TMyRegistration>(second, 'events.register', { eventId, payWith: 'credits' });
    expect(waiting).toMatchObject({ status: 'waitlisted', payment: null });
    expect(await balance(second.id)).toBe(600);
    await call(first, 'events.cancelRegistration', { eventId });
    await runDueEventJobs();
    const accepted = await call<TMyRegistration>(second, 'events.acceptOffer', {
      eventId,
      payWith: 'credits',
    });
    expect(accepted).toMatchObject({ status: 'registered', payment: { with: 'credits', creditAmount: 90 } });
    expect(await balance(second.id)).toBe(510);
  });
});

describe('a manager cancelling a paid event', () => {
  it('refunds every paid place: credit back to its lot, a credit note for each invoice', async () => {
    const eventId = await paidEvent();
    const byPrice = await insertPerson(database.db);
    const byCredit = await memberWithPack();
    const priced = await call<TMyRegistration>(byPrice, 'events.register', { eventId });
    const credited = await call<TMyRegistration>(byCredit, 'events.register', {
      eventId,
      payWith: 'credits',
    });
    await call(manager, 'events.markPaid', { registrationId: priced.id });
    const { told } = await call<{ told: number }>(manager, 'events.cancel', { id: eventId, reason: 'Grève' });
    expect(told).toBe(2);
    expect(await balance(byCredit.id)).toBe(600);
    expect((await documentsOf(byPrice.id)).map((document) => document.kind)).toEqual([
      'credit_note',
      'invoice',
    ]);
    expect(await activityKinds(credited.id)).toContain('registration.refunded');
    const [entry] = await rowsOf<{ actor_id: string; about_user_id: string }>(
      database.db,
      sql`SELECT actor_id, about_user_id FROM activity_entries WHERE kind = 'registration.refunded' AND subject_id = ${priced.id}`,
    );
    expect(entry).toMatchObject({ actor_id: manager.id, about_user_id: byPrice.id });
  });
});

describe('members who left after the refund limit', () => {
  it('still owe their place while the event is held, and nothing once a manager cancels it', async () => {
    const eventId = await paidEvent();
    const unpaid = await insertPerson(database.db);
    const paid = await insertPerson(database.db);
    const byCredit = await memberWithPack();
    const holder = await insertPerson(database.db);
    const unpaidPlace = await call<TMyRegistration>(unpaid, 'events.register', { eventId });
    const paidPlace = await call<TMyRegistration>(paid, 'events.register', { eventId });
    await call(manager, 'events.markPaid', { registrationId: paidPlace.id });
    const creditPlace = await call<TMyRegistration>(byCredit, 'events.register', {
      eventId,
      payWith: 'credits',
    });
    await call(holder, 'events.register', { eventId });
    clock.set('2027-02-10T12:00');
    try {
      for (const person of [unpaid, paid, byCredit]) {
        const after = await call<TMyRegistration>(person, 'events.cancelRegistration', { eventId });
        expect(after.payment?.refunded).toBe(false);
      }
      expect((await page(unpaid, eventId)).mine?.payment).toMatchObject({ orderStatus: 'awaiting_payment' });
      expect(await balance(byCredit.id)).toBe(510);

      const { told } = await call<{ told: number }>(manager, 'events.cancel', {
        id: eventId,
        reason: 'Grève',
      });
      expect(told).toBe(1);
      // The unpaid order is cancelled with a credit note, the paid one too, the credit is back in its lot.
      expect((await page(unpaid, eventId)).mine?.payment).toMatchObject({
        orderStatus: 'cancelled',
        refunded: true,
      });
      for (const person of [unpaid, paid])
        expect(
          (await documentsOf(person.id)).map((document) => [document.kind, document.payment_status]),
        ).toEqual([
          ['credit_note', 'paid'],
          ['invoice', 'credited'],
        ]);
      expect(await balance(byCredit.id)).toBe(600);
      for (const place of [unpaidPlace, paidPlace, creditPlace])
        expect(await activityKinds(place.id)).toContain('registration.refunded');
      const [cancelled] = await rowsOf<{ details: Record<string, unknown> }>(
        database.db,
        sql`SELECT details FROM activity_entries WHERE kind = 'event.cancelled' AND subject_id = ${eventId}`,
      );
      expect(cancelled!.details).toMatchObject({ told: 1, leaversRefunded: 3 });
      // Each is told the event is cancelled (and that what they were charged is given back).
      const mails = await rowsOf<{ registration_id: string }>(
        database.db,
        sql`SELECT payload->>'registrationId' AS registration_id FROM jobs
            WHERE kind = 'events.mail' AND payload->>'event' = 'event-cancelled'
              AND payload->>'registrationId' IN (SELECT id::text FROM event_registrations WHERE event_id = ${eventId})`,
      );
      expect(mails).toHaveLength(4);
      // The one who had not paid is told they owe nothing; the one who had, that it is given back.
      const mailer = await runDueEventJobs();
      const cancelledMail = (person: TestPerson) =>
        mailer.sent.find(
          (message) => message.to.includes(person.email) && /Événement annulé/.test(message.subject),
        );
      expect(cancelledMail(unpaid)?.text).toContain('Vous ne devez plus rien pour cette place');
      expect(cancelledMail(paid)?.text).toContain('Ce que vous aviez payé vous est rendu');
      expect(cancelledMail(byCredit)?.text).toContain('Ce que vous aviez payé vous est rendu');
    } finally {
      clock.set('2027-02-01T08:00');
    }
  });
});

describe('e-mails about the schedule', () => {
  async function mailsOf(eventId: string, kind: string) {
    return rowsOf<{ registration_id: string; previous: unknown }>(
      database.db,
      sql`SELECT payload->>'registrationId' AS registration_id, payload->'previous' AS previous FROM jobs
          WHERE kind = 'events.mail' AND payload->>'event' = ${kind}
            AND payload->>'registrationId' IN (SELECT id::text FROM event_registrations WHERE event_id = ${eventId})`,
    );
  }

  it('tells registered and waitlisted people when the time or the room changes, not for a new title', async () => {
    const { id: eventId } = await call<{ id: string }>(manager, 'events.create', {
      spaceId,
      event: { ...WORKSHOP, capacity: 1, roomId },
    });
    await call(manager, 'events.publish', { id: eventId });
    const [a, b] = [await insertPerson(database.db), await insertPerson(database.db)];
    await call(a, 'events.register', { eventId });
    await call(b, 'events.register', { eventId });
    await call(manager, 'events.update', {
      id: eventId,
      event: { ...WORKSHOP, capacity: 1, roomId, titleFr: 'Autre titre' },
    });
    expect(await mailsOf(eventId, 'event-changed')).toHaveLength(0);
    await call(manager, 'events.update', {
      id: eventId,
      event: { ...WORKSHOP, capacity: 1, roomId, startsAt: '2027-02-10T19:00', endsAt: '2027-02-10T21:00' },
    });
    const changed = await mailsOf(eventId, 'event-changed');
    expect(changed).toHaveLength(2);
    expect(changed[0]!.previous).toMatchObject({ startsAt: localInstant('2027-02-10T18:00') });
    const mailer = await runDueEventJobs();
    const sent = mailer.sent.filter((message) => /Événement modifié|Event changed/.test(message.subject));
    expect(sent).toHaveLength(2);
    const ics = String(sent[0]!.attachments?.[0]?.content ?? '');
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain('DTSTART;TZID=Europe/Paris:20270210T190000');
  });

  it('reminds registered people once, 24 h before the start, even with two sweeps at once', async () => {
    const { id: eventId } = await call<{ id: string }>(manager, 'events.create', {
      spaceId,
      event: { ...WORKSHOP, startsAt: '2027-02-12T18:00', endsAt: '2027-02-12T20:00' },
    });
    await call(manager, 'events.publish', { id: eventId });
    const [a, b] = [await insertPerson(database.db), await insertPerson(database.db)];
    await call(a, 'events.register', { eventId });
    await call(b, 'events.register', { eventId });
    await call(b, 'events.cancelRegistration', { eventId });
    const sweepAt = (at: string) =>
      sweepEvents({
        db: database.db,
        actor: null,
        now: new Date(localInstant(at)),
        locale: 'fr',
        log,
        requestId: null,
        clientAddress: null,
      });
    await sweepAt('2027-02-11T17:59');
    expect(await mailsOf(eventId, 'reminder')).toHaveLength(0);
    await Promise.all([sweepAt('2027-02-11T18:00'), sweepAt('2027-02-11T18:00')]);
    await sweepAt('2027-02-11T19:00');
    const reminders = await mailsOf(eventId, 'reminder');
    expect(reminders).toHaveLength(1);
  });
});

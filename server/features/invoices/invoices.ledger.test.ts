// @databases pglite postgres
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#contract/errors';
import { featureTestFile } from '../../../tests/support/feature-test-file';
import { rowsOf } from '../../db/rows';
import { sqlStateOf } from '../../db/transaction';
import { issueInvoice, type SaleToInvoice } from '../../billing/invoicing';
import { log } from '../../platform/log';
import { systemContext, unitOfWork } from '../../platform/service-context';
import { localInstant } from '../reservations/reservations.fixtures';
import { insertPerson, insertRoom, insertSpace, type TestPerson } from '../../db/factories.fixtures';
import { insertFormula, setActivation } from '../formulas/formulas.fixtures';
import { sweepPlans } from '../formulas/plans-sweep.service';
import { verifySpaceChain } from '../../billing/chain';
import { remindOverdueInvoices } from './invoice-jobs';
import {
  daySale,
  giveBillingDetails,
  invoicesRouter,
  invoicingSpace as invoicingSpaceOf,
  setLegalIdentity,
} from './invoices.fixtures';

/**
 * The invoices' guarantees (docs/decisions/024): continuous numbers from a counter row taken in the issuing
 * transaction, documents the database keeps as issued, a chain that says where it was changed, closed
 * months nothing can be dated in, and the sales that issue invoices and credit notes on their own.
 */
const { database, clock, call, system } = featureTestFile(invoicesRouter, '2027-03-10T10:00');
let member: TestPerson;
let manager: TestPerson;

beforeAll(async () => {
  member = await insertPerson(database.db, { name: 'Camille Martin' });
  // Packs cost more than a simplified invoice allows: the buyers give their address (issue 28).
  await giveBillingDetails(database.db, member.id);
  manager = await insertPerson(database.db);
});

const invoicingSpace = () => invoicingSpaceOf(database.db, manager.id);

const sale = (spaceId: string, cents = 1000, buyer = member): SaleToInvoice =>
  daySale(spaceId, buyer.id, cents);

const issue = (spaceId: string, cents = 1000, buyer = member) =>
  unitOfWork(system(), (work) => issueInvoice(work, sale(spaceId, cents, buyer), 'explicit'));

/** The manager records a payment of an invoice; the invoice's payment state after it. */
const recordPayment = (
  invoiceId: string,
  amountCents: number,
  method: 'cash' | 'bank_transfer',
  paidOn: string,
) =>
  call<{ status: string; paidCents: number }>(manager, 'invoices.recordPayment', {
    invoiceId,
    amountCents,
    method,
    paidOn,
  });

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, ...error.details };
    return { sqlState: sqlStateOf(error) };
  }
  return null;
}

async function invoiceOfOrder(orderId: string) {
  const [invoice] = await rowsOf<{ id: string }>(
    database.db,
    sql`SELECT id FROM invoices WHERE order_id = ${orderId}`,
  );
  return invoice;
}

/** A new member buys a new pack of the space, to pay by bank transfer: the order and its plan. */
async function packBoughtByTransfer(spaceId: string) {
  const formulaId = await insertFormula(database.db, spaceId);
  const buyer = await insertPerson(database.db);
  await giveBillingDetails(database.db, buyer.id);
  const bought = await call<{ order: { id: string }; planId: string }>(buyer, 'formulas.buy', {
    formulaId,
    paymentMethod: 'bank_transfer',
    idempotencyKey: randomUUID(),
  });
  return { buyer, bought };
}

describe('numbering', () => {
  it('gives 200 concurrent issuances in one space the numbers 1 to 200, with no gap and no duplicate', async () => {
    const spaceId = await invoicingSpace();
    const issued = await Promise.all(Array.from({ length: 200 }, () => issue(spaceId)));
    const sequences = issued.map((invoice) => invoice!.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 200 }, (_, index) => index + 1));
    expect(new Set(issued.map((invoice) => invoice!.number)).size).toBe(200);
    expect(issued.find((invoice) => invoice!.sequence === 123)!.number).toBe('F-2027-000123');
    expect(await verifySpaceChain(database.db, spaceId)).toEqual({
      intact: true,
      checked: 200,
      brokenAt: null,
    });
  }, 120_000);

  it('gives a rolled-back issuance’s number to the next one', async () => {
    const spaceId = await invoicingSpace();
    await issue(spaceId);
    await expect(
      unitOfWork(system(), async (work) => {
        const invoice = await issueInvoice(work, sale(spaceId), 'explicit');
        expect(invoice!.number).toBe('F-2027-000002');
        throw new Error('the sale failed after its invoice');
      }),
    ).rejects.toThrow('the sale failed');
    expect((await issue(spaceId))!.number).toBe('F-2027-000002');
    expect((await verifySpaceChain(database.db, spaceId)).intact).toBe(true);
  });

  it('refuses a number its counter did not give, and a counter that moves back', async () => {
    const spaceId = await invoicingSpace();
    const first = (await issue(spaceId))!;
    expect(
      await refusal(
        database.db.execute(sql`UPDATE document_counters SET last_number = 0 WHERE space_id = ${spaceId}`),
      ),
    ).toEqual({ sqlState: '42501' });
    expect(
      await refusal(database.db.execute(sql`DELETE FROM document_counters WHERE space_id = ${spaceId}`)),
    ).toEqual({ sqlState: '42501' });
    expect(first.number).toBe('F-2027-000001');
  });

  it('refuses to invoice until the legal identity is complete, saying what is missing', async () => {
    const spaceId = await insertSpace(database.db);
    await setLegalIdentity(database.db, spaceId, { siret: '', mandateAccepted: false });
    expect(await refusal(issue(spaceId))).toMatchObject({
      code: 'failed-precondition',
      reason: 'legal-identity-incomplete',
      missing: ['siret', 'mandate'],
    });
  });

  it('issues no invoice for a €0 sale', async () => {
    const spaceId = await invoicingSpace();
    expect(await refusal(issue(spaceId, 0))).toMatchObject({ reason: 'nothing-to-invoice' });
  });
});

describe('kept as issued', () => {
  it('refuses UPDATE of an issued invoice other than its payment status, and its DELETE', async () => {
    const spaceId = await invoicingSpace();
    const invoice = (await issue(spaceId))!;
    for (const change of [
      sql`UPDATE invoices SET total_cents = 1, excl_vat_cents = 1, vat_cents = 0 WHERE id = ${invoice.id}`,
      sql`UPDATE invoices SET buyer = '{}'::jsonb WHERE id = ${invoice.id}`,
      sql`DELETE FROM invoices WHERE id = ${invoice.id}`,
      sql`UPDATE invoice_lines SET label = 'autre' WHERE invoice_id = ${invoice.id}`,
      sql`DELETE FROM invoice_lines WHERE invoice_id = ${invoice.id}`,
    ])
      expect(await refusal(database.db.execute(change))).toEqual({ sqlState: '42501' });
    await database.db.execute(
      sql`UPDATE invoices SET payment_status = 'partially_paid', paid_cents = 100 WHERE id = ${invoice.id}`,
    );
    const [row] = await rowsOf<{ payment_status: string }>(
      database.db,
      sql`SELECT payment_status FROM invoices WHERE id = ${invoice.id}`,
    );
    expect(row!.payment_status).toBe('partially_paid');
  });

  it('reports a row changed behind the application’s back at that row', async () => {
    const spaceId = await invoicingSpace();
    await issue(spaceId);
    const second = (await issue(spaceId))!;
    await issue(spaceId);
    // As the database's owner: the guard turned off for one statement, as an intruder with full rights would.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE invoices DISABLE TRIGGER invoices_no_edit`);
      await tx.execute(
        sql`UPDATE invoices SET excl_vat_cents = 500, vat_cents = 100, total_cents = 600 WHERE id = ${second.id}`,
      );
      await tx.execute(sql`ALTER TABLE invoices ENABLE TRIGGER invoices_no_edit`);
    });
    expect(await verifySpaceChain(database.db, spaceId)).toEqual({
      intact: false,
      checked: 1,
      brokenAt: {
        position: 2,
        type: 'invoice',
        id: second.id,
        number: 'F-2027-000002',
        problem: 'footprint',
      },
    });
    const report = await call<{ intact: boolean }>(manager, 'invoices.verifyChain', { spaceId });
    expect(report.intact).toBe(false);
  });
});

describe('payments and closing', () => {
  it('records partial payments up to the amount due, in the chain', async () => {
    const spaceId = await invoicingSpace();
    const invoice = (await issue(spaceId, 10000))!;
    const pay = (amountCents: number) =>
      recordPayment(invoice.id, amountCents, 'bank_transfer', '2027-03-10');
    expect(await pay(2000)).toMatchObject({ status: 'partially_paid', paidCents: 2000 });
    expect(await refusal(pay(10001))).toMatchObject({ code: 'invalid-argument', reason: 'more-than-due' });
    expect(await pay(10000)).toMatchObject({ status: 'paid', paidCents: 12000 });
    expect(await verifySpaceChain(database.db, spaceId)).toMatchObject({ intact: true, checked: 3 });
  });

  it('shows an unpaid invoice past its due date as overdue', async () => {
    const spaceId = await invoicingSpace();
    const buyer = await insertPerson(database.db);
    const invoice = (await issue(spaceId, 1000, buyer))!;
    const later = clock.now;
    clock.set('2027-04-20T10:00');
    try {
      const { invoices: mine } = await call<{ invoices: { id: string; status: string }[] }>(
        buyer,
        'invoices.listMine',
        {},
      );
      expect(mine.find((item) => item.id === invoice.id)!.status).toBe('overdue');
      // Reminded once, however often the sweep runs.
      await remindOverdueInvoices(system());
      await remindOverdueInvoices(system());
      const reminders = await rowsOf(
        database.db,
        sql`SELECT 1 FROM jobs WHERE kind = 'invoices.mail' AND payload->>'invoiceId' = ${invoice.id} AND payload->>'event' = 'overdue'`,
      );
      expect(reminders).toHaveLength(1);
    } finally {
      clock.now = later;
    }
  });

  it('refuses anything dated in a closed month', async () => {
    const spaceId = await invoicingSpace();
    const invoice = (await issue(spaceId))!;
    expect(await refusal(call(manager, 'invoices.closeMonth', { spaceId, month: '2027-03' }))).toMatchObject({
      reason: 'month-not-over',
    });
    const later = clock.now;
    clock.set('2027-04-02T10:00');
    try {
      const closing = await call<{ totals: { invoicedTotalCents: number } }>(manager, 'invoices.closeMonth', {
        spaceId,
        month: '2027-03',
      });
      expect(closing.totals.invoicedTotalCents).toBe(1200);
      expect(await refusal(recordPayment(invoice.id, 100, 'cash', '2027-03-31'))).toMatchObject({
        code: 'failed-precondition',
        reason: 'period-closed',
      });
      // The database itself refuses, whoever writes.
      expect(
        await refusal(
          database.db.execute(sql`
            INSERT INTO invoice_payments (space_id, invoice_id, amount_cents, method, paid_on, recorded_at,
                                          chain_position, previous_footprint, footprint)
            VALUES (${spaceId}, ${invoice.id}, 100, 'cash', '2027-02-15', now(), 99, 'x', 'y')`),
        ),
      ).toEqual({ sqlState: 'EC010' });
      expect(await recordPayment(invoice.id, 100, 'cash', '2027-04-01')).toMatchObject({
        status: 'partially_paid',
      });
    } finally {
      clock.now = later;
    }
  });
});

describe('the member’s list', () => {
  it('pages through a member’s invoices newest first, each once, however many share an instant', async () => {
    const spaceId = await invoicingSpace();
    const buyer = await insertPerson(database.db);
    for (let i = 0; i < 5; i++) await issue(spaceId, 1000 + i, buyer);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const result: { invoices: { number: string }[]; nextCursor: string | null } = await call(
        buyer,
        'invoices.listMine',
        cursor ? { limit: 2, cursor } : { limit: 2 },
      );
      seen.push(...result.invoices.map((invoice) => invoice.number));
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    // Issued at the same instant (the test's clock): the id decides, consistently.
    expect(cursor).toBeNull();
  });
});

describe('sales issue their invoices and credit notes', () => {
  it('invoices a formula order when it is placed, and settles it when the order is marked paid', async () => {
    const spaceId = await invoicingSpace();
    await setActivation(database.db, spaceId, 'payment');
    const { buyer, bought } = await packBoughtByTransfer(spaceId);
    const [invoice] = await rowsOf<{
      id: string;
      number: string;
      total_cents: number;
      payment_status: string;
    }>(
      database.db,
      sql`SELECT id, number, total_cents, payment_status FROM invoices WHERE order_id = ${bought.order.id}`,
    );
    expect(invoice).toMatchObject({ number: 'F-2027-000001', total_cents: 36000, payment_status: 'unpaid' });
    await call(manager, 'orders.markPaid', { orderId: bought.order.id });
    const { invoices: mine } = await call<{ invoices: { id: string; status: string }[] }>(
      buyer,
      'invoices.listMine',
      {},
    );
    expect(mine.find((item) => item.id === invoice!.id)!.status).toBe('paid');
    expect((await verifySpaceChain(database.db, spaceId)).checked).toBe(2);
  });

  it('settles a formula order once a payment recorded on its invoice pays it in full, starting its plan', async () => {
    const spaceId = await invoicingSpace();
    await setActivation(database.db, spaceId, 'payment');
    const { bought } = await packBoughtByTransfer(spaceId);
    const [invoice] = await rowsOf<{ id: string; number: string }>(
      database.db,
      sql`SELECT id, number FROM invoices WHERE order_id = ${bought.order.id}`,
    );
    const pay = (amountCents: number) =>
      recordPayment(invoice!.id, amountCents, 'bank_transfer', '2027-03-10');
    const standing = async () => {
      const [row] = await rowsOf<{
        order_status: string;
        plan_status: string;
        lots: number;
        paid_by: string;
      }>(
        database.db,
        sql`SELECT o.status AS order_status, p.status AS plan_status, o.paid_by_id AS paid_by,
                   (SELECT count(*) FROM credit_lots l WHERE l.plan_id = p.id)::int AS lots
            FROM orders o JOIN plans p ON p.id = o.plan_id WHERE o.id = ${bought.order.id}`,
      );
      return row!;
    };
    // A partial payment leaves the order owed: the plan waits (and the grace period runs).
    expect(await pay(10000)).toMatchObject({ status: 'partially_paid', paidCents: 10000 });
    expect(await standing()).toMatchObject({
      order_status: 'awaiting_payment',
      plan_status: 'pending_payment',
    });
    expect(Number((await standing()).lots)).toBe(0);
    // The rest pays it: the order is paid by the manager who recorded it, the plan starts with its credit.
    expect(await pay(26000)).toMatchObject({ status: 'paid', paidCents: 36000 });
    expect(await standing()).toMatchObject({
      order_status: 'paid',
      plan_status: 'active',
      paid_by: manager.id,
    });
    expect(Number((await standing()).lots)).toBe(1);
    const entries = await rowsOf<{ kind: string; details: Record<string, unknown> }>(
      database.db,
      sql`SELECT kind, details FROM activity_entries
          WHERE (subject_id = ${invoice!.id} OR subject_id = ${bought.order.id}) AND kind IN ('payment.recorded', 'order.paid')
          ORDER BY id`,
    );
    expect(entries.map((entry) => entry.kind)).toEqual([
      'payment.recorded',
      'payment.recorded',
      'order.paid',
    ]);
    expect(entries[2]!.details).toMatchObject({ paidThrough: 'invoice', invoiceNumber: invoice!.number });
    // Nothing is left to mark paid from the order, and no third payment was recorded.
    expect(await refusal(call(manager, 'orders.markPaid', { orderId: bought.order.id }))).toMatchObject({
      code: 'failed-precondition',
      reason: 'not-paid-yet',
    });
    expect(await verifySpaceChain(database.db, spaceId)).toMatchObject({ intact: true, checked: 3 });
  });

  it('marking an order paid after a partial payment records only what remains on its invoice', async () => {
    const spaceId = await invoicingSpace();
    await setActivation(database.db, spaceId, 'payment');
    const formulaId = await insertFormula(database.db, spaceId);
    const bought = await call<{ order: { id: string } }>(member, 'formulas.buy', {
      formulaId,
      paymentMethod: 'on_site',
      idempotencyKey: randomUUID(),
    });
    const invoice = await invoiceOfOrder(bought.order.id);
    await recordPayment(invoice!.id, 6000, 'cash', '2027-03-10');
    await call(manager, 'orders.markPaid', { orderId: bought.order.id });
    const payments = await rowsOf<{ amount_cents: number }>(
      database.db,
      sql`SELECT amount_cents FROM invoice_payments WHERE invoice_id = ${invoice!.id} ORDER BY chain_position`,
    );
    expect(payments.map((payment) => Number(payment.amount_cents))).toEqual([6000, 30000]);
    const [after] = await rowsOf<{ payment_status: string }>(
      database.db,
      sql`SELECT payment_status FROM invoices WHERE id = ${invoice!.id}`,
    );
    expect(after!.payment_status).toBe('paid');
  });

  it('makes a plan suspended for an overdue order active again once its invoice is paid in full', async () => {
    const spaceId = await invoicingSpace();
    await setActivation(database.db, spaceId, 'purchase', 3);
    const { bought } = await packBoughtByTransfer(spaceId);
    const later = new Date(clock.now.getTime() + 4 * 86_400_000);
    await sweepPlans(systemContext({ db: database.db, log, now: later }));
    const planStatus = async () =>
      (
        await rowsOf<{ status: string }>(
          database.db,
          sql`SELECT status FROM plans WHERE id = ${bought.planId}`,
        )
      )[0]!.status;
    expect(await planStatus()).toBe('suspended');
    const invoice = await invoiceOfOrder(bought.order.id);
    await recordPayment(invoice!.id, 36000, 'bank_transfer', '2027-03-10');
    expect(await planStatus()).toBe('active');
  });

  it('issues nothing automatically for a space whose identity is incomplete, or for a free formula', async () => {
    const incomplete = await insertSpace(database.db);
    await setLegalIdentity(database.db, incomplete, { mandateAccepted: false });
    const free = await invoicingSpace();
    for (const [spaceId, price] of [
      [incomplete, 30000],
      [free, 0],
    ] as const) {
      await setActivation(database.db, spaceId, 'purchase');
      const formulaId = await insertFormula(database.db, spaceId, { priceExclVatCents: price });
      await call(member, 'formulas.buy', {
        formulaId,
        paymentMethod: 'on_site',
        idempotencyKey: randomUUID(),
      });
      const rows = await rowsOf(database.db, sql`SELECT 1 FROM invoices WHERE space_id = ${spaceId}`);
      expect(rows).toHaveLength(0);
    }
  });

  it('credits the invoice of a booking at price when it is cancelled, referring to it', async () => {
    const spaceId = await invoicingSpace();
    const roomId = await insertRoom(database.db, spaceId);
    const booking = await call<{ id: string }>(member, 'reservations.create', {
      roomId,
      startsAt: localInstant('2027-03-20T09:00'),
      endsAt: localInstant('2027-03-20T10:00'),
      attendees: 1,
      title: '',
      idempotencyKey: randomUUID(),
    });
    await call(member, 'reservations.cancel', { id: booking.id });
    const documents = await rowsOf<{
      id: string;
      kind: string;
      number: string;
      credited: string | null;
      payment_status: string;
    }>(
      database.db,
      sql`SELECT i.id, i.kind, i.number, o.number AS credited, i.payment_status FROM invoices i
          LEFT JOIN invoices o ON o.id = i.credited_invoice_id WHERE i.space_id = ${spaceId} ORDER BY i.chain_position`,
    );
    expect(documents).toMatchObject([
      { kind: 'invoice', number: 'F-2027-000001', credited: null, payment_status: 'credited' },
      { kind: 'credit_note', number: 'A-2027-000001', credited: 'F-2027-000001' },
    ]);
    expect((await verifySpaceChain(database.db, spaceId)).intact).toBe(true);
  });
});

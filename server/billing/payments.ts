import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { todayIn } from '#contract/dates';
import { AppError } from '#contract/errors';
import type { InvoicePaymentMethod, StoredPaymentStatus } from '#contract/invoices.plain';
import { invoicePayments, invoices } from '../db/schema/invoices';
import { logActivity, type WorkContext } from '../platform/service-context';
import type { InvoiceRow } from './invoicing';
import { lockOrder, payOrder } from './orders';
import {
  advanceJournal,
  canonicalJson,
  nextJournalLink,
  paymentContent,
  refusingClosedPeriods,
  sha256Hex,
} from './journal';

/** Payments recorded against invoices, chained in the space's journal like the documents they pay. */

export type PaymentRow = typeof invoicePayments.$inferSelect;

/** The stored status of an invoice once `paidCents` of it are paid. */
export function paymentStatusFor(totalCents: number, paidCents: number): StoredPaymentStatus {
  if (paidCents <= 0) return 'unpaid';
  return paidCents >= totalCents ? 'paid' : 'partially_paid';
}

/**
 * Records a payment against an invoice (partial allowed, never more than what is due), chained in the
 * space's journal; the invoice's payment status follows.
 */
export async function recordInvoicePayment(
  work: WorkContext,
  input: { invoiceId: string; amountCents: number; method: InvoicePaymentMethod; paidOn: string },
): Promise<{ payment: PaymentRow; invoice: InvoiceRow }> {
  const [invoice] = await work.db
    .select()
    .from(invoices)
    .where(eq(invoices.id, input.invoiceId))
    .for('update');
  if (!invoice || invoice.kind !== 'invoice')
    throw new AppError('not-found', `No invoice ${input.invoiceId}`);
  if (invoice.paymentStatus === 'credited')
    throw new AppError('failed-precondition', 'This invoice was credited', { reason: 'invoice-credited' });
  const due = invoice.totalCents - invoice.paidCents;
  if (due <= 0) throw new AppError('failed-precondition', 'Already paid', { reason: 'already-paid' });
  if (input.amountCents > due)
    throw new AppError('invalid-argument', 'More than what is due', {
      reason: 'more-than-due',
      dueCents: due,
      fields: [{ path: 'amountCents', message: 'more-than-due' }],
    });
  const link = await nextJournalLink(work.db, invoice.spaceId);
  const payment: PaymentRow = {
    id: randomUUID(),
    spaceId: invoice.spaceId,
    invoiceId: invoice.id,
    amountCents: input.amountCents,
    method: input.method,
    paidOn: input.paidOn,
    recordedAt: work.now,
    recordedById: work.actor?.id ?? null,
    reversesPaymentId: null,
    chainPosition: link.position,
    previousFootprint: link.previousFootprint,
    footprint: '',
  };
  payment.footprint = sha256Hex(canonicalJson(paymentContent(payment)));
  await refusingClosedPeriods(() => work.db.insert(invoicePayments).values(payment));
  await advanceJournal(work.db, invoice.spaceId, link.position, payment.footprint);
  const paidCents = invoice.paidCents + input.amountCents;
  const [updated] = await work.db
    .update(invoices)
    .set({ paidCents, paymentStatus: paymentStatusFor(invoice.totalCents, paidCents) })
    .where(eq(invoices.id, invoice.id))
    .returning();
  await logActivity(work, {
    kind: 'payment.recorded',
    subject: { type: 'invoice', id: invoice.id },
    spaceId: invoice.spaceId,
    aboutUserId: invoice.buyerUserId,
    changes: { paymentStatus: { before: invoice.paymentStatus, after: updated!.paymentStatus } },
    details: { number: invoice.number, amountCents: input.amountCents, method: input.method },
  });
  return { payment, invoice: updated! };
}

/** Settles what remains due on a sale's invoice (a manager marked its order paid), if it has one. */
export async function settleSale(
  work: WorkContext,
  sale: { orderId: string },
  method: InvoicePaymentMethod,
  timeZone: string,
): Promise<void> {
  const [invoice] = await work.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, sale.orderId), eq(invoices.kind, 'invoice')));
  if (!invoice || invoice.paidCents >= invoice.totalCents || invoice.paymentStatus === 'credited') return;
  await recordInvoicePayment(work, {
    invoiceId: invoice.id,
    amountCents: invoice.totalCents - invoice.paidCents,
    method,
    paidOn: todayIn(timeZone, work.now),
  });
}

/** One payment of a batch (a bank statement's settlements): at most what is still due is recorded. */
export interface PaymentToRecord {
  invoiceId: string;
  amountCents: number;
  method: InvoicePaymentMethod;
  paidOn: string;
  /** The bank statement file it came from, and whether a manager confirmed it (the activity log says so). */
  statement?: string;
  confirmed?: boolean;
}

/** Rows a statement inserts at once: well under PostgreSQL's 65,535 parameters a statement. */
const BATCH_ROWS = 500;

function chunks<T>(items: readonly T[], size = BATCH_ROWS): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** Locks invoices (by id order, so two batches queue rather than deadlock) and gives them by id. */
async function lockInvoices(work: WorkContext, ids: readonly string[]): Promise<Map<string, InvoiceRow>> {
  const locked = new Map<string, InvoiceRow>();
  for (const part of chunks([...new Set(ids)].sort(), 2000)) {
    const rows = await work.db
      .select()
      .from(invoices)
      .where(inArray(invoices.id, part))
      .orderBy(asc(invoices.id))
      .for('update');
    for (const row of rows) locked.set(row.id, row);
  }
  return locked;
}

/** Writes the invoices' payment status fields after a batch, in one statement. */
async function writePaidCents(work: WorkContext, changed: readonly InvoiceRow[]) {
  for (const part of chunks(changed, 5000)) {
    const values = JSON.stringify(
      part.map((row) => ({ id: row.id, paid: row.paidCents, status: row.paymentStatus })),
    );
    await work.db.execute(
      sql`UPDATE invoices SET paid_cents = v.paid, payment_status = v.status
          FROM jsonb_to_recordset(${values}::jsonb) AS v(id uuid, paid integer, status text)
          WHERE invoices.id = v.id`,
    );
  }
}

/** Chains payment rows after the space's journal head, inserts them and moves the head, in their order. */
async function chainPayments(
  work: WorkContext,
  spaceId: string,
  rows: Omit<PaymentRow, 'chainPosition' | 'previousFootprint' | 'footprint'>[],
) {
  if (!rows.length) return [];
  const link = await nextJournalLink(work.db, spaceId);
  let previousFootprint = link.previousFootprint;
  const chained = rows.map((row, index): PaymentRow => {
    const payment: PaymentRow = {
      ...row,
      chainPosition: link.position + index,
      previousFootprint,
      footprint: '',
    };
    payment.footprint = sha256Hex(canonicalJson(paymentContent(payment)));
    previousFootprint = payment.footprint;
    return payment;
  });
  for (const part of chunks(chained))
    await refusingClosedPeriods(() => work.db.insert(invoicePayments).values(part));
  const last = chained.at(-1)!;
  await advanceJournal(work.db, spaceId, last.chainPosition, last.footprint);
  return chained;
}

/**
 * Records many payments of one space at once, chained in its journal in the order given (a bank statement's
 * settlements: docs/decisions/033). Under the invoices' locks each gets at most what is still due (another
 * payment may have come first): the payment recorded for each item, or null when nothing was left to pay.
 * An order whose invoice this pays in full is paid too, as `recordPayment` does; its lock is taken before the
 * invoice's, the order every payment path takes.
 */
export async function recordInvoicePayments(
  work: WorkContext,
  spaceId: string,
  items: readonly PaymentToRecord[],
  options: { logEach: boolean } = { logEach: true },
): Promise<(PaymentRow | null)[]> {
  if (!items.length) return [];
  const ids = items.map((item) => item.invoiceId);
  const before = await work.db
    .select({ id: invoices.id, orderId: invoices.orderId })
    .from(invoices)
    .where(inArray(invoices.id, [...new Set(ids)]));
  const orderIds = [...new Set(before.flatMap((row) => (row.orderId ? [row.orderId] : [])))].sort();
  const lockedOrders = new Set<string>();
  for (const orderId of orderIds) if (await lockOrder(work, orderId)) lockedOrders.add(orderId);
  const locked = await lockInvoices(work, ids);
  const rows: Omit<PaymentRow, 'chainPosition' | 'previousFootprint' | 'footprint'>[] = [];
  const rowOfItem: (number | null)[] = [];
  const paidBefore = new Map<string, InvoiceRow>();
  for (const item of items) {
    const invoice = locked.get(item.invoiceId);
    if (!invoice || invoice.spaceId !== spaceId || invoice.kind !== 'invoice')
      throw new AppError('not-found', `No invoice ${item.invoiceId}`);
    const amountCents = Math.min(item.amountCents, invoice.totalCents - invoice.paidCents);
    if (invoice.paymentStatus === 'credited' || amountCents <= 0) {
      rowOfItem.push(null);
      continue;
    }
    if (!paidBefore.has(invoice.id)) paidBefore.set(invoice.id, { ...invoice });
    rowOfItem.push(rows.length);
    rows.push({
      id: randomUUID(),
      spaceId,
      invoiceId: invoice.id,
      amountCents,
      method: item.method,
      paidOn: item.paidOn,
      recordedAt: work.now,
      recordedById: work.actor?.id ?? null,
      reversesPaymentId: null,
    });
    invoice.paidCents += amountCents;
    invoice.paymentStatus = paymentStatusFor(invoice.totalCents, invoice.paidCents);
  }
  const chained = await chainPayments(work, spaceId, rows);
  const changed = [...paidBefore.keys()].map((id) => locked.get(id)!);
  await writePaidCents(work, changed);
  const entries = chained.map((payment, index) => {
    const invoice = locked.get(payment.invoiceId)!;
    const item = items[rowOfItem.indexOf(index)]!;
    return {
      kind: 'payment.recorded' as const,
      subject: { type: 'invoice' as const, id: invoice.id },
      spaceId,
      aboutUserId: invoice.buyerUserId,
      details: {
        number: invoice.number,
        amountCents: payment.amountCents,
        method: payment.method,
        ...(item.statement ? { statement: item.statement, confirmed: item.confirmed ?? false } : {}),
      },
    };
  });
  // A statement's import logs itself once (`bank_statement.imported`, decision 033): each entry of the
  // activity chain moves its head row, and thousands of moves in one transaction grow quadratically.
  if (options.logEach) for (const part of chunks(entries)) await logActivity(work, part);
  for (const invoice of changed)
    if (invoice.orderId && lockedOrders.has(invoice.orderId) && invoice.paymentStatus === 'paid')
      await payOrder(work, invoice.orderId, { via: 'invoice', invoiceNumber: invoice.number });
  return rowOfItem.map((row) => (row === null ? null : chained[row]!));
}

/** A payment the bank took back, and why (the R-transaction's reason code). */
export interface PaymentToReverse {
  paymentId: string;
  paidOn: string;
  reasonCode: string;
  statement: string;
}

/**
 * Reverses payments the bank took back (returned direct debits: docs/decisions/033): each gets a new chained
 * row of the opposite amount naming it (the database takes one per payment and checks it mirrors it), and
 * its invoice is open again for what it no longer has. Nothing is removed. Gives each reversal with its
 * invoice after it.
 */
export async function reverseInvoicePayments(
  work: WorkContext,
  spaceId: string,
  items: readonly PaymentToReverse[],
): Promise<{ reversal: PaymentRow; invoice: InvoiceRow }[]> {
  if (!items.length) return [];
  const originals = await work.db
    .select()
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.spaceId, spaceId),
        inArray(
          invoicePayments.id,
          items.map((item) => item.paymentId),
        ),
      ),
    );
  const byId = new Map(originals.map((payment) => [payment.id, payment]));
  const locked = await lockInvoices(
    work,
    originals.map((payment) => payment.invoiceId),
  );
  const rows = items.map((item) => {
    const original = byId.get(item.paymentId);
    if (!original || original.reversesPaymentId)
      throw new AppError('not-found', `No payment ${item.paymentId}`);
    const invoice = locked.get(original.invoiceId)!;
    invoice.paidCents -= original.amountCents;
    if (invoice.paymentStatus !== 'credited')
      invoice.paymentStatus = paymentStatusFor(invoice.totalCents, invoice.paidCents);
    return {
      id: randomUUID(),
      spaceId,
      invoiceId: original.invoiceId,
      amountCents: -original.amountCents,
      method: original.method,
      paidOn: item.paidOn,
      recordedAt: work.now,
      recordedById: work.actor?.id ?? null,
      reversesPaymentId: original.id,
    };
  });
  const chained = await chainPayments(work, spaceId, rows);
  const changed = [...new Set(chained.map((payment) => payment.invoiceId))].map((id) => locked.get(id)!);
  await writePaidCents(work, changed);
  await logActivity(
    work,
    chained.map((reversal, index) => {
      const invoice = locked.get(reversal.invoiceId)!;
      return {
        kind: 'payment.reversed' as const,
        subject: { type: 'invoice' as const, id: invoice.id },
        spaceId,
        aboutUserId: invoice.buyerUserId,
        details: {
          number: invoice.number,
          amountCents: -reversal.amountCents,
          reasonCode: items[index]!.reasonCode,
          statement: items[index]!.statement,
        },
      };
    }),
  );
  return chained.map((reversal) => ({ reversal, invoice: locked.get(reversal.invoiceId)! }));
}

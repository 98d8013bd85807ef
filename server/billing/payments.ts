import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { todayIn } from '#contract/dates';
import { AppError } from '#contract/errors';
import type { InvoicePaymentMethod, StoredPaymentStatus } from '#contract/invoices.plain';
import { invoicePayments, invoices } from '../db/schema/invoices';
import { logActivity, type WorkContext } from '../platform/service-context';
import type { InvoiceRow } from './invoicing';
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

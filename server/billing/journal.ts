import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import {
  CLOSED_PERIOD_SQLSTATE,
  DOCUMENT_PREFIXES,
  GENESIS_FOOTPRINT,
  type DocumentKind,
} from '#contract/invoices.plain';
import { rowsOf } from '../db/rows';
import { journalHeads } from '../db/schema/invoices';
import { sqlStateOf, type Tx } from '../db/transaction';
import type { InvoiceLineRow, InvoiceRow } from './invoicing';
import type { PaymentRow } from './payments';

/**
 * The space's journal: every invoice, credit note and payment is numbered from a counter row and chained to
 * the previous one by a SHA-256 footprint of its canonical content (docs/decisions/024).
 */

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** What an invoice's footprint covers: everything issued, not its payment status. */
export function invoiceContent(invoice: InvoiceRow, lines: InvoiceLineRow[]) {
  return {
    type: invoice.kind,
    id: invoice.id,
    spaceId: invoice.spaceId,
    number: invoice.number,
    creditedInvoiceId: invoice.creditedInvoiceId,
    orderId: invoice.orderId,
    reservationId: invoice.reservationId,
    buyerUserId: invoice.buyerUserId,
    buyer: invoice.buyer,
    seller: invoice.seller,
    locale: invoice.locale,
    issuedAt: iso(invoice.issuedAt),
    issueDate: invoice.issueDate,
    serviceStart: invoice.serviceStart,
    serviceEnd: invoice.serviceEnd,
    dueDate: invoice.dueDate,
    currency: invoice.currency,
    exclVatCents: invoice.exclVatCents,
    vatCents: invoice.vatCents,
    totalCents: invoice.totalCents,
    vatBreakdown: invoice.vatBreakdown,
    reason: invoice.reason,
    lines: [...lines]
      .sort((a, b) => a.position - b.position)
      .map((line) => ({
        position: line.position,
        label: line.label,
        quantity: line.quantity,
        unitExclVatCents: line.unitExclVatCents,
        discountCents: line.discountCents,
        vatRateBasisPoints: line.vatRateBasisPoints,
        exclVatCents: line.exclVatCents,
        vatCents: line.vatCents,
        totalCents: line.totalCents,
      })),
    chainPosition: invoice.chainPosition,
    previousFootprint: invoice.previousFootprint,
  };
}

/**
 * What a payment's footprint covers. A reversal also names the payment it reverses; a payment that reverses
 * nothing leaves the key out, so footprints recorded before reversals existed still hold.
 */
export function paymentContent(payment: PaymentRow) {
  return {
    ...(payment.reversesPaymentId ? { reversesPaymentId: payment.reversesPaymentId } : {}),
    type: 'payment',
    id: payment.id,
    spaceId: payment.spaceId,
    invoiceId: payment.invoiceId,
    amountCents: payment.amountCents,
    method: payment.method,
    paidOn: payment.paidOn,
    recordedAt: iso(payment.recordedAt),
    recordedById: payment.recordedById,
    chainPosition: payment.chainPosition,
    previousFootprint: payment.previousFootprint,
  };
}

/** Locks the space's journal head and gives the next position with the footprint to chain to. */
export async function nextJournalLink(tx: Tx, spaceId: string) {
  await tx
    .insert(journalHeads)
    .values({ spaceId, lastPosition: 0, lastFootprint: GENESIS_FOOTPRINT })
    .onConflictDoNothing();
  const [head] = await rowsOf<{ last_position: string | number; last_footprint: string }>(
    tx,
    sql`SELECT last_position, last_footprint FROM journal_heads WHERE space_id = ${spaceId} FOR UPDATE`,
  );
  return { position: Number(head!.last_position) + 1, previousFootprint: head!.last_footprint };
}

export async function advanceJournal(tx: Tx, spaceId: string, position: number, footprint: string) {
  await tx
    .update(journalHeads)
    .set({ lastPosition: position, lastFootprint: footprint })
    .where(eq(journalHeads.spaceId, spaceId));
}

/** Takes the next number of a space's kind and year: the counter row stays locked until the end of the transaction. */
export async function takeNumber(tx: Tx, spaceId: string, kind: DocumentKind, year: number) {
  const [row] = await rowsOf<{ last_number: number }>(
    tx,
    sql`INSERT INTO document_counters (space_id, kind, year, last_number) VALUES (${spaceId}, ${kind}, ${year}, 1)
        ON CONFLICT (space_id, kind, year) DO UPDATE SET last_number = document_counters.last_number + 1
        RETURNING last_number`,
  );
  const sequence = Number(row!.last_number);
  return { sequence, number: `${DOCUMENT_PREFIXES[kind]}-${year}-${String(sequence).padStart(6, '0')}` };
}

/** A document dated in a closed month is refused by the database: told to the caller as `failed-precondition`. */
export async function refusingClosedPeriods<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (sqlStateOf(error) === CLOSED_PERIOD_SQLSTATE)
      throw new AppError('failed-precondition', 'This month is closed', { reason: 'period-closed' });
    throw error;
  }
}

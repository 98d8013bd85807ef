import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { addDays, lastDayOfUse, todayIn } from '#contract/dates';
import { AppError } from '#contract/errors';
import type { DocumentKind } from '#contract/invoices.plain';
import { isLocale, DEFAULT_LOCALE, type Locale } from '#contract/locale';
import { formatSlot } from '#contract/reservation-format';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { invoiceLines, invoices } from '../db/schema/invoices';
import { spaceSummaryOf } from '../db/space-summary';
import type { Tx } from '../db/transaction';
import { enqueueJob } from '../platform/jobs';
import { logActivity, type WorkContext } from '../platform/service-context';
import { priceLines, type SaleLine } from './amounts';
import { invoiceMailJob } from './invoice-mails';
import {
  advanceJournal,
  canonicalJson,
  invoiceContent,
  nextJournalLink,
  refusingClosedPeriods,
  sha256Hex,
  takeNumber,
} from './journal';
import {
  buyerOf,
  legalIdentityGaps,
  legalIdentityOf,
  requireBillingDetails,
  requireCompleteIdentity,
  sellerOf,
  type BuyerSnapshot,
  type LegalIdentityRow,
  type SellerSnapshot,
} from './parties';

/**
 * Invoices, credit notes and payments as the law wants them (docs/decisions/024-invoices-and-documents.md):
 * numbered from a counter row in the issuing transaction, kept as issued by the database, and chained by
 * SHA-256 footprints per space. Formulas and reservations issue through here in their own unit of work.
 */

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
interface DocumentDraft {
  kind: DocumentKind;
  spaceId: string;
  timeZone: string;
  seller: SellerSnapshot;
  buyerUserId: string;
  buyer: BuyerSnapshot;
  locale: Locale;
  lines: SaleLine[];
  serviceStart: string;
  serviceEnd: string;
  dueDays: number;
  orderId?: string | null;
  reservationId?: string | null;
  creditedInvoiceId?: string | null;
  reason?: string | null;
  settled?: boolean;
}

/** Numbers, chains and inserts one document with its lines; its number exists only if this commits. */
async function insertDocument(work: WorkContext, draft: DocumentDraft): Promise<InvoiceRow> {
  const tx = work.db;
  const issueDate = todayIn(draft.timeZone, work.now);
  const year = Number(issueDate.slice(0, 4));
  const priced = priceLines(draft.lines, draft.seller.vatRegime);
  const { sequence, number } = await takeNumber(tx, draft.spaceId, draft.kind, year);
  const link = await nextJournalLink(tx, draft.spaceId);
  const id = randomUUID();
  const row: InvoiceRow = {
    id,
    spaceId: draft.spaceId,
    kind: draft.kind,
    year,
    sequence,
    number,
    creditedInvoiceId: draft.creditedInvoiceId ?? null,
    orderId: draft.orderId ?? null,
    reservationId: draft.reservationId ?? null,
    buyerUserId: draft.buyerUserId,
    buyer: draft.buyer,
    seller: draft.seller,
    locale: draft.locale,
    issuedAt: work.now,
    issueDate,
    serviceStart: draft.serviceStart,
    serviceEnd: draft.serviceEnd,
    dueDate: addDays(issueDate, draft.dueDays),
    currency: 'EUR',
    exclVatCents: priced.exclVatCents,
    vatCents: priced.vatCents,
    totalCents: priced.totalCents,
    vatBreakdown: priced.breakdown,
    reason: draft.reason ?? null,
    paymentStatus: draft.settled ? 'paid' : 'unpaid',
    paidCents: draft.settled ? priced.totalCents : 0,
    remindedAt: null,
    chainPosition: link.position,
    previousFootprint: link.previousFootprint,
    footprint: '',
  };
  const lineRows: InvoiceLineRow[] = priced.lines.map((line) => ({
    ...line,
    id: randomUUID(),
    invoiceId: id,
  }));
  row.footprint = sha256Hex(canonicalJson(invoiceContent(row, lineRows)));
  await refusingClosedPeriods(async () => {
    await tx.insert(invoices).values(row);
    await tx.insert(invoiceLines).values(lineRows);
  });
  await advanceJournal(tx, draft.spaceId, link.position, row.footprint);
  // The buyer gets it by e-mail, PDF attached, once it commits (the caller wakes the job runner).
  await enqueueJob(tx, invoiceMailJob, { event: 'issued', invoiceId: id });
  return row;
}

export interface SaleToInvoice {
  spaceId: string;
  buyerUserId: string;
  lines: SaleLine[];
  serviceStart: string;
  serviceEnd: string;
  orderId?: string;
  reservationId?: string;
  /** Already paid when issued (then the invoice says so and no payment is awaited). */
  settled?: boolean;
}

type InvoicedSales = 'orders' | 'bookings';

/** Whether a space with this identity invoices this kind of sale automatically (complete, and chose it). */
function invoicesAutomatically(identity: LegalIdentityRow | null, sales: InvoicedSales): boolean {
  if (legalIdentityGaps(identity).length > 0) return false;
  return identity!.invoicedSales === 'both' || identity!.invoicedSales === sales;
}

/**
 * What a sale's unit of work has already read for its invoice (the space's legal identity, the buyer, the
 * space's name and zone), handed on so that issuing it reads none of them again in the same transaction.
 * A field left out is read when needed; `identity: null` means read, and the space has none.
 */
export interface ReadForSale {
  identity?: LegalIdentityRow | null;
  buyer?: { buyer: BuyerSnapshot; locale: Locale };
  space?: { name: string; timeZone: string };
}

/**
 * Refuses a sale the buyer is making now (`billing-details-missing`, naming the fields) when the space will
 * invoice it and the buyer has not given the billing details that invoice needs (`billingDetailsGaps`:
 * a business's name, address and SIREN; a consumer's address above 150 € excl. VAT). Called at checkout,
 * before anything is sold, so the invoice issued then, or when a manager approves the booking, names them;
 * renewals issue with what the buyer gave. `read.identity`: the space's identity, when the caller read it
 * already. Returns what it read, for the sale's invoice (`issueInvoice`).
 */
export async function requireBillingDetailsFor(
  db: Db | Tx,
  sale: { spaceId: string; buyerUserId: string; sales: InvoicedSales; exclVatCents: number },
  read: Pick<ReadForSale, 'identity'> = {},
): Promise<ReadForSale> {
  if (sale.exclVatCents <= 0) return {};
  const identity = read.identity !== undefined ? read.identity : await legalIdentityOf(db, sale.spaceId);
  if (!invoicesAutomatically(identity, sale.sales)) return { identity };
  const buyer = await buyerOf(db, sale.buyerUserId);
  requireBillingDetails(buyer.buyer, sale.exclVatCents);
  return { identity, buyer };
}

/** The lines as the buyer reads them: each in their language when it has a label of its own. */
function inLanguage(lines: SaleLine[], locale: Locale): SaleLine[] {
  return lines.map(({ labels, ...line }) => ({ ...line, label: labels?.[locale]?.trim() || line.label }));
}

/**
 * Issues the invoice of a sale in the unit of work that makes the sale. `automatic` issuance (an order
 * placed, a booking confirmed) issues nothing when the sale is free, when the space has not completed its
 * legal identity, or does not invoice this kind of sale; a manager's explicit issuance is refused instead.
 */
export async function issueInvoice(
  work: WorkContext,
  sale: SaleToInvoice,
  mode: 'automatic' | 'explicit',
  read: ReadForSale = {},
): Promise<InvoiceRow | null> {
  const identity = read.identity !== undefined ? read.identity : await legalIdentityOf(work.db, sale.spaceId);
  if (mode === 'automatic') {
    if (!invoicesAutomatically(identity, sale.orderId ? 'orders' : 'bookings')) return null;
  } else requireCompleteIdentity(identity);
  const total = priceLines(sale.lines, identity!.vatRegime).totalCents;
  if (total <= 0) {
    if (mode === 'automatic') return null;
    throw new AppError('failed-precondition', 'A free sale has no invoice', { reason: 'nothing-to-invoice' });
  }
  const space = read.space ?? (await spaceSummaryOf(work.db, sale.spaceId));
  const { buyer, locale } = read.buyer ?? (await buyerOf(work.db, sale.buyerUserId));
  const invoice = await insertDocument(work, {
    kind: 'invoice',
    spaceId: sale.spaceId,
    timeZone: space.timeZone,
    seller: sellerOf(identity!, space.name),
    buyerUserId: sale.buyerUserId,
    buyer,
    locale,
    lines: inLanguage(sale.lines, locale),
    serviceStart: sale.serviceStart,
    serviceEnd: sale.serviceEnd,
    dueDays: identity!.paymentDueDays,
    orderId: sale.orderId ?? null,
    reservationId: sale.reservationId ?? null,
    settled: sale.settled,
  });
  await logActivity(work, {
    kind: 'invoice.issued',
    subject: { type: 'invoice', id: invoice.id },
    spaceId: invoice.spaceId,
    aboutUserId: invoice.buyerUserId,
    details: { number: invoice.number, totalCents: invoice.totalCents },
  });
  return invoice;
}

export async function linesOf(db: Db | Tx, invoiceId: string): Promise<InvoiceLineRow[]> {
  return db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position));
}

/**
 * Issues the credit note cancelling an invoice in full, referring to it; the invoice's status becomes
 * `credited`. Once per invoice: asking again gives the first one.
 */
export async function issueCreditNote(
  work: WorkContext,
  invoice: InvoiceRow,
  reason: string,
): Promise<InvoiceRow> {
  const [earlier] = await work.db.select().from(invoices).where(eq(invoices.creditedInvoiceId, invoice.id));
  if (earlier) return earlier;
  const space = await spaceSummaryOf(work.db, invoice.spaceId);
  const lines = await linesOf(work.db, invoice.id);
  const seller = invoice.seller as SellerSnapshot;
  const note = await insertDocument(work, {
    kind: 'credit_note',
    spaceId: invoice.spaceId,
    timeZone: space.timeZone,
    // The seller as it is today if complete, else as it was on the invoice.
    seller: await currentSellerOr(work.db, invoice.spaceId, space.name, seller),
    buyerUserId: invoice.buyerUserId!,
    buyer: invoice.buyer as BuyerSnapshot,
    locale: isLocale(invoice.locale) ? invoice.locale : DEFAULT_LOCALE,
    lines: lines.map((line) => ({
      label: line.label,
      quantity: line.quantity,
      unitExclVatCents: line.unitExclVatCents,
      discountCents: line.discountCents,
      vatRateBasisPoints: line.vatRateBasisPoints,
    })),
    serviceStart: invoice.serviceStart,
    serviceEnd: invoice.serviceEnd,
    dueDays: 0,
    creditedInvoiceId: invoice.id,
    reason,
    settled: true,
  });
  await work.db.update(invoices).set({ paymentStatus: 'credited' }).where(eq(invoices.id, invoice.id));
  await logActivity(work, {
    kind: 'credit_note.issued',
    subject: { type: 'invoice', id: note.id },
    spaceId: note.spaceId,
    aboutUserId: note.buyerUserId,
    details: { number: note.number, invoiceNumber: invoice.number, totalCents: note.totalCents, reason },
  });
  return note;
}

async function currentSellerOr(db: Tx, spaceId: string, spaceName: string, fallback: SellerSnapshot) {
  const identity = await legalIdentityOf(db, spaceId);
  if (legalIdentityGaps(identity).length > 0) return { ...fallback, vatRegime: fallback.vatRegime };
  // The credit note keeps the invoice's VAT treatment: it reverses exactly what was charged.
  return { ...sellerOf(identity!, spaceName), vatRegime: fallback.vatRegime };
}

/** Credits the invoice of a sale being refunded or cancelled (a booking, an order), if it has one. */
export async function creditSale(
  work: WorkContext,
  sale: { reservationId?: string; orderId?: string },
  reason: string,
): Promise<InvoiceRow | null> {
  const condition = sale.reservationId
    ? eq(invoices.reservationId, sale.reservationId)
    : sale.orderId
      ? eq(invoices.orderId, sale.orderId)
      : null;
  if (!condition) return null;
  const [invoice] = await work.db
    .select()
    .from(invoices)
    .where(and(condition, eq(invoices.kind, 'invoice')))
    .for('update');
  if (!invoice) return null;
  return issueCreditNote(work, invoice, reason);
}

/** A confirmed booking at price, as the unit of work confirming it knows it (just inserted, or read back). */
export interface ConfirmedBooking {
  id: string;
  spaceId: string;
  userId: string;
  startsAt: Date | string;
  endsAt: Date | string;
  priceExclVatCents: number;
  vatRateBasisPoints: number;
  roomName: string;
  space: { name: string; timeZone: string };
}

/**
 * Invoices a booking at price once it is confirmed, when a manager approves it (read back here): not a
 * booking paid by credit (its plan's order was invoiced), not a free one. Called in the confirming unit of
 * work. A booking confirmed as it is made is invoiced with what its insert wrote (`invoiceConfirmedBooking`).
 */
export async function invoiceBooking(work: WorkContext, reservationId: string): Promise<InvoiceRow | null> {
  const [booking] = await rowsOf<{
    space_id: string;
    user_id: string;
    status: string;
    starts_at: Date | string;
    ends_at: Date | string;
    price_excl_vat_cents: number;
    vat_rate_basis_points: number;
    room_name: string;
    space_name: string;
    time_zone: string;
    by_credit: boolean;
  }>(
    work.db,
    sql`SELECT r.space_id, r.user_id, r.status, r.starts_at, r.ends_at, r.price_excl_vat_cents,
               r.vat_rate_basis_points, rooms.name AS room_name, spaces.name AS space_name, spaces.time_zone,
               EXISTS (SELECT 1 FROM credit_entries e WHERE e.reservation_id = r.id AND e.kind = 'debit') AS by_credit
        FROM reservations r JOIN rooms ON rooms.id = r.room_id JOIN spaces ON spaces.id = r.space_id
        WHERE r.id = ${reservationId}`,
  );
  if (!booking || booking.status !== 'confirmed' || booking.by_credit) return null;
  return invoiceConfirmedBooking(work, {
    id: reservationId,
    spaceId: booking.space_id,
    userId: booking.user_id,
    startsAt: booking.starts_at,
    endsAt: booking.ends_at,
    priceExclVatCents: booking.price_excl_vat_cents,
    vatRateBasisPoints: booking.vat_rate_basis_points,
    roomName: booking.room_name,
    space: { name: booking.space_name, timeZone: booking.time_zone },
  });
}

/**
 * Issues the invoice of a booking confirmed at price in this unit of work (none when free, or when the space
 * does not invoice bookings), from what the caller knows of it and `read` (what its checkout read already).
 */
export async function invoiceConfirmedBooking(
  work: WorkContext,
  booking: ConfirmedBooking,
  read: ReadForSale = {},
): Promise<InvoiceRow | null> {
  if (booking.priceExclVatCents <= 0) return null;
  // Most spaces invoice nothing: known already, the lines are not even written.
  if (read.identity !== undefined && !invoicesAutomatically(read.identity, 'bookings')) return null;
  const timeZone = booking.space.timeZone;
  const startsAt = new Date(booking.startsAt).toISOString();
  const endsAt = new Date(booking.endsAt).toISOString();
  const day = todayIn(timeZone, new Date(startsAt));
  return issueInvoice(
    work,
    {
      spaceId: booking.spaceId,
      buyerUserId: booking.userId,
      reservationId: booking.id,
      lines: [
        {
          label: `${booking.roomName} — ${formatSlot('fr', startsAt, endsAt, timeZone)}`,
          labels: { en: `${booking.roomName} — ${formatSlot('en', startsAt, endsAt, timeZone)}` },
          quantity: 1,
          unitExclVatCents: booking.priceExclVatCents,
          vatRateBasisPoints: booking.vatRateBasisPoints,
        },
      ],
      serviceStart: day,
      serviceEnd: lastDayOfUse(endsAt, timeZone),
    },
    'automatic',
    { ...read, space: booking.space },
  );
}

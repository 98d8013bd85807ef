import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { addDays, todayIn } from '#contract/dates';
import { AppError } from '#contract/errors';
import {
  CLOSED_PERIOD_SQLSTATE,
  DOCUMENT_PREFIXES,
  GENESIS_FOOTPRINT,
  type DocumentKind,
  type InvoicePaymentMethod,
  type StoredPaymentStatus,
} from '#contract/invoices.plain';
import { isLocale, DEFAULT_LOCALE, type Locale } from '#contract/locale';
import { vatOf } from '#contract/money';
import { formatSlot } from '#contract/reservation-format';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { users } from '../db/schema/auth';
import {
  billingDetails,
  invoiceLines,
  invoicePayments,
  invoices,
  journalHeads,
  spaceLegalIdentities,
} from '../db/schema/invoices';
import { spaces } from '../db/schema/spaces';
import { sqlStateOf, type Tx } from '../db/transaction';
import { invoiceMailJob } from './invoice-mails';
import { enqueueJob } from '../platform/jobs';
import { logActivity, type WorkContext } from '../platform/service-context';

/**
 * Invoices, credit notes and payments as the law wants them (docs/decisions/024-invoices-and-documents.md):
 * numbered from a counter row in the issuing transaction, kept as issued by the database, and chained by
 * SHA-256 footprints per space. Formulas and reservations issue through here in their own unit of work.
 */

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type PaymentRow = typeof invoicePayments.$inferSelect;
export type LegalIdentityRow = typeof spaceLegalIdentities.$inferSelect;

/** What an invoice line sells, before VAT: quantity × unit price, less any discount. */
export interface SaleLine {
  label: string;
  quantity: number;
  unitExclVatCents: number;
  discountCents?: number;
  vatRateBasisPoints: number;
}

export interface VatBreakdownEntry {
  rateBasisPoints: number;
  basisCents: number;
  vatCents: number;
}

export interface SellerSnapshot {
  spaceName: string;
  legalName: string;
  legalForm: string;
  shareCapitalCents: number | null;
  addressLine: string;
  postcode: string;
  city: string;
  country: string;
  siren: string;
  siret: string;
  rcsCity: string;
  vatNumber: string;
  vatRegime: 'standard' | 'franchise';
  vatOnDebits: boolean;
  latePaymentRateBasisPoints: number;
  iban: string;
  bic: string;
}

export interface BuyerSnapshot {
  name: string;
  email: string;
  addressLine: string;
  postcode: string;
  city: string;
  country: string;
  businessName: string;
  siren: string;
  vatNumber: string;
}

/** A business buyer owes the €40 recovery fee and is shown the late-payment interest terms. */
export function isBusinessBuyer(buyer: BuyerSnapshot): boolean {
  return buyer.businessName.trim() !== '' || buyer.siren.trim() !== '';
}

// ——— The legal identity ———

/** Every field a space must fill before Escale invoices in its name, in the form's order. */
export function legalIdentityGaps(identity: LegalIdentityRow | null | undefined): string[] {
  if (!identity)
    return [
      'legalName',
      'legalForm',
      'addressLine',
      'postcode',
      'city',
      'siren',
      'siret',
      'vatNumber',
      'iban',
      'bic',
      'mandate',
    ];
  const gaps: string[] = [];
  const blank = (value: string) => value.trim() === '';
  if (blank(identity.legalName)) gaps.push('legalName');
  if (blank(identity.legalForm)) gaps.push('legalForm');
  if (blank(identity.addressLine)) gaps.push('addressLine');
  if (blank(identity.postcode)) gaps.push('postcode');
  if (blank(identity.city)) gaps.push('city');
  if (!/^\d{9}$/.test(identity.siren)) gaps.push('siren');
  if (!/^\d{14}$/.test(identity.siret) || !identity.siret.startsWith(identity.siren)) gaps.push('siret');
  if (identity.vatRegime === 'standard' && blank(identity.vatNumber)) gaps.push('vatNumber');
  if (blank(identity.iban)) gaps.push('iban');
  if (blank(identity.bic)) gaps.push('bic');
  if (!identity.mandateAcceptedAt) gaps.push('mandate');
  return gaps;
}

export async function legalIdentityOf(db: Db | Tx, spaceId: string): Promise<LegalIdentityRow | null> {
  const [row] = await db.select().from(spaceLegalIdentities).where(eq(spaceLegalIdentities.spaceId, spaceId));
  return row ?? null;
}

/** `failed-precondition` naming what is missing, until the space's identity is complete. */
export function requireCompleteIdentity(identity: LegalIdentityRow | null): LegalIdentityRow {
  const missing = legalIdentityGaps(identity);
  if (missing.length > 0)
    throw new AppError('failed-precondition', `Invoicing needs: ${missing.join(', ')}`, {
      reason: 'legal-identity-incomplete',
      missing,
    });
  return identity!;
}

function sellerOf(identity: LegalIdentityRow, spaceName: string): SellerSnapshot {
  return {
    spaceName,
    legalName: identity.legalName,
    legalForm: identity.legalForm,
    shareCapitalCents: identity.shareCapitalCents,
    addressLine: identity.addressLine,
    postcode: identity.postcode,
    city: identity.city,
    country: identity.country,
    siren: identity.siren,
    siret: identity.siret,
    rcsCity: identity.rcsCity,
    vatNumber: identity.vatNumber,
    vatRegime: identity.vatRegime,
    vatOnDebits: identity.vatOnDebits,
    latePaymentRateBasisPoints: identity.latePaymentRateBasisPoints,
    iban: identity.iban,
    bic: identity.bic,
  };
}

async function buyerOf(db: Db | Tx, userId: string): Promise<{ buyer: BuyerSnapshot; locale: Locale }> {
  const [row] = await db
    .select({ name: users.name, email: users.email, locale: users.locale, billing: billingDetails })
    .from(users)
    .leftJoin(billingDetails, eq(billingDetails.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('not-found', `No member ${userId}`);
  const billing = row.billing;
  return {
    locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
    buyer: {
      name: billing?.name.trim() ? billing.name : row.name,
      email: row.email,
      addressLine: billing?.addressLine ?? '',
      postcode: billing?.postcode ?? '',
      city: billing?.city ?? '',
      country: billing?.country ?? 'FR',
      businessName: billing?.businessName ?? '',
      siren: billing?.siren ?? '',
      vatNumber: billing?.vatNumber ?? '',
    },
  };
}

// ——— Amounts ———

/** Lines with their amounts, and the totals per VAT rate (VAT computed on each rate's basis, EN 16931). */
export function priceLines(lines: SaleLine[], regime: 'standard' | 'franchise') {
  const priced = lines.map((line, index) => {
    const rate = regime === 'franchise' ? 0 : line.vatRateBasisPoints;
    const discountCents = line.discountCents ?? 0;
    const exclVatCents = line.unitExclVatCents * line.quantity - discountCents;
    const vatCents = vatOf(exclVatCents, rate);
    return {
      position: index + 1,
      label: line.label,
      quantity: line.quantity,
      unitExclVatCents: line.unitExclVatCents,
      discountCents,
      vatRateBasisPoints: rate,
      exclVatCents,
      vatCents,
      totalCents: exclVatCents + vatCents,
    };
  });
  const rates = [...new Set(priced.map((line) => line.vatRateBasisPoints))].sort((a, b) => b - a);
  const breakdown: VatBreakdownEntry[] = rates.map((rate) => {
    const basisCents = priced
      .filter((line) => line.vatRateBasisPoints === rate)
      .reduce((sum, line) => sum + line.exclVatCents, 0);
    return { rateBasisPoints: rate, basisCents, vatCents: vatOf(basisCents, rate) };
  });
  const exclVatCents = breakdown.reduce((sum, entry) => sum + entry.basisCents, 0);
  const vatCents = breakdown.reduce((sum, entry) => sum + entry.vatCents, 0);
  return { lines: priced, breakdown, exclVatCents, vatCents, totalCents: exclVatCents + vatCents };
}

// ——— Footprints ———

/** JSON with keys sorted at every level: the same content always gives the same bytes. */
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

export function paymentContent(payment: PaymentRow) {
  return {
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
async function nextJournalLink(tx: Tx, spaceId: string) {
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

async function advanceJournal(tx: Tx, spaceId: string, position: number, footprint: string) {
  await tx
    .update(journalHeads)
    .set({ lastPosition: position, lastFootprint: footprint })
    .where(eq(journalHeads.spaceId, spaceId));
}

/** Takes the next number of a space's kind and year: the counter row stays locked until the end of the transaction. */
async function takeNumber(tx: Tx, spaceId: string, kind: DocumentKind, year: number) {
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

async function spaceOf(db: Db | Tx, spaceId: string) {
  const [space] = await db
    .select({ name: spaces.name, timeZone: spaces.timeZone })
    .from(spaces)
    .where(eq(spaces.id, spaceId));
  if (!space) throw new AppError('not-found', `No space ${spaceId}`);
  return space;
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

/**
 * Issues the invoice of a sale in the unit of work that makes the sale. `automatic` issuance (an order
 * placed, a booking confirmed) issues nothing when the sale is free, when the space has not completed its
 * legal identity, or does not invoice this kind of sale; a manager's explicit issuance is refused instead.
 */
export async function issueInvoice(
  work: WorkContext,
  sale: SaleToInvoice,
  mode: 'automatic' | 'explicit',
): Promise<InvoiceRow | null> {
  const identity = await legalIdentityOf(work.db, sale.spaceId);
  if (mode === 'automatic') {
    if (legalIdentityGaps(identity).length > 0) return null;
    const wanted = sale.orderId ? 'orders' : 'bookings';
    if (identity!.invoicedSales !== 'both' && identity!.invoicedSales !== wanted) return null;
  } else requireCompleteIdentity(identity);
  const total = priceLines(sale.lines, identity!.vatRegime).totalCents;
  if (total <= 0) {
    if (mode === 'automatic') return null;
    throw new AppError('failed-precondition', 'A free sale has no invoice', { reason: 'nothing-to-invoice' });
  }
  const space = await spaceOf(work.db, sale.spaceId);
  const { buyer, locale } = await buyerOf(work.db, sale.buyerUserId);
  const invoice = await insertDocument(work, {
    kind: 'invoice',
    spaceId: sale.spaceId,
    timeZone: space.timeZone,
    seller: sellerOf(identity!, space.name),
    buyerUserId: sale.buyerUserId,
    buyer,
    locale,
    lines: sale.lines,
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
  const space = await spaceOf(work.db, invoice.spaceId);
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

/**
 * Invoices a booking at price once it is confirmed (at booking, or when a manager approves it): not a booking
 * paid by credit (its plan's order was invoiced), not a free one. Called in the confirming unit of work.
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
    time_zone: string;
    by_credit: boolean;
  }>(
    work.db,
    sql`SELECT r.space_id, r.user_id, r.status, r.starts_at, r.ends_at, r.price_excl_vat_cents,
               r.vat_rate_basis_points, rooms.name AS room_name, spaces.time_zone,
               EXISTS (SELECT 1 FROM credit_entries e WHERE e.reservation_id = r.id AND e.kind = 'debit') AS by_credit
        FROM reservations r JOIN rooms ON rooms.id = r.room_id JOIN spaces ON spaces.id = r.space_id
        WHERE r.id = ${reservationId}`,
  );
  if (!booking || booking.status !== 'confirmed' || booking.by_credit) return null;
  if (booking.price_excl_vat_cents <= 0) return null;
  const startsAt = new Date(booking.starts_at).toISOString();
  const endsAt = new Date(booking.ends_at).toISOString();
  const day = todayIn(booking.time_zone, new Date(startsAt));
  return issueInvoice(
    work,
    {
      spaceId: booking.space_id,
      buyerUserId: booking.user_id,
      reservationId,
      lines: [
        {
          label: `${booking.room_name} — ${formatSlot('fr', startsAt, endsAt, booking.time_zone)}`,
          quantity: 1,
          unitExclVatCents: booking.price_excl_vat_cents,
          vatRateBasisPoints: booking.vat_rate_basis_points,
        },
      ],
      serviceStart: day,
      serviceEnd: todayIn(booking.time_zone, new Date(new Date(endsAt).getTime() - 1)),
    },
    'automatic',
  );
}

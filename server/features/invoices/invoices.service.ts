import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { todayIn } from '#contract/dates';
import { AppError, refused } from '#contract/errors';
import { isUuid } from '#contract/input';
import { DEFAULT_PRENOTIFICATION_DAYS } from '#contract/sepa.plain';
import type {
  TBillingDetailsForm,
  TClosing,
  TInvoiceSummary,
  TLegalIdentity,
  TLegalIdentityForm,
} from '#contract/invoices';
import {
  OPEN_PAYMENT_STATUSES,
  type InvoicePaymentMethod,
  type PaymentStatus,
  type StoredPaymentStatus,
} from '#contract/invoices.plain';
import type { Db } from '../../db/client';
import { keysetPageOf } from '../../db/pagination';
import { rowsOf } from '../../db/rows';
import { billingDetails, invoices, invoicingClosings, spaceLegalIdentities } from '../../db/schema/invoices';
import { spaceSummaryOf } from '../../db/space-summary';
import type { Tx } from '../../db/transaction';
import { changesBetween } from '../../platform/activity';
import { issueCreditNote, linesOf, type InvoiceRow } from '../../billing/invoicing';
import { lockOrder, payOrder } from '../../billing/orders';
import type { InvoiceDocument } from '../../billing/invoice-pdf';
import { billingFormOf, legalIdentityGaps, legalIdentityOf } from '../../billing/parties';
import { recordInvoicePayment } from '../../billing/payments';
import { directDebitNoticeOf, pendingDebitOf, pendingDebitSql } from '../../billing/direct-debit';
import { isSelf, may, requireRight, requireSignedIn } from '../../platform/policy';
import { logActivity, unitOfWork, type ServiceContext } from '../../platform/service-context';
import { verifySpaceChain } from '../../billing/chain';
import { anchorText, currentHeads } from '../../billing/ledger-chains';
import { spaceMembers } from '../../db/schema/memberships';
import { enqueueJob } from '../../platform/jobs';
import { closingAnchorMailJob } from './closing-mails';
import { nextMonthStart } from '../../billing/closing-archive';
import { readAll } from '../../db/read-all';

/**
 * Invoicing as the space and its members see it (docs/decisions/024): the legal identity, billing details,
 * the lists, payments, corrections, the chain's verification and the monthly closing. Issuing itself is
 * in server/billing/, called by the sales' own units of work.
 */

// ——— Legal identity ———

function toLegalIdentity(
  spaceId: string,
  row: typeof spaceLegalIdentities.$inferSelect | null,
): TLegalIdentity {
  return {
    spaceId,
    legalName: row?.legalName ?? '',
    legalForm: row?.legalForm ?? '',
    shareCapitalCents: row?.shareCapitalCents ?? null,
    addressLine: row?.addressLine ?? '',
    postcode: row?.postcode ?? '',
    city: row?.city ?? '',
    country: row?.country ?? 'FR',
    siren: row?.siren ?? '',
    siret: row?.siret ?? '',
    rcsCity: row?.rcsCity ?? '',
    vatNumber: row?.vatNumber ?? '',
    vatRegime: row?.vatRegime ?? 'standard',
    vatOnDebits: row?.vatOnDebits ?? false,
    paymentDueDays: row?.paymentDueDays ?? 30,
    latePaymentRateBasisPoints: row?.latePaymentRateBasisPoints ?? 1215,
    iban: row?.iban ?? '',
    bic: row?.bic ?? '',
    invoicedSales: row?.invoicedSales ?? 'both',
    mandateAccepted: Boolean(row?.mandateAcceptedAt),
    sepaCreditorId: row?.sepaCreditorId ?? '',
    sepaPrenotificationDays: row?.sepaPrenotificationDays ?? DEFAULT_PRENOTIFICATION_DAYS,
    sepaRecollectReturned: row?.sepaRecollectReturned ?? false,
    mandateAcceptedAt: row?.mandateAcceptedAt?.toISOString() ?? null,
    missing: legalIdentityGaps(row),
  };
}

export async function getLegalIdentity(ctx: ServiceContext, spaceId: string): Promise<TLegalIdentity> {
  await requireRight(ctx, 'manage', spaceId);
  return toLegalIdentity(spaceId, await legalIdentityOf(ctx.db, spaceId));
}

/** Saves the identity (complete or not); accepting the mandate records who and when, once. */
export async function updateLegalIdentity(
  ctx: ServiceContext,
  input: TLegalIdentityForm & { spaceId: string },
): Promise<TLegalIdentity> {
  await requireRight(ctx, 'manage', input.spaceId);
  const { spaceId, mandateAccepted, ...fields } = input;
  return unitOfWork(ctx, async (work) => {
    const before = await legalIdentityOf(work.db, spaceId);
    const mandate = mandateAccepted
      ? {
          mandateAcceptedAt: before?.mandateAcceptedAt ?? work.now,
          mandateAcceptedById: before?.mandateAcceptedAt ? before.mandateAcceptedById : work.actor!.id,
        }
      : { mandateAcceptedAt: null, mandateAcceptedById: null };
    const values = { ...fields, ...mandate, updatedAt: work.now };
    const [row] = await work.db
      .insert(spaceLegalIdentities)
      .values({ spaceId, ...values })
      .onConflictDoUpdate({ target: spaceLegalIdentities.spaceId, set: values })
      .returning();
    const after = toLegalIdentity(spaceId, row!);
    const previous = toLegalIdentity(spaceId, before);
    await logActivity(work, {
      kind: 'legal_identity.changed',
      subject: { type: 'space', id: spaceId },
      spaceId,
      changes: changesBetween(
        { ...previous, missing: previous.missing.join(',') },
        { ...after, missing: after.missing.join(',') },
        [
          'legalName',
          'legalForm',
          'siren',
          'siret',
          'vatNumber',
          'vatRegime',
          'invoicedSales',
          'mandateAccepted',
          'sepaCreditorId',
          'sepaPrenotificationDays',
          'missing',
        ],
      ),
    });
    return after;
  });
}

// ——— Billing details ———

export async function getBillingDetails(ctx: ServiceContext): Promise<TBillingDetailsForm> {
  const user = requireSignedIn(ctx.actor);
  const [row] = await ctx.db.select().from(billingDetails).where(eq(billingDetails.userId, user.id));
  return billingFormOf(row ?? null);
}

export async function updateBillingDetails(
  ctx: ServiceContext,
  input: TBillingDetailsForm,
): Promise<TBillingDetailsForm> {
  const user = requireSignedIn(ctx.actor);
  return unitOfWork(ctx, async (work) => {
    const values = { ...input, updatedAt: work.now };
    await work.db
      .insert(billingDetails)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: billingDetails.userId, set: values });
    await logActivity(work, {
      kind: 'billing_details.changed',
      subject: { type: 'user', id: user.id },
      details: { business: input.businessName.trim() !== '' },
    });
    return input;
  });
}

// ——— Lists ———

type SummaryRow = {
  id: string;
  space_id: string;
  space_name: string;
  time_zone: string;
  kind: 'invoice' | 'credit_note';
  number: string;
  issue_date: string;
  due_date: string;
  buyer_name: string;
  excl_vat_cents: number;
  vat_cents: number;
  total_cents: number;
  paid_cents: number;
  payment_status: StoredPaymentStatus;
  related_number: string | null;
  first_line: string | null;
  line_count: number;
  direct_debit: Parameters<typeof directDebitNoticeOf>[0];
};

const SUMMARY_COLUMNS = sql`
  i.id, i.space_id, s.name AS space_name, s.time_zone, i.kind, i.number, i.issue_date::text AS issue_date,
  i.due_date::text AS due_date, i.buyer->>'name' AS buyer_name, i.excl_vat_cents, i.vat_cents, i.total_cents,
  i.paid_cents, i.payment_status,
  CASE WHEN i.kind = 'credit_note' THEN (SELECT o.number FROM invoices o WHERE o.id = i.credited_invoice_id)
       ELSE (SELECT c.number FROM invoices c WHERE c.credited_invoice_id = i.id) END AS related_number,
  (SELECT l.label FROM invoice_lines l WHERE l.invoice_id = i.id ORDER BY l.position LIMIT 1) AS first_line,
  (SELECT count(*) FROM invoice_lines l WHERE l.invoice_id = i.id)::int AS line_count,
  ${pendingDebitSql(sql`i.id`)} AS direct_debit`;

/** An unpaid invoice past its due date (in its space's calendar) is overdue. */
export function displayedStatus(
  stored: StoredPaymentStatus,
  kind: 'invoice' | 'credit_note',
  dueDate: string,
  today: string,
): PaymentStatus {
  if (kind === 'invoice' && (stored === 'unpaid' || stored === 'partially_paid') && dueDate < today)
    return 'overdue';
  return stored;
}

function toSummary(row: SummaryRow, now: Date): TInvoiceSummary {
  return {
    id: row.id,
    spaceId: row.space_id,
    spaceName: row.space_name,
    kind: row.kind,
    number: row.number,
    issueDate: row.issue_date,
    dueDate: row.due_date,
    buyerName: row.buyer_name ?? '',
    exclVatCents: Number(row.excl_vat_cents),
    vatCents: Number(row.vat_cents),
    totalCents: Number(row.total_cents),
    paidCents: Number(row.paid_cents),
    status: displayedStatus(row.payment_status, row.kind, row.due_date, todayIn(row.time_zone, now)),
    relatedNumber: row.related_number,
    firstLine: row.first_line ?? '',
    otherLines: Math.max(0, Number(row.line_count) - 1),
    directDebit: directDebitNoticeOf(row.direct_debit),
  };
}

/**
 * A page of the member's invoices and credit notes, newest first, after `cursor` (the previous page's
 * `nextCursor`: its last one's id): a keyset on (issued_at, id), read from the buyer's index however long
 * the history. A cursor that is not one of ours starts from the newest.
 */
export async function listMyInvoices(
  ctx: ServiceContext,
  input: { limit: number; cursor?: string },
): Promise<{ invoices: TInvoiceSummary[]; nextCursor: string | null }> {
  const user = requireSignedIn(ctx.actor);
  const before = isUuid(input.cursor) ? input.cursor : null;
  const after = before
    ? sql`AND (i.issued_at, i.id) < (SELECT c.issued_at, c.id FROM invoices c
                                     WHERE c.id = ${before} AND c.buyer_user_id = ${user.id})`
    : sql``;
  const rows = await rowsOf<SummaryRow>(
    ctx.db,
    sql`SELECT ${SUMMARY_COLUMNS} FROM invoices i JOIN spaces s ON s.id = i.space_id
        WHERE i.buyer_user_id = ${user.id} ${after}
        ORDER BY i.issued_at DESC, i.id DESC LIMIT ${input.limit + 1}`,
  );
  const { items, nextCursor } = keysetPageOf(rows, input.limit, (last) => last.id);
  return { invoices: items.map((row) => toSummary(row, ctx.now)), nextCursor };
}

async function summaryOf(db: Db | Tx, id: string, now: Date): Promise<TInvoiceSummary> {
  const [row] = await rowsOf<SummaryRow>(
    db,
    sql`SELECT ${SUMMARY_COLUMNS} FROM invoices i JOIN spaces s ON s.id = i.space_id WHERE i.id = ${id}`,
  );
  return toSummary(row!, now);
}

function toClosing(row: typeof invoicingClosings.$inferSelect): TClosing {
  return {
    month: row.month,
    closedAt: row.closedAt.toISOString(),
    totals: row.totals as TClosing['totals'],
    perpetual: row.perpetual as TClosing['perpetual'],
    footprint: row.footprint,
    anchor: row.anchor ? anchorText({ spaceId: row.spaceId, heads: row.anchor }) : null,
  };
}

export async function listSpaceInvoices(ctx: ServiceContext, input: { spaceId: string; limit: number }) {
  await requireRight(ctx, 'manage', input.spaceId);
  const [rows, closings, identity] = await readAll(ctx.db, [
    () =>
      rowsOf<SummaryRow>(
        ctx.db,
        sql`SELECT ${SUMMARY_COLUMNS} FROM invoices i JOIN spaces s ON s.id = i.space_id
          WHERE i.space_id = ${input.spaceId} ORDER BY i.issued_at DESC, i.number DESC LIMIT ${input.limit}`,
      ),
    () =>
      ctx.db
        .select()
        .from(invoicingClosings)
        .where(eq(invoicingClosings.spaceId, input.spaceId))
        .orderBy(desc(invoicingClosings.month)),
    () => legalIdentityOf(ctx.db, input.spaceId),
  ]);
  return {
    invoices: rows.map((row) => toSummary(row, ctx.now)),
    closings: closings.map(toClosing),
    missing: legalIdentityGaps(identity),
  };
}

/** How many invoices of the space have something left to pay (the manager's home). */
export async function countUnpaidInvoices(ctx: ServiceContext, spaceId: string): Promise<{ count: number }> {
  await requireRight(ctx, 'manage', spaceId);
  const [row] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(invoices)
    .where(
      and(
        eq(invoices.spaceId, spaceId),
        eq(invoices.kind, 'invoice'),
        inArray(invoices.paymentStatus, OPEN_PAYMENT_STATUSES),
      ),
    );
  return { count: Number(row?.count ?? 0) };
}

/**
 * The document if the actor may read it: its buyer, a manager of its space, an admin. Anyone else is told
 * it does not exist.
 */
export async function readableDocument(ctx: ServiceContext, id: string): Promise<InvoiceDocument> {
  requireSignedIn(ctx.actor);
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw new AppError('not-found', `No invoice ${id}`);
  if (!isSelf(ctx.actor, row!.buyerUserId) && !(await may(ctx, 'manage', row!.spaceId)))
    throw new AppError('not-found', `No invoice ${id}`);
  const [credited] = row!.creditedInvoiceId
    ? await ctx.db.select().from(invoices).where(eq(invoices.id, row!.creditedInvoiceId))
    : [];
  return {
    invoice: row!,
    lines: await linesOf(ctx.db, id),
    credited: credited ?? null,
    directDebit: await pendingDebitOf(ctx.db, id),
  };
}

/** A manager-only action on an invoice: its buyer gets `permission-denied`, anyone else `not-found`. */
async function managedInvoice(ctx: ServiceContext, id: string): Promise<InvoiceRow> {
  requireSignedIn(ctx.actor);
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw new AppError('not-found', `No invoice ${id}`);
  if (!(await may(ctx, 'manage', row.spaceId))) {
    if (isSelf(ctx.actor, row.buyerUserId))
      throw new AppError('permission-denied', 'Only the space records payments');
    throw new AppError('not-found', `No invoice ${id}`);
  }
  return row;
}

/**
 * A manager records a payment on an invoice (partial allowed). When it pays the invoice of an order in
 * full, the order is settled in the same unit of work, as if marked paid from it: a plan waiting for its
 * payment starts (or a suspended one is active again), a registration's place is paid; each with its own
 * activity entry. A partial payment leaves the order awaiting payment (and the grace period running).
 */
export async function recordPayment(
  ctx: ServiceContext,
  input: { invoiceId: string; amountCents: number; method: InvoicePaymentMethod; paidOn: string },
): Promise<TInvoiceSummary> {
  const invoice = await managedInvoice(ctx, input.invoiceId);
  await unitOfWork(ctx, async (work) => {
    // The order is locked before the invoice, as when it is marked paid from its own page.
    const order = invoice.orderId ? await lockOrder(work, invoice.orderId) : null;
    const { invoice: after } = await recordInvoicePayment(work, input);
    if (order && after.paymentStatus === 'paid')
      await payOrder(work, order.id, { via: 'invoice', invoiceNumber: after.number });
  });
  return summaryOf(ctx.db, input.invoiceId, ctx.now);
}

export async function creditInvoice(
  ctx: ServiceContext,
  input: { invoiceId: string; reason: string },
): Promise<TInvoiceSummary> {
  const invoice = await managedInvoice(ctx, input.invoiceId);
  if (invoice.kind !== 'invoice') throw new AppError('not-found', `No invoice ${input.invoiceId}`);
  const note = await unitOfWork(ctx, async (work) => {
    const [locked] = await work.db.select().from(invoices).where(eq(invoices.id, invoice.id)).for('update');
    return issueCreditNote(work, locked!, input.reason);
  });
  return summaryOf(ctx.db, note.id, ctx.now);
}

export async function verifyChain(ctx: ServiceContext, spaceId: string) {
  await requireRight(ctx, 'manage', spaceId);
  return verifySpaceChain(ctx.db, spaceId);
}

// ——— Monthly closing ———

type TotalsRow = {
  invoiced_excl: number | null;
  invoiced_vat: number | null;
  invoiced_total: number | null;
  credited_total: number | null;
  payments: number | null;
};

async function totalsUntil(db: Tx, spaceId: string, from: string | null, until: string) {
  const since = from ? sql`AND issue_date >= ${from}::date` : sql``;
  const paidSince = from ? sql`AND paid_on >= ${from}::date` : sql``;
  const [row] = await rowsOf<TotalsRow>(
    db,
    sql`SELECT
          (SELECT sum(excl_vat_cents) FROM invoices WHERE space_id = ${spaceId} AND kind = 'invoice' AND issue_date < ${until}::date ${since}) AS invoiced_excl,
          (SELECT sum(vat_cents) FROM invoices WHERE space_id = ${spaceId} AND kind = 'invoice' AND issue_date < ${until}::date ${since}) AS invoiced_vat,
          (SELECT sum(total_cents) FROM invoices WHERE space_id = ${spaceId} AND kind = 'invoice' AND issue_date < ${until}::date ${since}) AS invoiced_total,
          (SELECT sum(total_cents) FROM invoices WHERE space_id = ${spaceId} AND kind = 'credit_note' AND issue_date < ${until}::date ${since}) AS credited_total,
          (SELECT sum(amount_cents) FROM invoice_payments WHERE space_id = ${spaceId} AND paid_on < ${until}::date ${paidSince}) AS payments`,
  );
  return {
    invoicedExclVatCents: Number(row?.invoiced_excl ?? 0),
    invoicedVatCents: Number(row?.invoiced_vat ?? 0),
    invoicedTotalCents: Number(row?.invoiced_total ?? 0),
    creditedTotalCents: Number(row?.credited_total ?? 0),
    paymentsCents: Number(row?.payments ?? 0),
  };
}

/**
 * Closes a finished month of a space: its totals and the perpetual totals are kept with the chain's
 * footprint then, and the database refuses anything dated in it (or before) from now on.
 */
export async function closeMonth(
  ctx: ServiceContext,
  input: { spaceId: string; month: string },
): Promise<TClosing> {
  await requireRight(ctx, 'manage', input.spaceId);
  const space = await spaceSummaryOf(ctx.db, input.spaceId);
  if (todayIn(space.timeZone, ctx.now).slice(0, 7) <= input.month)
    throw refused('month-not-over', 'Only a finished month is closed');
  const row = await unitOfWork(ctx, async (work) => {
    // The journal's head, locked: no payment can be dated in the month while it closes.
    await work.db.execute(
      sql`INSERT INTO journal_heads (space_id, last_position, last_footprint) VALUES (${input.spaceId}, 0, ${'0'.repeat(64)}) ON CONFLICT DO NOTHING`,
    );
    const [head] = await rowsOf<{ last_position: number; last_footprint: string }>(
      work.db,
      sql`SELECT last_position, last_footprint FROM journal_heads WHERE space_id = ${input.spaceId} FOR UPDATE`,
    );
    const [already] = await work.db
      .select()
      .from(invoicingClosings)
      .where(and(eq(invoicingClosings.spaceId, input.spaceId), eq(invoicingClosings.month, input.month)));
    if (already) throw refused('already-closed', 'This month is already closed');
    const until = nextMonthStart(input.month);
    // Logged first, so the anchor's activity head covers the closing itself.
    await logActivity(work, {
      kind: 'invoicing.month_closed',
      subject: { type: 'invoicing_month', id: `${input.spaceId}:${input.month}` },
      spaceId: input.spaceId,
      details: { month: input.month },
    });
    const [inserted] = await work.db
      .insert(invoicingClosings)
      .values({
        spaceId: input.spaceId,
        month: input.month,
        closedAt: work.now,
        closedById: work.actor!.id,
        totals: await totalsUntil(work.db, input.spaceId, `${input.month}-01`, until),
        perpetual: await totalsUntil(work.db, input.spaceId, null, until),
        chainPosition: Number(head!.last_position),
        footprint: head!.last_footprint,
        anchor: await currentHeads(work.db, input.spaceId),
      })
      .returning();
    // The anchor leaves the database: each owner of the space receives it (docs/decisions/027).
    const owners = await work.db
      .select({ userId: spaceMembers.userId })
      .from(spaceMembers)
      .where(and(eq(spaceMembers.spaceId, input.spaceId), eq(spaceMembers.role, 'owner')));
    for (const { userId } of owners)
      await enqueueJob(work.db, closingAnchorMailJob, { spaceId: input.spaceId, month: input.month, userId });
    return inserted!;
  });
  return toClosing(row);
}

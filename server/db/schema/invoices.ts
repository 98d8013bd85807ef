import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { generatedId, instant, amountsWithVat, currency } from './columns';
import {
  DOCUMENT_KINDS,
  INVOICE_PAYMENT_METHODS,
  INVOICED_SALES,
  OPEN_PAYMENT_STATUSES,
  STORED_PAYMENT_STATUSES,
  VAT_REGIMES,
} from '../../../contract/invoices.plain';
import {
  DEFAULT_PRENOTIFICATION_DAYS,
  MAX_PRENOTIFICATION_DAYS,
  MIN_PRENOTIFICATION_DAYS,
} from '../../../contract/sepa.plain';
import { users } from './auth';
import { orders } from './formulas';
import { reservations } from './reservations';
import { spaceReference, spaces } from './spaces';
import { literalList, statusIn } from '../status-sql';
import type { LedgerAnchorHeads } from './ledgers';

/**
 * The space's legal identity: Escale issues invoices in its name and for its account once its manager has
 * filled every mandatory field and accepted the invoicing mandate (docs/decisions/024).
 */
export const spaceLegalIdentities = pgTable(
  'space_legal_identities',
  {
    spaceId: uuid('space_id')
      .primaryKey()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    legalName: text('legal_name').notNull().default(''),
    legalForm: text('legal_form').notNull().default(''),
    shareCapitalCents: bigint('share_capital_cents', { mode: 'number' }),
    addressLine: text('address_line').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default('FR'),
    siren: text('siren').notNull().default(''),
    siret: text('siret').notNull().default(''),
    rcsCity: text('rcs_city').notNull().default(''),
    vatNumber: text('vat_number').notNull().default(''),
    vatRegime: text('vat_regime', { enum: VAT_REGIMES }).notNull().default('standard'),
    vatOnDebits: boolean('vat_on_debits').notNull().default(false),
    paymentDueDays: integer('payment_due_days').notNull().default(30),
    latePaymentRateBasisPoints: integer('late_payment_rate_basis_points').notNull().default(1215),
    iban: text('iban').notNull().default(''),
    bic: text('bic').notNull().default(''),
    invoicedSales: text('invoiced_sales', { enum: INVOICED_SALES }).notNull().default('both'),
    /** SEPA direct debit (docs/decisions/032): the creditor identifier (ICS), empty until the space has one. */
    sepaCreditorId: text('sepa_creditor_id').notNull().default(''),
    /** Days between the pre-notification and the debit: 14 unless the space agreed a shorter delay. */
    sepaPrenotificationDays: integer('sepa_prenotification_days')
      .notNull()
      .default(DEFAULT_PRENOTIFICATION_DAYS),
    /** Whether an invoice the bank returned goes into the next collection again (docs/decisions/033). */
    sepaRecollectReturned: boolean('sepa_recollect_returned').notNull().default(false),
    mandateAcceptedAt: instant('mandate_accepted_at'),
    mandateAcceptedById: text('mandate_accepted_by_id').references(() => users.id),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('legal_vat_regime_known', sql`${table.vatRegime} in ${literalList(VAT_REGIMES)}`),
    check('legal_invoiced_sales_known', sql`${table.invoicedSales} in ${literalList(INVOICED_SALES)}`),
    check('legal_due_days_range', sql`${table.paymentDueDays} between 0 and 60`),
    check('legal_late_rate_range', sql`${table.latePaymentRateBasisPoints} between 0 and 10000`),
    check(
      'legal_sepa_prenotification_range',
      sql`${table.sepaPrenotificationDays} between ${sql.raw(String(MIN_PRENOTIFICATION_DAYS))} and ${sql.raw(String(MAX_PRENOTIFICATION_DAYS))}`,
    ),
  ],
);

/** What a member wants on their invoices (entered in /profile); copied onto each invoice when issued. */
export const billingDetails = pgTable('billing_details', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull().default(''),
  addressLine: text('address_line').notNull().default(''),
  postcode: text('postcode').notNull().default(''),
  city: text('city').notNull().default(''),
  country: text('country').notNull().default('FR'),
  businessName: text('business_name').notNull().default(''),
  siren: text('siren').notNull().default(''),
  vatNumber: text('vat_number').notNull().default(''),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/**
 * The last number given per space, kind and year. Taken (`UPDATE … + 1`) in the transaction that issues the
 * document, so a rolled-back issuance gives its number back; a sequence would skip it. Migration 0019
 * allows only `+ 1` and no DELETE.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    spaceId: spaceReference(),
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.spaceId, table.kind, table.year] })],
);

/** Where a space's chained journal stands: its last position and footprint (locked by each new entry). */
export const journalHeads = pgTable('journal_heads', {
  spaceId: uuid('space_id')
    .primaryKey()
    .references(() => spaces.id),
  lastPosition: bigint('last_position', { mode: 'number' }).notNull().default(0),
  lastFootprint: text('last_footprint').notNull(),
});

/**
 * Invoices and credit notes, as issued: never updated (except their payment status) nor deleted (migration
 * 0019). Amounts are positive on both kinds; a credit note's `credited_invoice_id` says what it corrects.
 * `buyer` and `seller` are the identities at issue time; dates are the space's local calendar days.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: generatedId(),
    spaceId: spaceReference(),
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    creditedInvoiceId: uuid('credited_invoice_id'),
    orderId: uuid('order_id').references(() => orders.id),
    reservationId: uuid('reservation_id').references(() => reservations.id),
    buyerUserId: text('buyer_user_id').references(() => users.id),
    buyer: jsonb('buyer').notNull(),
    seller: jsonb('seller').notNull(),
    locale: text('locale').notNull(),
    issuedAt: instant('issued_at').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    serviceStart: date('service_start', { mode: 'string' }).notNull(),
    serviceEnd: date('service_end', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    currency: currency(),
    ...amountsWithVat(),
    vatBreakdown: jsonb('vat_breakdown').notNull(),
    reason: text('reason'),
    // The payment status fields: the only ones an UPDATE may change.
    paymentStatus: text('payment_status', { enum: STORED_PAYMENT_STATUSES }).notNull().default('unpaid'),
    paidCents: integer('paid_cents').notNull().default(0),
    remindedAt: instant('reminded_at'),
    chainPosition: bigint('chain_position', { mode: 'number' }).notNull(),
    previousFootprint: text('previous_footprint').notNull(),
    footprint: text('footprint').notNull(),
  },
  (table) => [
    uniqueIndex('invoices_space_number_key').on(table.spaceId, table.number),
    uniqueIndex('invoices_space_sequence_key').on(table.spaceId, table.kind, table.year, table.sequence),
    uniqueIndex('invoices_space_chain_key').on(table.spaceId, table.chainPosition),
    // One invoice per order and per booking, one credit note per invoice: a retry or a job issues nothing twice.
    uniqueIndex('invoices_one_per_order')
      .on(table.orderId)
      .where(sql`${table.kind} = 'invoice'`),
    uniqueIndex('invoices_one_per_reservation')
      .on(table.reservationId)
      .where(sql`${table.kind} = 'invoice'`),
    uniqueIndex('invoices_one_credit_note').on(table.creditedInvoiceId),
    // /documents pages by (issued_at, id), newest first (keyset).
    index('invoices_buyer_idx').on(table.buyerUserId, table.issuedAt, table.id),
    index('invoices_space_idx').on(table.spaceId, table.issueDate),
    index('invoices_unpaid_due_idx')
      .on(table.dueDate)
      .where(statusIn(table.paymentStatus, OPEN_PAYMENT_STATUSES)),
    check('invoices_kind_known', sql`${table.kind} in ${literalList(DOCUMENT_KINDS)}`),
    check(
      'invoices_payment_status_known',
      sql`${table.paymentStatus} in ${literalList(STORED_PAYMENT_STATUSES)}`,
    ),
    check(
      'invoices_number_shape',
      sql`${table.number} = (CASE ${table.kind} WHEN 'invoice' THEN 'F' ELSE 'A' END) || '-' || ${table.year} || '-' || lpad(${table.sequence}::text, 6, '0')`,
    ),
    check(
      'invoices_credit_note_refers',
      sql`(${table.kind} = 'credit_note') = (${table.creditedInvoiceId} is not null)`,
    ),
    check(
      'invoices_money_consistent',
      sql`${table.exclVatCents} >= 0 and ${table.vatCents} >= 0 and ${table.totalCents} = ${table.exclVatCents} + ${table.vatCents} and ${table.totalCents} > 0`,
    ),
    check('invoices_paid_range', sql`${table.paidCents} between 0 and ${table.totalCents}`),
    check('invoices_service_order', sql`${table.serviceEnd} >= ${table.serviceStart}`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: generatedId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    quantity: integer('quantity').notNull(),
    unitExclVatCents: integer('unit_excl_vat_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    ...amountsWithVat(),
  },
  (table) => [
    uniqueIndex('invoice_lines_position_key').on(table.invoiceId, table.position),
    check('invoice_lines_quantity_positive', sql`${table.quantity} > 0`),
    check(
      'invoice_lines_money_consistent',
      sql`${table.discountCents} >= 0 and ${table.exclVatCents} = ${table.unitExclVatCents} * ${table.quantity} - ${table.discountCents}
       and ${table.totalCents} = ${table.exclVatCents} + ${table.vatCents}`,
    ),
  ],
);

/**
 * A payment recorded against an invoice: append-only, chained with the space's documents. A payment the bank
 * took back (a returned direct debit) is reversed by a new row of the opposite amount naming it
 * (`reverses_payment_id`, once per payment; migration 0056 checks it mirrors the payment).
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: generatedId(),
    spaceId: spaceReference(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amountCents: integer('amount_cents').notNull(),
    method: text('method', { enum: INVOICE_PAYMENT_METHODS }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    recordedAt: instant('recorded_at').notNull(),
    recordedById: text('recorded_by_id').references(() => users.id),
    reversesPaymentId: uuid('reverses_payment_id').references((): AnyPgColumn => invoicePayments.id),
    chainPosition: bigint('chain_position', { mode: 'number' }).notNull(),
    previousFootprint: text('previous_footprint').notNull(),
    footprint: text('footprint').notNull(),
  },
  (table) => [
    uniqueIndex('invoice_payments_space_chain_key').on(table.spaceId, table.chainPosition),
    uniqueIndex('invoice_payments_reversed_once').on(table.reversesPaymentId),
    index('invoice_payments_invoice_idx').on(table.invoiceId),
    index('invoice_payments_space_idx').on(table.spaceId, table.paidOn),
    check(
      'invoice_payments_amount_sign',
      sql`(${table.reversesPaymentId} is null and ${table.amountCents} > 0) or (${table.reversesPaymentId} is not null and ${table.amountCents} < 0)`,
    ),
    check('invoice_payments_method_known', sql`${table.method} in ${literalList(INVOICE_PAYMENT_METHODS)}`),
  ],
);

/**
 * A closed month of a space: its totals, the perpetual totals since the first document, and the footprint
 * its chain had then. Nothing can be dated in a closed month (or before it) afterwards (migration 0019).
 */
export const invoicingClosings = pgTable(
  'invoicing_closings',
  {
    spaceId: spaceReference(),
    month: text('month').notNull(),
    closedAt: instant('closed_at').notNull(),
    closedById: text('closed_by_id').references(() => users.id),
    totals: jsonb('totals').notNull(),
    perpetual: jsonb('perpetual').notNull(),
    chainPosition: bigint('chain_position', { mode: 'number' }).notNull(),
    footprint: text('footprint').notNull(),
    /**
     * The heads of the space's three chains when it closed (journal, credit, activity): the anchor its
     * archive carries and its owners receive by e-mail (docs/decisions/027). Null for closings before it.
     */
    anchor: jsonb('anchor').$type<LedgerAnchorHeads>(),
  },
  (table) => [
    primaryKey({ columns: [table.spaceId, table.month] }),
    check('invoicing_closings_month_shape', sql`${table.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

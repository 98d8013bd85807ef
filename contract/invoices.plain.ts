/**
 * The fixed lists of invoicing (docs/decisions/024-invoices-and-documents.md), without zod, so the database
 * schema and the browser read the same words.
 */

/** An invoice, or a credit note correcting one (never an edit). */
export const DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** A number's prefix per kind: `F-2026-000123`, `A-2026-000007`. */
export const DOCUMENT_PREFIXES: Record<DocumentKind, string> = { invoice: 'F', credit_note: 'A' };

/** `standard`: VAT charged; `franchise`: "TVA non applicable, art. 293 B du CGI". */
export const VAT_REGIMES = ['standard', 'franchise'] as const;

/** Which sales the space invoices automatically: formula orders when placed, bookings at price when confirmed. */
export const INVOICED_SALES = ['orders', 'bookings', 'both'] as const;

/** What the database stores; `overdue` is read from the due date (an unpaid invoice past it). */
export const STORED_PAYMENT_STATUSES = ['unpaid', 'partially_paid', 'paid', 'credited'] as const;
export type StoredPaymentStatus = (typeof STORED_PAYMENT_STATUSES)[number];
/** An invoice with something left to pay (an overdue one is one of these past its due date). */
export const OPEN_PAYMENT_STATUSES = [
  'unpaid',
  'partially_paid',
] as const satisfies readonly StoredPaymentStatus[];
export const PAYMENT_STATUSES = [...STORED_PAYMENT_STATUSES, 'overdue'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const INVOICE_PAYMENT_METHODS = ['on_site', 'bank_transfer', 'card', 'cheque', 'cash'] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number];

/** The chained journal of a space: its invoices, credit notes and payments, in the order they were made. */
export const JOURNAL_ENTRY_TYPES = ['invoice', 'credit_note', 'payment'] as const;

/** The footprint the first entry of a space's chain is chained to. */
export const GENESIS_FOOTPRINT = '0'.repeat(64);

/** SQLSTATE the database raises for a document dated in a closed period. */
export const CLOSED_PERIOD_SQLSTATE = 'EC010';

/** Why an invoicing operation was refused, in `details.reason` (translated by the browser). */
export const INVOICE_REFUSALS = [
  'legal-identity-incomplete', // with `details.missing`: the fields to fill first
  'nothing-to-invoice',
  'invoice-credited',
  'already-paid',
  'more-than-due',
  'period-closed',
  'month-not-over',
  'already-closed',
  // Shared documents
  'not-a-member',
  'already-revoked',
  'wrong-purpose',
] as const;

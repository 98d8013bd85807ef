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

/** `direct_debit`: a SEPA debit the bank statement confirmed (docs/decisions/032, 033). */
export const INVOICE_PAYMENT_METHODS = [
  'on_site',
  'bank_transfer',
  'card',
  'cheque',
  'cash',
  'direct_debit',
] as const;
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
  'billing-details-missing', // with `details.missing`: the buyer's billing fields to fill first
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

/** The billing details a buyer gives (/profile#billing), as the rule below reads them. */
export interface BillingDetailsFields {
  addressLine: string;
  postcode: string;
  city: string;
  country: string;
  businessName: string;
  siren: string;
  vatNumber: string;
}

/**
 * Above this total excluding VAT, a consumer's invoice names their address. Below it French law allows a
 * simplified invoice without the buyer's address (CGI, annexe II, art. 242 nonies, II: 150 € HT); a business
 * buyer's invoice always names its address and, in France, its SIREN (docs/decisions/024, issue 28).
 */
export const CONSUMER_ADDRESS_THRESHOLD_CENTS = 15_000;

const blank = (value: string) => value.trim() === '';

/** A business buyer: one who gave a company name, a SIREN or a VAT number. */
export function isBusinessBilling(details: BillingDetailsFields): boolean {
  return !blank(details.businessName) || !blank(details.siren) || !blank(details.vatNumber);
}

/**
 * The billing fields still missing, in the form's order: for a business, its name, address and (in France)
 * SIREN; for a consumer, the address when the invoice exceeds the threshold (`exclVatCents`), or when part of
 * it was given (an address is whole or absent). The one rule, for the form and for the sale.
 */
export function billingDetailsGaps(details: BillingDetailsFields, exclVatCents = 0): string[] {
  const business = isBusinessBilling(details);
  const address = [details.addressLine, details.postcode, details.city];
  const needsAddress =
    business || address.some((value) => !blank(value)) || exclVatCents > CONSUMER_ADDRESS_THRESHOLD_CENTS;
  const gaps: string[] = [];
  if (needsAddress) {
    if (blank(details.addressLine)) gaps.push('addressLine');
    if (blank(details.postcode)) gaps.push('postcode');
    if (blank(details.city)) gaps.push('city');
  }
  if (business) {
    if (blank(details.businessName)) gaps.push('businessName');
    if (details.country === 'FR' && blank(details.siren)) gaps.push('siren');
  }
  return gaps;
}

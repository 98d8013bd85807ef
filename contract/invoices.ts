import { z } from './zod';
import { defineCallable } from './callable';
import {
  DOCUMENT_KINDS,
  INVOICE_PAYMENT_METHODS,
  INVOICED_SALES,
  JOURNAL_ENTRY_TYPES,
  billingDetailsGaps,
  PAYMENT_STATUSES,
  VAT_REGIMES,
} from './invoices.plain';
import { ZCalendarDate, ZText, ZUuid } from './input';
import { creditorIdProblem, normalizeCreditorId } from './sepa-identifiers';
import { MAX_PRENOTIFICATION_DAYS, MIN_PRENOTIFICATION_DAYS } from './sepa.plain';
import { keysetPageFields, ZCursor } from './pagination';

/**
 * Invoices, credit notes, payments, the chained journal and the monthly closing
 * (docs/decisions/024-invoices-and-documents.md). Amounts are integer cents.
 */

const line = (max: number) => ZText.trim().max(max);
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const ZMonth = z.string().regex(MONTH);

/** The space's legal identity as its manager fills it (every field may be saved while incomplete). */
export const ZLegalIdentityForm = z.object({
  legalName: line(200),
  legalForm: line(60),
  shareCapitalCents: z.number().int().min(0).max(1e15).nullable(),
  addressLine: line(200),
  postcode: line(20),
  city: line(100),
  country: z.string().regex(/^[A-Z]{2}$/),
  siren: z.string().regex(/^(\d{9})?$/, 'siren'),
  siret: z.string().regex(/^(\d{14})?$/, 'siret'),
  rcsCity: line(100),
  vatNumber: z.string().regex(/^([A-Z]{2}[0-9A-Z]{2,13})?$/, 'vat-number'),
  vatRegime: z.enum(VAT_REGIMES),
  vatOnDebits: z.boolean(),
  paymentDueDays: z.number().int().min(0).max(60),
  latePaymentRateBasisPoints: z.number().int().min(0).max(10_000),
  iban: z.string().regex(/^([A-Z]{2}\d{2}[A-Z0-9]{10,30})?$/, 'iban'),
  bic: z.string().regex(/^([A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?)?$/, 'bic'),
  invoicedSales: z.enum(INVOICED_SALES),
  mandateAccepted: z.boolean(),
  /** SEPA direct debit (docs/decisions/032): the creditor identifier, checked; empty while the space has none. */
  sepaCreditorId: z
    .string()
    .max(40)
    .transform(normalizeCreditorId)
    .superRefine((id, context) => {
      const problem = id === '' ? null : creditorIdProblem(id);
      if (problem) context.addIssue({ code: 'custom', message: `creditor-id-${problem}` });
    }),
  sepaPrenotificationDays: z.number().int().min(MIN_PRENOTIFICATION_DAYS).max(MAX_PRENOTIFICATION_DAYS),
  sepaRecollectReturned: z.boolean(),
});
export type TLegalIdentityForm = z.output<typeof ZLegalIdentityForm>;

export const ZLegalIdentity = ZLegalIdentityForm.extend({
  spaceId: z.string(),
  mandateAcceptedAt: z.string().nullable(),
  /** What is still missing before invoicing starts (field names of the form, and `mandate`). */
  missing: z.array(z.string()),
});
export type TLegalIdentity = z.output<typeof ZLegalIdentity>;

export const ZBillingDetailsForm = z.object({
  name: line(200),
  addressLine: line(200),
  postcode: line(20),
  city: line(100),
  country: z.string().regex(/^[A-Z]{2}$/),
  businessName: line(200),
  siren: z.string().regex(/^(\d{9})?$/, 'siren'),
  vatNumber: z.string().regex(/^([A-Z]{2}[0-9A-Z]{2,13})?$/, 'vat-number'),
});
export type TBillingDetailsForm = z.output<typeof ZBillingDetailsForm>;

/**
 * The billing details as saved: what is given must be whole (an address with its postcode and city; a business
 * with its name, address and SIREN), each missing field refused beside it (`billing-<field>`).
 */
export const ZBillingDetailsInput = ZBillingDetailsForm.superRefine((details, context) => {
  for (const field of billingDetailsGaps(details))
    context.addIssue({ code: 'custom', path: [field], message: `billing-${field}` });
});

/** A SEPA debit collected for an invoice and not yet settled: the invoice says it will be debited. */
export const ZDirectDebitNotice = z.object({
  collectionDate: z.string(),
  maskedIban: z.string(),
  reference: z.string(),
});
export type TDirectDebitNotice = z.output<typeof ZDirectDebitNotice>;

export const ZInvoiceSummary = z.object({
  id: z.string(),
  spaceId: z.string(),
  spaceName: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  buyerName: z.string(),
  exclVatCents: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  /** For a credit note, the invoice it corrects; for an invoice, its credit note if any. */
  relatedNumber: z.string().nullable(),
  /** What it is for: its first line's label (in the buyer's language), and how many lines follow. */
  firstLine: z.string(),
  otherLines: z.number().int(),
  directDebit: ZDirectDebitNotice.nullable(),
});
export type TInvoiceSummary = z.output<typeof ZInvoiceSummary>;

/** Why a chain is reported broken. */
export const CHAIN_PROBLEMS = ['footprint', 'link', 'gap', 'head', 'counter'] as const;

export const ZChainReport = z.object({
  intact: z.boolean(),
  checked: z.number().int(),
  /**
   * The first entry whose footprint or link does not match, when the chain is broken; `head` when the chain
   * stops before (or runs past) the head recorded with it, at the first position missing (an entry removed
   * with the guards off: no type or id); `counter` when a number its counter gave has no document (the
   * number missing, no position). docs/decisions/027.
   */
  brokenAt: z
    .object({
      position: z.number().int().nullable(),
      type: z.enum(JOURNAL_ENTRY_TYPES).nullable(),
      id: z.string().nullable(),
      number: z.string().nullable(),
      problem: z.enum(CHAIN_PROBLEMS),
    })
    .nullable(),
});
export type TChainReport = z.output<typeof ZChainReport>;

export const ZPeriodTotals = z.object({
  invoicedExclVatCents: z.number().int(),
  invoicedVatCents: z.number().int(),
  invoicedTotalCents: z.number().int(),
  creditedTotalCents: z.number().int(),
  paymentsCents: z.number().int(),
});
export const ZClosing = z.object({
  month: z.string(),
  closedAt: z.string(),
  totals: ZPeriodTotals,
  perpetual: ZPeriodTotals,
  footprint: z.string(),
  /** The heads of the space's chains at the closing, as its owners receive them (null before decision 027). */
  anchor: z.string().nullable(),
});
export type TClosing = z.output<typeof ZClosing>;

export const getLegalIdentity = defineCallable({
  name: 'invoicing.getIdentity',
  input: z.object({ spaceId: ZUuid }),
  output: ZLegalIdentity,
  mutates: false,
  access: 'signed-in',
});

export const updateLegalIdentity = defineCallable({
  name: 'invoicing.updateIdentity',
  input: ZLegalIdentityForm.extend({ spaceId: ZUuid }),
  output: ZLegalIdentity,
  mutates: true,
  access: 'signed-in',
});

export const getBillingDetails = defineCallable({
  name: 'billing.get',
  input: z.object({}),
  output: ZBillingDetailsForm,
  mutates: false,
  access: 'signed-in',
});

export const updateBillingDetails = defineCallable({
  name: 'billing.update',
  input: ZBillingDetailsInput,
  output: ZBillingDetailsForm,
  mutates: true,
  access: 'signed-in',
});

/** How many of a member's invoices /documents shows at once. */
export const MY_INVOICES_PAGE = 25;

/**
 * The signed-in member's invoices and credit notes, newest first, a page at a time (keyset: `cursor` is the
 * previous page's `nextCursor`).
 */
export const listMyInvoices = defineCallable({
  name: 'invoices.listMine',
  input: z.object({
    limit: z.number().int().min(1).max(200).default(MY_INVOICES_PAGE),
    cursor: ZCursor.optional(),
  }),
  output: z.object({ invoices: z.array(ZInvoiceSummary), ...keysetPageFields }),
  mutates: false,
  access: 'signed-in',
});

export const listSpaceInvoices = defineCallable({
  name: 'invoices.listSpace',
  input: z.object({ spaceId: ZUuid, limit: z.number().int().min(1).max(500).default(100) }),
  output: z.object({
    invoices: z.array(ZInvoiceSummary),
    closings: z.array(ZClosing),
    missing: z.array(z.string()),
  }),
  mutates: false,
  access: 'signed-in',
});

/** How many invoices of a space have something left to pay (unpaid or partly paid, overdue included). */
export const countUnpaidInvoices = defineCallable({
  name: 'invoices.countUnpaid',
  input: z.object({ spaceId: ZUuid }),
  output: z.object({ count: z.number().int() }),
  mutates: false,
  access: 'signed-in',
});

export const recordPayment = defineCallable({
  name: 'invoices.recordPayment',
  input: z.object({
    invoiceId: ZUuid,
    amountCents: z.number().int().min(1).max(100_000_000),
    method: z.enum(INVOICE_PAYMENT_METHODS),
    paidOn: ZCalendarDate,
  }),
  output: ZInvoiceSummary,
  mutates: true,
  access: 'signed-in',
});

/** A manager corrects an invoice: a credit note for all of it, saying why. */
export const creditInvoice = defineCallable({
  name: 'invoices.credit',
  input: z.object({ invoiceId: ZUuid, reason: ZText.trim().min(3).max(300) }),
  output: ZInvoiceSummary,
  mutates: true,
  access: 'signed-in',
});

export const verifyChain = defineCallable({
  name: 'invoices.verifyChain',
  input: z.object({ spaceId: ZUuid }),
  output: ZChainReport,
  mutates: false,
  access: 'signed-in',
});

export const closeMonth = defineCallable({
  name: 'invoices.closeMonth',
  input: z.object({ spaceId: ZUuid, month: ZMonth }),
  output: ZClosing,
  mutates: true,
  access: 'signed-in',
});

import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  MATCH_NOTES,
  STATEMENT_FORMATS,
  STATEMENT_LINE_KINDS,
  STATEMENT_LINE_OUTCOMES,
} from '../../../contract/bank-statements.plain';
import { generatedId, instant } from './columns';
import { users } from './auth';
import { invoicePayments, invoices } from './invoices';
import { spaceReference } from './spaces';
import { literalList } from '../status-sql';

/**
 * Bank statements a space's manager uploaded, their lines, and what each line settled
 * (docs/decisions/033-bank-statements.md). A line is recorded once per account whatever file brings it
 * (`bank_statement_lines_once`): a statement uploaded twice, or a camt.054 then the camt.053 of the same day,
 * settles nothing twice. Statements and settlements are append-only; a line's outcome moves once, from
 * `proposed` (migration 0056).
 */

export const bankStatements = pgTable(
  'bank_statements',
  {
    id: generatedId(),
    spaceId: spaceReference(),
    format: text('format', { enum: STATEMENT_FORMATS }).notNull(),
    /** The file's own names (message and statement ids), or its digest when it has none. */
    identity: text('identity').notNull(),
    accountIban: text('account_iban').notNull(),
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }),
    fileName: text('file_name').notNull(),
    /** Lines the file held; those already read from another file of the account are not recorded again. */
    lineCount: integer('line_count').notNull(),
    uploadedAt: instant('uploaded_at').notNull(),
    uploadedById: text('uploaded_by_id').references(() => users.id),
  },
  (table) => [
    uniqueIndex('bank_statements_identity_key').on(table.spaceId, table.accountIban, table.identity),
    index('bank_statements_space_idx').on(table.spaceId, table.uploadedAt),
    check('bank_statements_format_known', sql`${table.format} in ${literalList(STATEMENT_FORMATS)}`),
  ],
);

/** A proposal a manager confirms with one click: which invoices, for how much each. */
export type ProposedAllocations = { invoiceId: string; amountCents: number }[][];

export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: generatedId(),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => bankStatements.id),
    spaceId: spaceReference(),
    accountIban: text('account_iban').notNull(),
    /** The bank's reference of the line (or a digest of it): unique per account. */
    lineKey: text('line_key').notNull(),
    position: integer('position').notNull(),
    kind: text('kind', { enum: STATEMENT_LINE_KINDS }).notNull(),
    /** Positive: money in; negative: money out. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    counterpartyName: text('counterparty_name').notNull(),
    counterpartyIban: text('counterparty_iban').notNull(),
    remittance: text('remittance').notNull(),
    endToEndId: text('end_to_end_id').notNull(),
    reasonCode: text('reason_code').notNull(),
    outcome: text('outcome', { enum: STATEMENT_LINE_OUTCOMES }).notNull(),
    note: text('note', { enum: MATCH_NOTES }).notNull(),
    /** For a proposed line: the alternatives, each a list of invoices and amounts. */
    proposals: jsonb('proposals').$type<ProposedAllocations>().notNull().default([]),
    resolvedAt: instant('resolved_at'),
    resolvedById: text('resolved_by_id').references(() => users.id),
  },
  (table) => [
    uniqueIndex('bank_statement_lines_once').on(table.spaceId, table.accountIban, table.lineKey),
    index('bank_statement_lines_statement_idx').on(table.statementId, table.position),
    index('bank_statement_lines_end_to_end_idx').on(table.spaceId, table.endToEndId),
    check('bank_statement_lines_kind_known', sql`${table.kind} in ${literalList(STATEMENT_LINE_KINDS)}`),
    check(
      'bank_statement_lines_outcome_known',
      sql`${table.outcome} in ${literalList(STATEMENT_LINE_OUTCOMES)}`,
    ),
    check('bank_statement_lines_note_known', sql`${table.note} in ${literalList(MATCH_NOTES)}`),
    check(
      'bank_statement_lines_sign',
      sql`(${table.kind} in ('transfer', 'collection')) = (${table.amountCents} > 0)`,
    ),
  ],
);

/**
 * What a line did to an invoice: the payment it recorded (money in) or the reversal of one (a return). One
 * per line and invoice, one per payment row: a line settles an invoice once, a payment is reversed once.
 */
export const bankLineSettlements = pgTable(
  'bank_line_settlements',
  {
    id: generatedId(),
    spaceId: spaceReference(),
    lineId: uuid('line_id')
      .notNull()
      .references(() => bankStatementLines.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => invoicePayments.id),
    amountCents: integer('amount_cents').notNull(),
    settledAt: instant('settled_at').notNull(),
    /** Who confirmed a proposal; null when the import settled it by itself. */
    confirmedById: text('confirmed_by_id').references(() => users.id),
  },
  (table) => [
    uniqueIndex('bank_line_settlements_once').on(table.lineId, table.invoiceId),
    uniqueIndex('bank_line_settlements_payment_key').on(table.paymentId),
    index('bank_line_settlements_invoice_idx').on(table.invoiceId),
    check('bank_line_settlements_amount_nonzero', sql`${table.amountCents} <> 0`),
  ],
);

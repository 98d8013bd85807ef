import { z } from './zod';
import { defineCallable } from './callable';
import { ZText, ZUuid } from './input';
import {
  MATCH_NOTES,
  STATEMENT_FORMATS,
  STATEMENT_LINE_KINDS,
  STATEMENT_LINE_OUTCOMES,
  STATEMENT_MAX_CHARACTERS,
} from './bank-statements.plain';

/**
 * Bank statements that settle invoices (docs/decisions/033-bank-statements.md): a manager uploads a
 * camt.053, camt.054 or CFONB 120 file; each line settles invoices, is proposed for one click, is listed as
 * not matched, or confirms or returns a collected direct debit. Amounts are integer cents.
 */

const ZAllocation = z.object({
  invoiceId: z.string(),
  number: z.string(),
  buyerName: z.string(),
  amountCents: z.number().int(),
});
export type TAllocation = z.output<typeof ZAllocation>;

export const ZStatementLine = z.object({
  id: z.string(),
  position: z.number().int(),
  kind: z.enum(STATEMENT_LINE_KINDS),
  amountCents: z.number().int(),
  currency: z.string(),
  bookingDate: z.string(),
  counterpartyName: z.string(),
  remittance: z.string(),
  endToEndId: z.string(),
  reasonCode: z.string(),
  outcome: z.enum(STATEMENT_LINE_OUTCOMES),
  note: z.enum(MATCH_NOTES),
  /** What it settled (or reversed, negative), invoice by invoice. */
  settled: z.array(ZAllocation),
  /** For a proposed line: the alternatives a manager confirms with one click. */
  proposals: z.array(z.array(ZAllocation)),
  resolvedBy: z.string().nullable(),
});
export type TStatementLine = z.output<typeof ZStatementLine>;

export const ZStatementSummary = z.object({
  id: z.string(),
  format: z.enum(STATEMENT_FORMATS),
  fileName: z.string(),
  accountIban: z.string(),
  fromDate: z.string().nullable(),
  toDate: z.string().nullable(),
  uploadedAt: z.string(),
  counts: z.record(z.enum(STATEMENT_LINE_OUTCOMES), z.number().int()),
});
export type TStatementSummary = z.output<typeof ZStatementSummary>;

export const ZStatement = ZStatementSummary.extend({
  lines: z.array(ZStatementLine),
  /** Lines of the file already recorded from an earlier file of the account: settled nothing this time. */
  alreadyRecorded: z.number().int(),
  /** The same file was uploaded before: this is that upload's result. */
  duplicate: z.boolean(),
});
export type TStatement = z.output<typeof ZStatement>;

export const importStatement = defineCallable({
  name: 'bankStatements.import',
  input: z.object({
    spaceId: ZUuid,
    fileName: ZText.trim().min(1).max(200),
    content: ZText.min(1).max(STATEMENT_MAX_CHARACTERS),
  }),
  output: ZStatement,
  mutates: true,
  access: 'signed-in',
});

export const listStatements = defineCallable({
  name: 'bankStatements.list',
  input: z.object({ spaceId: ZUuid }),
  output: z.object({ statements: z.array(ZStatementSummary) }),
  mutates: false,
  access: 'signed-in',
});

export const getStatement = defineCallable({
  name: 'bankStatements.get',
  input: z.object({ statementId: ZUuid }),
  output: ZStatement,
  mutates: false,
  access: 'signed-in',
});

/** A manager confirms one of a proposed line's alternatives: its payments are recorded. */
export const confirmProposal = defineCallable({
  name: 'bankStatements.confirm',
  input: z.object({ lineId: ZUuid, option: z.number().int().min(0).max(10) }),
  output: ZStatement,
  mutates: true,
  access: 'signed-in',
});

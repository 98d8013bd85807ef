import { callableRef } from './callable';
import type { confirmProposal, importStatement } from './bank-statements';

/**
 * The fixed lists of bank statements (docs/decisions/033-bank-statements.md), without zod, so the database
 * schema, the server and the browser read the same words.
 */

/** What a manager may upload: ISO 20022 end-of-day statement, notification, and the French CFONB 120. */
export const STATEMENT_FORMATS = ['camt.053', 'camt.054', 'cfonb120'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/**
 * What a line of a statement is: money in by transfer, money in from a direct-debit collection, a
 * direct debit that came back (an R-transaction), or another debit of the account (not ours to settle).
 */
export const STATEMENT_LINE_KINDS = ['transfer', 'collection', 'return', 'debit'] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

/**
 * What became of a line: settled invoices by itself (a payment each), proposed for a manager's one-click
 * confirmation, not matched, a collection or a return applied, or nothing to do (another debit, an amount
 * in a currency we do not invoice in, a line already read from another file of the account).
 */
export const STATEMENT_LINE_OUTCOMES = [
  'settled',
  'proposed',
  'unmatched',
  'collected',
  'returned',
  'ignored',
] as const;
export type StatementLineOutcome = (typeof STATEMENT_LINE_OUTCOMES)[number];

/** Why a line was proposed rather than settled, or not matched (translated in the back office). */
export const MATCH_NOTES = [
  'exact', // the invoice's number (or numbers) and the amount due
  'partial', // the invoice's number and less than its amount due: a partial payment
  'payer-and-amount', // no number, but one open invoice of that amount for that payer
  'several-candidates', // the payer (or the amount) fits several open invoices
  'amount-only', // one open invoice of that amount, the payer's name not matching
  'payer-only', // the payer's open invoices, none of that amount
  'more-than-due', // the numbers named ask less than the amount: the rest is not ours to keep
  'less-than-named', // several invoices named, less than all of them: which one is paid is for the manager
  'already-paid', // the invoice named is paid already
  'no-match',
  'unknown-collection', // a collection or a return naming no item of ours
  'not-euros',
] as const;
export type MatchNote = (typeof MATCH_NOTES)[number];

/**
 * SEPA R-transaction reason codes (EPC SDD Core rulebook, ISO 20022 ExternalReturnReason1Code), each shown
 * in words in the back office and the e-mails; any other code is shown as "other reason" with the code.
 */
export const RETURN_REASON_CODES = [
  'AC01', // account identifier incorrect
  'AC04', // account closed
  'AC06', // account blocked
  'AC13', // debtor account is a consumer account
  'AG01', // transaction forbidden on this account
  'AG02', // invalid operation code
  'AM04', // insufficient funds
  'AM05', // duplicate collection
  'BE05', // creditor identifier unknown
  'FF01', // invalid file format
  'MD01', // no mandate, or mandate revoked
  'MD02', // mandate data missing or incorrect
  'MD06', // refund requested by the debtor
  'MD07', // debtor deceased
  'MS02', // refused by the debtor
  'MS03', // reason not specified
  'RC01', // bank identifier incorrect
  'RR01', // regulatory reason: debtor identification missing
  'RR04', // regulatory reason
  'SL01', // specific service of the debtor's bank
] as const;
export type ReturnReasonCode = (typeof RETURN_REASON_CODES)[number];

export function isKnownReturnReason(code: string): code is ReturnReasonCode {
  return (RETURN_REASON_CODES as readonly string[]).includes(code);
}

/**
 * The largest statement file accepted, in characters: it travels in a callable's JSON body (1 MB at most,
 * server/platform/body-limit.ts), escaping included. A month of a space's camt.053 is a few hundred lines,
 * about 2 kB each.
 */
export const STATEMENT_MAX_CHARACTERS = 900_000;

/** The operations the statements page calls, named without their schemas (the page's JavaScript stays light). */
export const statementCalls = {
  import: callableRef<typeof importStatement>('bankStatements.import'),
  confirm: callableRef<typeof confirmProposal>('bankStatements.confirm'),
};

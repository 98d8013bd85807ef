import { callableRef } from './callable';
import type { revokeMandate, signMandate } from './sepa';

/**
 * SEPA direct debit (docs/decisions/032-sepa-direct-debit.md): the words the database, the server and the
 * browser share, without zod (the IBAN and creditor-identifier checks are in sepa-identifiers.ts).
 *
 * What the bank-statement side (docs/decisions/033) relies on:
 * - `sepa_collection_items.end_to_end_id` is `sepaEndToEndId(invoice number, attempt)`, unique per space, and
 *   the bank gives it back in camt.053/054 (`EndToEndId`) for each collected or returned debit;
 * - an item's `outcome` moves once, from `pending` to `confirmed` or `returned` (with `return_reason`, the ISO
 *   reason code); nothing else of a mandate, a collection or an item ever changes (migration 0051);
 * - an invoice is in at most one item that is not `returned` (a partial unique index): a returned invoice may be
 *   collected again when the space allows it (`sepa_recollect_returned`), under a new end-to-end id.
 */

/** A mandate version's state: a change is a new `active` version, a revocation a final `revoked` one. */
export const MANDATE_STATUSES = ['active', 'revoked'] as const;

/** SDD sequence types we send: the first debit of a mandate, then the recurrent ones (EPC SDD Core). */
export const SEQUENCE_TYPES = ['FRST', 'RCUR'] as const;
export type SequenceType = (typeof SEQUENCE_TYPES)[number];

/** What became of one collected debit: the bank statement confirms it or returns it (docs/decisions/033). */
export const COLLECTION_OUTCOMES = ['pending', 'confirmed', 'returned'] as const;

/** The pre-notification delay when the space agreed none shorter with its members (EPC rulebook: 14 days). */
export const DEFAULT_PRENOTIFICATION_DAYS = 14;
export const MIN_PRENOTIFICATION_DAYS = 1;
export const MAX_PRENOTIFICATION_DAYS = 30;

/** The longest identifier the pain.008 takes (Max35Text): message, payment, mandate and end-to-end ids. */
export const SEPA_ID_MAX = 35;

/**
 * The characters the EPC allows in SEPA messages (the Latin character set of the Implementation Guidelines,
 * 1.4): anything else is transliterated or replaced by a space before it goes into a file.
 */
export const EPC_TEXT = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

/** Identifiers (mandate reference, end-to-end id) may not start or end with `/` nor hold `//` (EPC 1.5). */
export const EPC_ID = /^(?!\/)(?!.*\/\/)[A-Za-z0-9/\-?:().,'+]{1,35}(?<!\/)$/;

/**
 * The end-to-end id of an invoice's debit: its number and the attempt (1 for the first collection, 2 after a
 * return…), `F-2026-000123-1`. The bank returns it with every confirmation and return, so it is the one key
 * between a collection and a statement line; it fits the EPC's identifier rules (at most 35 characters).
 */
export function sepaEndToEndId(invoiceNumber: string, attempt: number): string {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`attempt ${attempt}`);
  const id = `${invoiceNumber}-${attempt}`;
  if (!EPC_ID.test(id)) throw new RangeError(`end-to-end id ${id}`);
  return id;
}

/** /plans' mandate operations, by name (contract/callable.ts, CallableRef): the page loads without the schemas. */
export const mandateCalls = {
  sign: callableRef<typeof signMandate>('sepa.sign'),
  revoke: callableRef<typeof revokeMandate>('sepa.revoke'),
};

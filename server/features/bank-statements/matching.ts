import type { MatchNote } from '#contract/bank-statements.plain';

/**
 * Matching incoming transfers to a space's open invoices (docs/decisions/033). Pure: the statement's lines
 * and the open invoices in, a decision per line out. A line that names open invoices by number is theirs;
 * one that names none is matched by its payer's name and its amount. Only what leaves no doubt is settled;
 * what could be read two ways is proposed for a manager's one click; the rest is listed as not matched.
 * Lines are read in order and what a settled line paid is no longer due for the lines after it.
 */

export interface OpenInvoice {
  id: string;
  number: string;
  /** What remains to be paid, in cents. */
  dueCents: number;
  /** The buyer as the invoice names them: the person and, for a business, its name. */
  buyerNames: string[];
}

export interface TransferToMatch {
  amountCents: number;
  counterpartyName: string;
  remittance: string;
}

export interface Allocation {
  invoiceId: string;
  amountCents: number;
}

export type MatchDecision =
  | { outcome: 'settled'; note: MatchNote; allocations: Allocation[] }
  | { outcome: 'proposed'; note: MatchNote; options: Allocation[][] }
  | { outcome: 'unmatched'; note: MatchNote };

/** At most this many alternatives are proposed for one line (a manager picks one; the rest stay visible). */
export const MAX_OPTIONS = 5;

/** Invoice numbers as payers write them: `F-2027-000123`, `F2027-123`, `f 2027 123`, `F.2027.000123`. */
const INVOICE_NUMBER = /(?<![A-Z0-9])F[\s\-_./]?(20\d{2})[\s\-_./]?(\d{1,6})(?![0-9])/gi;

/** The invoice numbers a remittance text names, as we print them, in the order written, once each. */
export function invoiceNumbersIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(INVOICE_NUMBER)) found.add(`F-${match[1]}-${match[2]!.padStart(6, '0')}`);
  return [...found];
}

/** Words that say who, not which one: civilities and legal forms. */
const NOT_NAMES = new Set([
  'm',
  'mr',
  'mme',
  'mlle',
  'mrs',
  'ms',
  'monsieur',
  'madame',
  'mademoiselle',
  'ou',
  'et',
  'sarl',
  'sas',
  'sasu',
  'eurl',
  'sa',
  'sci',
  'ei',
  'earl',
  'scop',
  'ltd',
  'gmbh',
]);

/** A name's words as compared: no accents, no case, no punctuation, no civility; at most eight. */
export function nameWords(name: string): string[] {
  const words = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !NOT_NAMES.has(word));
  return [...new Set(words)].sort().slice(0, 8);
}

const keyOf = (words: readonly string[]) => words.join(' ');

/** Every non-empty subset of the payer's words, as keys: a buyer is the payer when all their words are there. */
function subsetKeys(words: readonly string[]): string[] {
  const keys: string[] = [];
  for (let mask = 1; mask < 1 << words.length; mask++)
    keys.push(keyOf(words.filter((_, index) => mask & (1 << index))));
  return keys;
}

export interface InvoiceIndex {
  byNumber: Map<string, OpenInvoice>;
  byName: Map<string, OpenInvoice[]>;
  byDue: Map<number, OpenInvoice[]>;
  /** What remains due as lines are read (settled lines take their share). */
  due: Map<string, number>;
}

export function indexInvoices(invoices: readonly OpenInvoice[]): InvoiceIndex {
  const index: InvoiceIndex = { byNumber: new Map(), byName: new Map(), byDue: new Map(), due: new Map() };
  const push = <K>(map: Map<K, OpenInvoice[]>, key: K, invoice: OpenInvoice) => {
    const list = map.get(key);
    if (list) list.push(invoice);
    else map.set(key, [invoice]);
  };
  for (const invoice of invoices) {
    index.byNumber.set(invoice.number, invoice);
    index.due.set(invoice.id, invoice.dueCents);
    push(index.byDue, invoice.dueCents, invoice);
    const keys = new Set(
      invoice.buyerNames
        .map(nameWords)
        .filter((words) => words.length)
        .map(keyOf),
    );
    for (const key of keys) push(index.byName, key, invoice);
  }
  return index;
}

const limited = (options: Allocation[][]) => options.slice(0, MAX_OPTIONS);

/** Decides one transfer against the index, and takes what it settles off what is due. */
export function matchTransfer(index: InvoiceIndex, line: TransferToMatch): MatchDecision {
  const decision = decide(index, line);
  if (decision.outcome === 'settled')
    for (const { invoiceId, amountCents } of decision.allocations)
      index.due.set(invoiceId, (index.due.get(invoiceId) ?? 0) - amountCents);
  return decision;
}

function decide(index: InvoiceIndex, line: TransferToMatch): MatchDecision {
  const dueOf = (invoice: OpenInvoice) => index.due.get(invoice.id) ?? 0;
  const amount = line.amountCents;
  const named = invoiceNumbersIn(line.remittance)
    .map((number) => index.byNumber.get(number))
    .filter((invoice): invoice is OpenInvoice => invoice !== undefined);
  if (named.length) {
    const open = named.filter((invoice) => dueOf(invoice) > 0);
    if (!open.length) return { outcome: 'unmatched', note: 'already-paid' };
    const all = open.map((invoice) => ({ invoiceId: invoice.id, amountCents: dueOf(invoice) }));
    const sum = all.reduce((total, allocation) => total + allocation.amountCents, 0);
    if (amount === sum) return { outcome: 'settled', note: 'exact', allocations: all };
    if (amount > sum) return { outcome: 'proposed', note: 'more-than-due', options: [all] };
    if (open.length === 1)
      return {
        outcome: 'settled',
        note: 'partial',
        allocations: [{ invoiceId: open[0]!.id, amountCents: amount }],
      };
    // Less than the invoices named: the oldest first is a guess, so it is only proposed.
    let left = amount;
    const oldestFirst: Allocation[] = [];
    for (const allocation of all) {
      if (left <= 0) break;
      const take = Math.min(left, allocation.amountCents);
      oldestFirst.push({ invoiceId: allocation.invoiceId, amountCents: take });
      left -= take;
    }
    return { outcome: 'proposed', note: 'less-than-named', options: [oldestFirst] };
  }
  const payerWords = nameWords(line.counterpartyName);
  const payerInvoices = new Map<string, OpenInvoice>();
  for (const key of subsetKeys(payerWords))
    for (const invoice of index.byName.get(key) ?? [])
      if (dueOf(invoice) > 0) payerInvoices.set(invoice.id, invoice);
  const ofPayer = [...payerInvoices.values()];
  const payerSameAmount = ofPayer.filter((invoice) => dueOf(invoice) === amount);
  const single = (invoice: OpenInvoice, cents = amount): Allocation[] => [
    { invoiceId: invoice.id, amountCents: Math.min(cents, dueOf(invoice)) },
  ];
  if (payerSameAmount.length === 1)
    return { outcome: 'settled', note: 'payer-and-amount', allocations: single(payerSameAmount[0]!) };
  if (payerSameAmount.length > 1)
    return {
      outcome: 'proposed',
      note: 'several-candidates',
      options: limited(payerSameAmount.map((invoice) => single(invoice))),
    };
  if (ofPayer.length)
    return {
      outcome: 'proposed',
      note: 'payer-only',
      options: limited(ofPayer.map((invoice) => single(invoice))),
    };
  const sameAmount = (index.byDue.get(amount) ?? []).filter((invoice) => dueOf(invoice) === amount);
  if (sameAmount.length === 1)
    return { outcome: 'proposed', note: 'amount-only', options: [single(sameAmount[0]!)] };
  if (sameAmount.length > 1)
    return {
      outcome: 'proposed',
      note: 'several-candidates',
      options: limited(sameAmount.map((invoice) => single(invoice))),
    };
  return { outcome: 'unmatched', note: 'no-match' };
}

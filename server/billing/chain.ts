import { asc, eq } from 'drizzle-orm';
import { DOCUMENT_PREFIXES, GENESIS_FOOTPRINT } from '#contract/invoices.plain';
import type { TChainReport } from '#contract/invoices';
import type { Db } from '../db/client';
import {
  documentCounters,
  invoiceLines,
  invoicePayments,
  invoices,
  journalHeads,
} from '../db/schema/invoices';
import type { ChainHead } from '../db/schema/ledgers';
import type { Tx } from '../db/transaction';
import type { InvoiceLineRow } from './invoicing';
import { canonicalJson, invoiceContent, paymentContent, sha256Hex } from './journal';
import { readAll } from '../db/read-all';

/** A link of a chain as stored: its position, the footprint it names before it, its own. */
export interface StoredLink {
  position: number;
  previous: string;
  footprint: string;
}

/** What a walk found wrong: at a link, or at the head (the first position missing, or past it). */
export interface ChainBreak<E> {
  position: number;
  entry: E | null;
  problem: 'gap' | 'link' | 'footprint' | 'values' | 'head';
}

export interface ChainWalk<E> {
  /** How many links held before the first break (all of them when intact). */
  checked: number;
  broken: ChainBreak<E> | null;
  /** The stored footprint at each position walked (index 0 is position 1). */
  footprints: string[];
}

/**
 * Walks a chain's links in position order from the genesis (docs/decisions/024, 027): each must hold the next
 * position, name the footprint before it, and still give its own footprint (`contentProblem` recomputes it
 * from the stored row); the last one must be the head recorded with the chain, so removing the newest
 * entries (with the guards off) is reported as well as changing one.
 */
export function walkChain<E extends StoredLink>(
  entries: readonly E[],
  head: ChainHead | null,
  contentProblem: (entry: E) => 'footprint' | 'values' | null,
): ChainWalk<E> {
  let previous = GENESIS_FOOTPRINT;
  const footprints: string[] = [];
  for (const [index, entry] of entries.entries()) {
    const at = (problem: ChainBreak<E>['problem']): ChainWalk<E> => ({
      checked: index,
      broken: { position: entry.position, entry, problem },
      footprints,
    });
    if (entry.position !== index + 1) return at('gap');
    if (entry.previous !== previous) return at('link');
    const problem = contentProblem(entry);
    if (problem) return at(problem);
    previous = entry.footprint;
    footprints.push(entry.footprint);
  }
  const headPosition = head?.position ?? 0;
  if (entries.length !== headPosition || previous !== (head?.footprint ?? GENESIS_FOOTPRINT)) {
    return {
      checked: entries.length,
      broken: { position: Math.min(entries.length, headPosition) + 1, entry: null, problem: 'head' },
      footprints,
    };
  }
  return { checked: entries.length, broken: null, footprints };
}

export interface JournalEntry extends StoredLink {
  type: 'invoice' | 'credit_note' | 'payment';
  id: string;
  number: string | null;
  computed: () => string;
}

/** A space's journal (invoices, credit notes, payments) in chain order, with its recorded head. */
export async function readJournal(
  db: Db | Tx,
  spaceId: string,
): Promise<{ entries: JournalEntry[]; head: ChainHead | null }> {
  const [documents, lines, payments, heads] = await readAll(db, [
    () => db.select().from(invoices).where(eq(invoices.spaceId, spaceId)),
    () =>
      db
        .select({ line: invoiceLines })
        .from(invoiceLines)
        .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
        .where(eq(invoices.spaceId, spaceId)),
    () =>
      db
        .select()
        .from(invoicePayments)
        .where(eq(invoicePayments.spaceId, spaceId))
        .orderBy(asc(invoicePayments.chainPosition)),
    () => db.select().from(journalHeads).where(eq(journalHeads.spaceId, spaceId)),
  ]);
  const linesByInvoice = new Map<string, InvoiceLineRow[]>();
  for (const { line } of lines) {
    const list = linesByInvoice.get(line.invoiceId) ?? [];
    list.push(line);
    linesByInvoice.set(line.invoiceId, list);
  }
  const entries: JournalEntry[] = [
    ...documents.map((document) => ({
      position: document.chainPosition,
      type: document.kind,
      id: document.id,
      number: document.number as string | null,
      previous: document.previousFootprint,
      footprint: document.footprint,
      computed: () =>
        sha256Hex(canonicalJson(invoiceContent(document, linesByInvoice.get(document.id) ?? []))),
    })),
    ...payments.map((payment) => ({
      position: payment.chainPosition,
      type: 'payment' as const,
      id: payment.id,
      number: null,
      previous: payment.previousFootprint,
      footprint: payment.footprint,
      computed: () => sha256Hex(canonicalJson(paymentContent(payment))),
    })),
  ].sort((a, b) => a.position - b.position);
  const [head] = heads;
  return {
    entries,
    head: head ? { position: Number(head.lastPosition), footprint: head.lastFootprint } : null,
  };
}

/**
 * The first number a space's counters gave that has no document: each counter's documents of its kind and
 * year must be numbered 1 to its last number (a document removed with the guards off leaves its number).
 */
export async function firstNumberWithoutDocument(db: Db | Tx, spaceId: string): Promise<string | null> {
  const [counters, documents] = await readAll(db, [
    () => db.select().from(documentCounters).where(eq(documentCounters.spaceId, spaceId)),
    () =>
      db
        .select({ kind: invoices.kind, year: invoices.year, sequence: invoices.sequence })
        .from(invoices)
        .where(eq(invoices.spaceId, spaceId)),
  ]);
  const taken = new Set(documents.map((row) => `${row.kind}/${row.year}/${row.sequence}`));
  for (const counter of counters.sort((a, b) => a.year - b.year || a.kind.localeCompare(b.kind))) {
    for (let sequence = 1; sequence <= counter.lastNumber; sequence++) {
      if (!taken.has(`${counter.kind}/${counter.year}/${sequence}`))
        return `${DOCUMENT_PREFIXES[counter.kind]}-${counter.year}-${String(sequence).padStart(6, '0')}`;
    }
  }
  return null;
}

/**
 * Walks a space's journal (invoices, credit notes, payments in chain order) and recomputes every footprint
 * from the stored rows: the first entry whose content no longer gives its footprint, or whose link does not
 * name the footprint before it, is where the chain breaks (docs/decisions/024); then the chain must end at
 * its recorded head, and every number its counters gave must have its document (docs/decisions/027).
 */
export async function verifySpaceChain(db: Db | Tx, spaceId: string): Promise<TChainReport> {
  const { entries, head } = await readJournal(db, spaceId);
  const walk = walkChain(entries, head, (entry) =>
    entry.computed() === entry.footprint ? null : 'footprint',
  );
  if (walk.broken) {
    const { entry, position, problem } = walk.broken;
    return {
      intact: false,
      checked: walk.checked,
      brokenAt: {
        position,
        type: entry?.type ?? null,
        id: entry?.id ?? null,
        number: entry?.number ?? null,
        problem: problem === 'values' ? 'footprint' : problem,
      },
    };
  }
  const missing = await firstNumberWithoutDocument(db, spaceId);
  if (missing) {
    return {
      intact: false,
      checked: walk.checked,
      brokenAt: { position: null, type: null, id: null, number: missing, problem: 'counter' },
    };
  }
  return { intact: true, checked: walk.checked, brokenAt: null };
}

import { asc, eq } from 'drizzle-orm';
import { GENESIS_FOOTPRINT } from '#contract/invoices.plain';
import type { TChainReport } from '#contract/invoices';
import type { Db } from '../db/client';
import { invoiceLines, invoicePayments, invoices, journalHeads } from '../db/schema/invoices';
import type { Tx } from '../db/transaction';
import type { InvoiceLineRow } from './invoicing';
import { canonicalJson, invoiceContent, paymentContent, sha256Hex } from './journal';
import { readAll } from '../db/read-all';

/**
 * Walks a space's journal (invoices, credit notes, payments in chain order) and recomputes every footprint
 * from the stored rows: the first entry whose content no longer gives its footprint, or whose link does not
 * name the footprint before it, is where the chain breaks (docs/decisions/024).
 */
export async function verifySpaceChain(db: Db | Tx, spaceId: string): Promise<TChainReport> {
  const [documents, lines, payments] = await readAll(db, [
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
  ]);
  const linesByInvoice = new Map<string, InvoiceLineRow[]>();
  for (const { line } of lines) {
    const list = linesByInvoice.get(line.invoiceId) ?? [];
    list.push(line);
    linesByInvoice.set(line.invoiceId, list);
  }
  const entries = [
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
  let previous = GENESIS_FOOTPRINT;
  for (const [index, entry] of entries.entries()) {
    const at = (problem: 'footprint' | 'link' | 'gap'): TChainReport => ({
      intact: false,
      checked: index,
      brokenAt: { position: entry.position, type: entry.type, id: entry.id, number: entry.number, problem },
    });
    if (entry.position !== index + 1) return at('gap');
    if (entry.previous !== previous) return at('link');
    if (entry.computed() !== entry.footprint) return at('footprint');
    previous = entry.footprint;
  }
  return { intact: true, checked: entries.length, brokenAt: null };
}

/** The spaces whose journal has begun (the ones `verify-ledger` checks by default). */
export async function spacesWithJournal(db: Db): Promise<string[]> {
  const rows = await db.select({ spaceId: journalHeads.spaceId }).from(journalHeads);
  return rows.map((row) => row.spaceId);
}

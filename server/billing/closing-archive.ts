import { createHash } from 'node:crypto';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { zipSync, type Zippable } from 'fflate';
import type { Db } from '../db/client';
import { invoices, invoicingClosings } from '../db/schema/invoices';
import { renderInvoicePdf } from './invoice-pdf';
import { linesOf } from './invoicing';
import type { BuyerSnapshot } from './parties';
import { amountCell, csvFile } from '../platform/csv';
import { paymentMethodInWords, periodRecords } from './accounting-export';
import { anchorText } from './ledger-chains';

/**
 * The archive of a closed month of a space (docs/decisions/024), for the space's files and its auditor:
 * - `factures/<number>.pdf`: each invoice and credit note issued in the month, as its buyer received it;
 * - `documents.csv` and `paiements.csv`: numbers, dates, totals and each entry's chain position, previous
 *   footprint and footprint (server/platform/csv.ts's format, as the accountant's export);
 * - `cloture.json`: the closing as kept (totals of the month, perpetual totals, the chain's head then, and
 *   the anchor of the space's chains: journal, credit, activity; docs/decisions/027);
 * - `SHA256SUMS`: the SHA-256 of every other file, in `sha256sum -c`'s format.
 * Null when the month is not closed.
 */

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const encode = (text: string) => new TextEncoder().encode(text);

export async function closingArchive(
  db: Db,
  spaceId: string,
  month: string,
): Promise<{ bytes: Uint8Array; fileName: string } | null> {
  const [closing] = await db
    .select()
    .from(invoicingClosings)
    .where(and(eq(invoicingClosings.spaceId, spaceId), eq(invoicingClosings.month, month)));
  if (!closing) return null;
  const from = `${month}-01`;
  const until = nextMonthStart(month);
  const [documents, payments] = await periodRecords(db, spaceId, (day) =>
    and(gte(day, from), lt(day, until)),
  );
  const creditedIds = documents.flatMap((row) => (row.creditedInvoiceId ? [row.creditedInvoiceId] : []));
  const credited = new Map(
    (creditedIds.length ? await db.select().from(invoices).where(inArray(invoices.id, creditedIds)) : []).map(
      (row) => [row.id, row],
    ),
  );

  const files: Record<string, Uint8Array> = {};
  for (const invoice of documents) {
    const pdf = await renderInvoicePdf({
      invoice,
      lines: await linesOf(db, invoice.id),
      credited: invoice.creditedInvoiceId ? (credited.get(invoice.creditedInvoiceId) ?? null) : null,
    });
    files[`factures/${invoice.number}.pdf`] = new Uint8Array(pdf);
  }
  files['documents.csv'] = encode(
    csvFile([
      [
        'Numero',
        'Type',
        'DateEmission',
        'DateEcheance',
        'Acheteur',
        'TotalHT',
        'TVA',
        'TotalTTC',
        'FactureCorrigee',
        'Position',
        'EmpreintePrecedente',
        'Empreinte',
        'Fichier',
      ],
      ...documents.map((invoice) => [
        invoice.number,
        invoice.kind === 'invoice' ? 'facture' : 'avoir',
        invoice.issueDate,
        invoice.dueDate,
        (invoice.buyer as BuyerSnapshot).name,
        amountCell(invoice.exclVatCents),
        amountCell(invoice.vatCents),
        amountCell(invoice.totalCents),
        invoice.creditedInvoiceId ? (credited.get(invoice.creditedInvoiceId)?.number ?? '') : '',
        invoice.chainPosition,
        invoice.previousFootprint,
        invoice.footprint,
        `factures/${invoice.number}.pdf`,
      ]),
    ]),
  );
  files['paiements.csv'] = encode(
    csvFile([
      ['Facture', 'DatePaiement', 'Moyen', 'Montant', 'Position', 'EmpreintePrecedente', 'Empreinte'],
      ...payments.map(({ payment, number }) => [
        number,
        payment.paidOn,
        paymentMethodInWords(payment.method),
        amountCell(payment.amountCents),
        payment.chainPosition,
        payment.previousFootprint,
        payment.footprint,
      ]),
    ]),
  );
  files['cloture.json'] = encode(
    `${JSON.stringify(
      {
        spaceId,
        month,
        closedAt: closing.closedAt.toISOString(),
        totals: closing.totals,
        perpetual: closing.perpetual,
        chain: { position: closing.chainPosition, footprint: closing.footprint },
        // The heads of the space's three chains then, and the line `verify-ledger --anchor` reads (decision 027).
        ...(closing.anchor
          ? { heads: closing.anchor, anchor: anchorText({ spaceId, heads: closing.anchor }) }
          : {}),
        documents: documents.length,
        payments: payments.length,
      },
      null,
      2,
    )}\n`,
  );
  files.SHA256SUMS = encode(
    Object.entries(files)
      .map(([name, bytes]) => `${sha256(bytes)}  ${name}\n`)
      .join(''),
  );

  // Dated at the closing, so the same month gives the same archive byte for byte.
  const mtime = closing.closedAt;
  const zippable: Zippable = Object.fromEntries(
    Object.entries(files).map(([name, bytes]) => [
      name,
      [bytes, { mtime, level: name.endsWith('.pdf') ? 0 : 6 }] as const,
    ]),
  );
  return { bytes: zipSync(zippable), fileName: `cloture-${month}.zip` };
}

/** The first day of the month after `month` (`2026-03` → `2026-04-01`). */
export function nextMonthStart(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthNumber === 12 ? `${year + 1}-01-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`;
}

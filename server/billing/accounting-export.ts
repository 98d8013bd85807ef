import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { invoicePayments, invoices } from '../db/schema/invoices';
import type { VatBreakdownEntry } from './amounts';
import type { BuyerSnapshot } from './parties';
import { readAll } from '../db/read-all';
import { formatVatRate } from '#contract/money';
import { amountCell, csvFile, type CsvValue } from '../platform/csv';
import { mailTranslator } from '../platform/translations';
import type { InvoicePaymentMethod } from '#contract/invoices.plain';

/** A payment method as the accountant reads it, in French ("virement", not `bank_transfer`). */
export function paymentMethodInWords(method: InvoicePaymentMethod): string {
  return mailTranslator('fr')(`invoicePdf.paymentMethods.${method}`);
}

/**
 * The accountant's export of a space's period (docs/decisions/024): one sales entry per invoice or credit
 * note (customer, revenue and VAT per rate) and one per payment, in the French FEC's columns, as a CSV
 * spreadsheets in France open as they are (server/platform/csv.ts): names and labels are text, guarded
 * against formulas; amounts are numbers with a decimal comma.
 */

export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

const ACCOUNTS = {
  customers: ['411000', 'Clients'],
  revenue: ['706000', 'Prestations de services'],
  vat: ['445710', 'TVA collectée'],
  bank: ['512000', 'Banque'],
  cash: ['530000', 'Caisse'],
} as const;

const fecDate = (date: string) => date.replaceAll('-', '');

/**
 * What a space issued (invoices and credit notes) and recorded (payments, with their document's number and
 * buyer) on the days `inPeriod` keeps, in chain order: the accountant's export and a month's archive list
 * the same records.
 */
export function periodRecords(db: Db, spaceId: string, inPeriod: (day: AnyPgColumn) => SQL | undefined) {
  return readAll(db, [
    () =>
      db
        .select()
        .from(invoices)
        .where(and(eq(invoices.spaceId, spaceId), inPeriod(invoices.issueDate)))
        .orderBy(asc(invoices.chainPosition)),
    () =>
      db
        .select({
          payment: invoicePayments,
          number: invoices.number,
          buyer: invoices.buyer,
          buyerId: invoices.buyerUserId,
        })
        .from(invoicePayments)
        .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
        .where(and(eq(invoicePayments.spaceId, spaceId), inPeriod(invoicePayments.paidOn)))
        .orderBy(asc(invoicePayments.chainPosition)),
  ]);
}

/**
 * The days from `from` to `to`, both included: the period of the accountant's export, and of every figure
 * that must agree with it (/statistics' revenue, docs/decisions/030).
 */
export function daysFromTo(from: string, to: string): (day: AnyPgColumn | SQL) => SQL {
  return (day) => sql`(${day} >= ${from} AND ${day} <= ${to})`;
}

/**
 * A document's revenue excluding VAT as the export books it: an invoice's on the credit side, a credit
 * note's reversed (its amounts are stored positive), so a period's revenue is the sum of this.
 */
export function bookedExclVatSql(document: { kind: SQL; exclVatCents: SQL }): SQL {
  return sql`(CASE WHEN ${document.kind} = 'credit_note' THEN -1 ELSE 1 END * ${document.exclVatCents})`;
}

/** The export of the days from `from` to `to`, both included. */
export async function accountingCsv(db: Db, spaceId: string, from: string, to: string): Promise<string> {
  const [documents, payments] = await periodRecords(db, spaceId, daysFromTo(from, to));
  const rows: CsvValue[][] = [];
  let entry = 0;
  const line = (
    journal: readonly [string, string],
    account: readonly [string, string],
    aux: [string, string],
    piece: { ref: string; date: string },
    label: string,
    debit: number,
    credit: number,
  ) =>
    rows.push([
      journal[0],
      journal[1],
      entry,
      fecDate(piece.date),
      account[0],
      account[1],
      aux[0],
      aux[1],
      piece.ref,
      fecDate(piece.date),
      label,
      amountCell(debit),
      amountCell(credit),
      '',
      '',
      fecDate(piece.date),
      '',
      '',
    ]);
  const auxOf = (buyerId: string | null, buyer: BuyerSnapshot): [string, string] => [
    `C${(buyerId ?? '').replaceAll('-', '').slice(0, 8).toUpperCase()}`,
    buyer.businessName || buyer.name,
  ];
  const sales = ['VE', 'Ventes'] as const;
  for (const document of documents) {
    entry += 1;
    const buyer = document.buyer as BuyerSnapshot;
    const aux = auxOf(document.buyerUserId, buyer);
    const piece = { ref: document.number, date: document.issueDate };
    // A credit note is the invoice's entry reversed.
    const sign = document.kind === 'credit_note' ? -1 : 1;
    const side = (cents: number): [number, number] => (sign > 0 ? [cents, 0] : [0, cents]);
    const other = (cents: number): [number, number] => (sign > 0 ? [0, cents] : [cents, 0]);
    const title = document.kind === 'credit_note' ? 'Avoir' : 'Facture';
    line(sales, ACCOUNTS.customers, aux, piece, `${title} ${document.number}`, ...side(document.totalCents));
    for (const rate of document.vatBreakdown as VatBreakdownEntry[]) {
      const percent = formatVatRate(rate.rateBasisPoints, 'fr');
      line(
        sales,
        ACCOUNTS.revenue,
        ['', ''],
        piece,
        `${title} ${document.number} — HT ${percent}`,
        ...other(rate.basisCents),
      );
      if (rate.vatCents > 0)
        line(
          sales,
          ACCOUNTS.vat,
          ['', ''],
          piece,
          `${title} ${document.number} — TVA ${percent}`,
          ...other(rate.vatCents),
        );
    }
  }
  const bank = ['BQ', 'Banque et caisse'] as const;
  for (const { payment, number, buyer, buyerId } of payments) {
    entry += 1;
    const piece = { ref: number, date: payment.paidOn };
    const account = payment.method === 'cash' || payment.method === 'on_site' ? ACCOUNTS.cash : ACCOUNTS.bank;
    // A reversal (a debit the bank returned, decision 033) is the payment's entry the other way round.
    const reversal = payment.amountCents < 0;
    const cents = Math.abs(payment.amountCents);
    const title = reversal ? 'Rejet du règlement' : 'Règlement';
    line(
      bank,
      account,
      ['', ''],
      piece,
      `${title} ${number} (${paymentMethodInWords(payment.method)})`,
      ...((reversal ? [0, cents] : [cents, 0]) as [number, number]),
    );
    line(
      bank,
      ACCOUNTS.customers,
      auxOf(buyerId, buyer as BuyerSnapshot),
      piece,
      `${title} ${number}`,
      ...((reversal ? [cents, 0] : [0, cents]) as [number, number]),
    );
  }
  return csvFile([FEC_COLUMNS, ...rows]);
}

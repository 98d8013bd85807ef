import { sql, type SQL } from 'drizzle-orm';
import type { TDirectDebitNotice } from '#contract/invoices';
import { maskIban } from '#contract/sepa-identifiers';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { Tx } from '../db/transaction';

/**
 * What an invoice says of a SEPA debit collected for it and not yet settled (docs/decisions/032): "will be
 * debited on … from account FR76 •••• 0189". Read by the invoice's page and its PDF; written by the SEPA
 * feature's collections (sepa_collection_items), settled by the bank statement's import.
 */

/** The JSON of the invoice's pending debit (`{ collectionDate, iban, reference }`) or null, for a SELECT list. */
export function pendingDebitSql(invoiceId: SQL): SQL {
  return sql`(SELECT json_build_object('collectionDate', c.collection_date::text, 'iban', m.iban,
                                       'reference', m.reference)
              FROM sepa_collection_items ci
              JOIN sepa_collections c ON c.id = ci.collection_id
              JOIN sepa_mandates m ON m.id = ci.mandate_id
              WHERE ci.invoice_id = ${invoiceId} AND ci.outcome = 'pending' LIMIT 1)`;
}

interface PendingDebitJson {
  collectionDate: string;
  iban: string;
  reference: string;
}

/** The notice from what `pendingDebitSql` read (the account masked). */
export function directDebitNoticeOf(json: PendingDebitJson | null | undefined): TDirectDebitNotice | null {
  if (!json) return null;
  return { collectionDate: json.collectionDate, maskedIban: maskIban(json.iban), reference: json.reference };
}

/** The invoice's pending debit, for its PDF. */
export async function pendingDebitOf(db: Db | Tx, invoiceId: string): Promise<TDirectDebitNotice | null> {
  const [row] = await rowsOf<{ debit: PendingDebitJson | null }>(
    db,
    sql`SELECT ${pendingDebitSql(sql`${invoiceId}::uuid`)} AS debit`,
  );
  return directDebitNoticeOf(row?.debit);
}

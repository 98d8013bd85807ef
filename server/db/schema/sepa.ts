import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { generatedId, instant } from './columns';
import { COLLECTION_OUTCOMES, MANDATE_STATUSES, SEQUENCE_TYPES } from '../../../contract/sepa.plain';
import { userReference, users } from './auth';
import { invoices } from './invoices';
import { spaceReference } from './spaces';
import { literalList } from '../status-sql';

/**
 * SEPA direct debit (docs/decisions/032-sepa-direct-debit.md). Three append-only tables: the database refuses
 * UPDATE and DELETE on mandates and collections, and on a collection's items lets only their outcome move once
 * (migration 0051).
 */

/**
 * A member's CORE recurrent mandate to a space, one row per version: the first is the signature, a change of
 * name or account is a new `active` version the member signs again, a revocation a final `revoked` version.
 * `reference` (the RUM) is unique per space and kept by every version; `signed_on` is the day this version was
 * signed, in the space's calendar.
 */
export const sepaMandates = pgTable(
  'sepa_mandates',
  {
    id: generatedId(),
    spaceId: spaceReference(),
    userId: userReference(),
    reference: text('reference').notNull(),
    version: integer('version').notNull(),
    status: text('status', { enum: MANDATE_STATUSES }).notNull(),
    debtorName: text('debtor_name').notNull(),
    iban: text('iban').notNull(),
    signedOn: date('signed_on', { mode: 'string' }).notNull(),
    recordedAt: instant('recorded_at').notNull(),
    recordedById: text('recorded_by_id').references(() => users.id),
    /** The language the member read the mandate's text in (its confirmation e-mail is in it too). */
    locale: text('locale').notNull(),
  },
  (table) => [
    uniqueIndex('sepa_mandates_version_key').on(table.spaceId, table.reference, table.version),
    uniqueIndex('sepa_mandates_reference_key')
      .on(table.spaceId, table.reference)
      .where(sql`${table.version} = 1`),
    index('sepa_mandates_user_idx').on(table.spaceId, table.userId),
    check('sepa_mandates_status_known', sql`${table.status} in ${literalList(MANDATE_STATUSES)}`),
    check('sepa_mandates_version_positive', sql`${table.version} >= 1`),
    check('sepa_mandates_reference_shape', sql`${table.reference} ~ '^[A-Z0-9-]{1,35}$'`),
    check('sepa_mandates_iban_shape', sql`${table.iban} ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{8,30}$'`),
    check('sepa_mandates_name_length', sql`length(${table.debtorName}) between 1 and 70`),
  ],
);

/** What the pain.008 names as the creditor, as it was when the collection was generated. */
export interface CollectionCreditor {
  name: string;
  iban: string;
  bic: string;
  creditorId: string;
}

/**
 * A collection: the due invoices of members with a mandate, gathered for one collection date and written as a
 * pain.008.001.02 file (`document`, kept as generated so each download is the same file). Recorded when
 * generated; its invoices stay open until the bank's statement confirms each debit (docs/decisions/033).
 */
export const sepaCollections = pgTable(
  'sepa_collections',
  {
    id: generatedId(),
    spaceId: spaceReference(),
    messageId: text('message_id').notNull(),
    collectionDate: date('collection_date', { mode: 'string' }).notNull(),
    transactions: integer('transactions').notNull(),
    controlSumCents: bigint('control_sum_cents', { mode: 'number' }).notNull(),
    creditor: jsonb('creditor').$type<CollectionCreditor>().notNull(),
    document: text('document').notNull(),
    createdAt: instant('created_at').notNull(),
    createdById: text('created_by_id').references(() => users.id),
  },
  (table) => [
    uniqueIndex('sepa_collections_message_key').on(table.messageId),
    index('sepa_collections_space_idx').on(table.spaceId, table.createdAt),
    check('sepa_collections_not_empty', sql`${table.transactions} > 0 and ${table.controlSumCents} > 0`),
  ],
);

/**
 * One debit of a collection: an invoice, the mandate version it was collected under, the amount (what was
 * left to pay), the sequence type and the end-to-end id (`sepaEndToEndId`). Its `outcome` is the only thing
 * that changes, once: `pending` → `confirmed` | `returned` (with the ISO reason code), written by the bank
 * statement's import (docs/decisions/033).
 */
export const sepaCollectionItems = pgTable(
  'sepa_collection_items',
  {
    id: generatedId(),
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => sepaCollections.id),
    spaceId: spaceReference(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    mandateId: uuid('mandate_id')
      .notNull()
      .references(() => sepaMandates.id),
    endToEndId: text('end_to_end_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    sequenceType: text('sequence_type', { enum: SEQUENCE_TYPES }).notNull(),
    outcome: text('outcome', { enum: COLLECTION_OUTCOMES }).notNull().default('pending'),
    outcomeAt: instant('outcome_at'),
    returnReason: text('return_reason'),
  },
  (table) => [
    uniqueIndex('sepa_collection_items_end_to_end_key').on(table.spaceId, table.endToEndId),
    // An invoice is collected once at a time: again only after the bank returned it.
    uniqueIndex('sepa_collection_items_invoice_once')
      .on(table.invoiceId)
      .where(sql`${table.outcome} <> 'returned'`),
    index('sepa_collection_items_collection_idx').on(table.collectionId),
    index('sepa_collection_items_mandate_idx').on(table.mandateId),
    check('sepa_collection_items_amount_positive', sql`${table.amountCents} > 0`),
    check(
      'sepa_collection_items_sequence_known',
      sql`${table.sequenceType} in ${literalList(SEQUENCE_TYPES)}`,
    ),
    check(
      'sepa_collection_items_outcome_known',
      sql`${table.outcome} in ${literalList(COLLECTION_OUTCOMES)}`,
    ),
    check(
      'sepa_collection_items_outcome_dated',
      sql`(${table.outcome} = 'pending') = (${table.outcomeAt} is null)
       and (${table.returnReason} is null or ${table.outcome} = 'returned')`,
    ),
  ],
);

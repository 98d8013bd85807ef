import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { generatedId, instant } from './columns';
import { userReference, users } from './auth';
import { storedFiles } from './files';
import { spaceReference } from './spaces';

/**
 * Documents a space shares with its members (contracts, house rules…), docs/decisions/024. The bytes are a
 * stored file (purpose `shared-document`) that belongs to the space once attached; who may read it is
 * decided from the shares below (server/platform/policy.ts `mayReadFile`).
 */
export const sharedDocuments = pgTable(
  'shared_documents',
  {
    id: generatedId(),
    spaceId: spaceReference(),
    /** One document per file; the file cannot be removed while the document exists. */
    fileKey: text('file_key')
      .notNull()
      .references(() => storedFiles.key, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    uploadedById: text('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('shared_documents_file_key').on(table.fileKey),
    index('shared_documents_space_idx').on(table.spaceId, table.createdAt),
  ],
);

/**
 * Who a document is shared with: one member (`user_id`), or every member of its space (`user_id` null).
 * A share is revoked, never deleted (migration guard): the log of who could read what stays.
 */
export const documentShares = pgTable(
  'document_shares',
  {
    id: generatedId(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => sharedDocuments.id),
    /** The member it is shared with; null for all members of the document's space. */
    userId: text('user_id').references(() => users.id),
    sharedById: text('shared_by_id').references(() => users.id, { onDelete: 'set null' }),
    sharedAt: instant('shared_at').notNull(),
    revokedAt: instant('revoked_at'),
    revokedById: text('revoked_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // At most one live share per document and audience.
    uniqueIndex('document_shares_one_active')
      .on(table.documentId, sql`coalesce(${table.userId}, '*')`)
      .where(sql`${table.revokedAt} IS NULL`),
    index('document_shares_user_idx')
      .on(table.userId)
      .where(sql`${table.revokedAt} IS NULL`),
  ],
);

/** A member's confirmation that they have read a document: once, kept (migration guard). */
export const documentAcknowledgements = pgTable(
  'document_acknowledgements',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => sharedDocuments.id),
    userId: userReference(),
    acknowledgedAt: instant('acknowledged_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.documentId, table.userId] })],
);

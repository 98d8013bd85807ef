import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { users } from './auth';

/**
 * What we know about each stored file (the bytes are in the FileStore): who uploaded it, what for, and the
 * type sniffed from its bytes. Downloads read it to decide who may see the file.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    /** Random, unguessable, also the FileStore key. */
    key: text('key').primaryKey(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** `avatar` for now; photos and documents later, each with its own limits and reading rule. */
    purpose: text('purpose').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** The name the uploader's browser gave, cleaned; only used in `Content-Disposition`. */
    fileName: text('file_name').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('stored_files_owner_id_idx').on(table.ownerId),
    check('stored_files_size_positive', sql`${table.size} > 0`),
  ],
);

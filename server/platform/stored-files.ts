import { and, eq, sql } from 'drizzle-orm';
import {
  FILE_PURPOSES,
  fileUrlOf,
  isFilePurpose,
  StorageError,
  type SniffedType,
  type TUploadedFile,
} from '#contract/storage';
import { variantWidthsOf } from '#contract/image-variants';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { Tx } from '../db/transaction';
import { storedFiles } from '../db/schema/files';
import { isSelf, mayReadFile, requireSignedIn, type Actor } from './policy';
import { checkImageSize, deleteVariants, makeVariants } from './images';
import { checkPdf } from './pdf-check';
import { createFileKey, sniffContentType, type FileStore } from './storage';

export type StoredFile = typeof storedFiles.$inferSelect;

const FILE_NAME_MAX = 120;

/** A name safe to echo in `Content-Disposition`: no path, no control or quote characters. */
export function cleanFileName(name: string | null | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"\\;]/g, '').trim();
  return (cleaned || fallback).slice(0, FILE_NAME_MAX);
}

/** Refuses what a purpose does not accept: checked on the bytes, never on the name or the claimed type. */
export function checkUpload(purpose: string, bytes: Uint8Array): SniffedType {
  if (!isFilePurpose(purpose)) {
    throw new StorageError('storage/invalid-argument', 'Unknown upload purpose', { reason: 'purpose' });
  }
  const limits = FILE_PURPOSES[purpose];
  if (bytes.length === 0)
    throw new StorageError('storage/invalid-argument', 'Empty file', { reason: 'empty' });
  if (bytes.length > limits.maxBytes) {
    throw new StorageError('storage/quota-exceeded', 'File too large', {
      reason: 'size',
      maxBytes: limits.maxBytes,
    });
  }
  const type = sniffContentType(bytes);
  if (!type || !(limits.types as readonly string[]).includes(type)) {
    throw new StorageError('storage/unauthorized', 'This kind of file is not accepted here', {
      reason: 'type',
    });
  }
  return type;
}

/**
 * Stores an upload of `owner` after checking it (an image's size too: `checkImageSize`; a PDF's content:
 * `checkPdf`), with the widths
 * pages show it at (made in the upload's request: the uploader waits for them, and the file is right from
 * its first view), and records what it is.
 */
export async function storeUpload(
  db: Db,
  store: FileStore,
  input: { ownerId: string; purpose: string; bytes: Uint8Array; fileName: string | null },
): Promise<TUploadedFile> {
  const contentType = checkUpload(input.purpose, input.bytes);
  if (contentType.startsWith('image/')) await checkImageSize(input.bytes);
  if (contentType === 'application/pdf') checkPdf(input.bytes);
  const key = createFileKey();
  const fileName = cleanFileName(input.fileName, `${input.purpose}.${contentType.split('/')[1]}`);
  await store.put(key, input.bytes);
  try {
    if (contentType.startsWith('image/') && isFilePurpose(input.purpose)) {
      await makeVariants(store, key, input.bytes, variantWidthsOf(input.purpose));
    }
    await db.insert(storedFiles).values({
      key,
      ownerId: input.ownerId,
      purpose: input.purpose,
      contentType,
      size: input.bytes.length,
      fileName,
    });
  } catch (error) {
    await deleteBytes(store, [key]);
    throw error;
  }
  return { key, url: fileUrlOf(key), contentType, size: input.bytes.length, fileName };
}

export async function findFile(db: Db, key: string): Promise<StoredFile | null> {
  const [file] = await db.select().from(storedFiles).where(eq(storedFiles.key, key)).limit(1);
  return file ?? null;
}

/** The file if the actor may read it (`mayReadFile`); otherwise the storage error to answer with. */
export async function readableFile(db: Db, actor: Actor, key: string, now: Date): Promise<StoredFile> {
  requireSignedIn(actor);
  const file = await findFile(db, key);
  if (!file) throw new StorageError('storage/object-not-found', 'No such file');
  if (!(await mayReadFile({ db, actor, now }, file))) {
    throw new StorageError('storage/unauthorized', 'Not allowed to read this file', { reason: 'permission' });
  }
  return file;
}

/**
 * Whether a space, or the site, shows the file `f.key` (the stored file aliased `f`): a space's or a room's
 * photo, an event's cover, a document a space shares, a blog article's cover. Such a file is the space's
 * (or the site's), whoever uploaded it: it outlives its uploader's account (docs/decisions/024).
 */
const SHOWN_BY_A_SPACE = sql`(EXISTS (SELECT 1 FROM space_photos p WHERE p.file_key = f.key)
  OR EXISTS (SELECT 1 FROM room_photos p WHERE p.file_key = f.key)
  OR EXISTS (SELECT 1 FROM events e WHERE e.cover_key = f.key)
  OR EXISTS (SELECT 1 FROM shared_documents d WHERE d.file_key = f.key)
  OR EXISTS (SELECT 1 FROM articles a WHERE a.cover_url = '/media/' || f.key))`;

/** Whether anything at all uses the file `f.key`: a space's content, an ad's image, a person's avatar. */
const USED_AT_ALL = sql`(${SHOWN_BY_A_SPACE}
  OR EXISTS (SELECT 1 FROM ads a WHERE a.image_key = f.key)
  OR EXISTS (SELECT 1 FROM users u WHERE u.image = ${fileUrlOf('')} || f.key))`;

/** Removes one file of the actor (their own, and not one a space shows). */
export async function deleteOwnFile(db: Db, store: FileStore, actor: Actor, key: string): Promise<void> {
  requireSignedIn(actor);
  const file = await findFile(db, key);
  if (!file) throw new StorageError('storage/object-not-found', 'No such file');
  const notYours = () => new StorageError('storage/unauthorized', 'Not your file', { reason: 'permission' });
  if (!isSelf(actor, file.ownerId)) throw notYours();
  // Checked in the statement: a photo attached meanwhile stays (files attached before attaching cleared
  // their owner may still name their uploader).
  const removed = await rowsOf<{ key: string }>(
    db,
    sql`DELETE FROM stored_files f WHERE f.key = ${key} AND f.owner_id = ${file.ownerId}
      AND NOT ${SHOWN_BY_A_SPACE} RETURNING f.key`,
  );
  if (removed.length === 0) throw notYours();
  await deleteBytes(store, [key]);
}

/**
 * The files of a person whose account is being erased, in the erasure's transaction: those a space or the
 * site shows stay and belong to nobody (`owner_id` cleared), the others (their avatar, their ads' images,
 * uploads never attached) are deleted. Answers the keys whose bytes to delete once the erasure commits.
 */
export async function eraseFilesOf(tx: Tx, ownerId: string): Promise<string[]> {
  await tx.execute(
    sql`UPDATE stored_files f SET owner_id = NULL WHERE f.owner_id = ${ownerId} AND ${SHOWN_BY_A_SPACE}`,
  );
  const removed = await tx
    .delete(storedFiles)
    .where(eq(storedFiles.ownerId, ownerId))
    .returning({ key: storedFiles.key });
  return removed.map(({ key }) => key);
}

/**
 * Deletes stored bytes and their copies at other widths, each key once its row is gone; a failure is left
 * to the orphan sweep's logs.
 */
export async function deleteBytes(store: FileStore, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await store.delete(key);
    await deleteVariants(store, key);
  }
}

/**
 * Takes an upload of `ownerId` for a space (a space's or a room's photo), in the transaction that attaches
 * it: the file is the space's from then on (`owner_id` cleared). Being a write to the file's row, it also
 * makes the orphan sweep leave the file alone (see `sweepOrphanFiles`). False when the file is not (or no
 * longer) this person's upload of that purpose.
 */
export async function takeUploadForSpace(
  tx: Tx,
  input: { key: string; ownerId: string; purpose: string },
): Promise<boolean> {
  const taken = await tx
    .update(storedFiles)
    .set({ ownerId: null })
    .where(
      and(
        eq(storedFiles.key, input.key),
        eq(storedFiles.ownerId, input.ownerId),
        eq(storedFiles.purpose, input.purpose),
      ),
    )
    .returning({ key: storedFiles.key });
  return taken.length > 0;
}

/** An upload nothing uses is deleted once it is this old (the form it was for was left). */
export const ORPHAN_FILE_AGE_MS = 24 * 3_600_000;
const ORPHAN_SWEEP_BATCH = 100;
/** At most this many batches a run: the next run goes on. */
const ORPHAN_SWEEP_MAX_BATCHES = 20;

/**
 * Deletes the stored files nothing uses (USED_AT_ALL) created more than ORPHAN_FILE_AGE_MS before `now`,
 * rows then bytes, in batches. Safe against an attachment at the same moment: each batch is one statement
 * in a REPEATABLE READ transaction that locks its rows `FOR UPDATE SKIP LOCKED`. A file whose row an
 * attachment is writing or has locked (a foreign key's check) is skipped; one whose row an attachment
 * changed after the batch's snapshot (every attachment without a foreign key writes the row:
 * `takeUploadForSpace`, the avatar) or one a foreign key now names (the key's action checks rows the
 * snapshot cannot see) makes PostgreSQL refuse the batch, which is tried again later. Two runners at once
 * never take the same row. Answers how many files went.
 */
export async function sweepOrphanFiles(
  db: Db,
  store: FileStore,
  now: Date,
  options: { batchSize?: number } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? ORPHAN_SWEEP_BATCH;
  const cutoff = new Date(now.getTime() - ORPHAN_FILE_AGE_MS).toISOString();
  let total = 0;
  for (let batch = 0; batch < ORPHAN_SWEEP_MAX_BATCHES; batch++) {
    const keys = await db.transaction(
      async (tx) => {
        const rows = await rowsOf<{ key: string }>(
          tx,
          sql`WITH orphans AS (
            SELECT f.key FROM stored_files f
            WHERE f.created_at < ${cutoff}::timestamptz AND NOT ${USED_AT_ALL}
            ORDER BY f.created_at LIMIT ${batchSize}
            FOR UPDATE SKIP LOCKED
          )
          DELETE FROM stored_files f USING orphans o WHERE f.key = o.key RETURNING f.key`,
        );
        return rows.map((row) => row.key);
      },
      { isolationLevel: 'repeatable read' },
    );
    await deleteBytes(store, keys);
    total += keys.length;
    if (keys.length < batchSize) break;
  }
  return total;
}

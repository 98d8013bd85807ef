import { eq } from 'drizzle-orm';
import {
  FILE_PURPOSES,
  fileUrlOf,
  isFilePurpose,
  StorageError,
  type SniffedType,
  type TUploadedFile,
} from '#contract/storage';
import type { Db } from '../../db/client';
import { storedFiles } from '../../db/schema/files';
import { isSelf, mayReadFile, requireSignedIn, type Actor } from '../../platform/policy';
import { createFileKey, sniffContentType, type FileStore } from '../../platform/storage';

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

/** Stores an upload of `owner` after checking it, and records what it is. */
export async function storeUpload(
  db: Db,
  store: FileStore,
  input: { ownerId: string; purpose: string; bytes: Uint8Array; fileName: string | null },
): Promise<TUploadedFile> {
  const contentType = checkUpload(input.purpose, input.bytes);
  const key = createFileKey();
  const fileName = cleanFileName(input.fileName, `${input.purpose}.${contentType.split('/')[1]}`);
  await store.put(key, input.bytes);
  try {
    await db.insert(storedFiles).values({
      key,
      ownerId: input.ownerId,
      purpose: input.purpose,
      contentType,
      size: input.bytes.length,
      fileName,
    });
  } catch (error) {
    await store.delete(key);
    throw error;
  }
  return { key, url: fileUrlOf(key), contentType, size: input.bytes.length, fileName };
}

export async function findFile(db: Db, key: string): Promise<StoredFile | null> {
  const [file] = await db.select().from(storedFiles).where(eq(storedFiles.key, key)).limit(1);
  return file ?? null;
}

/** The file if the actor may read it (`mayReadFile`); otherwise the storage error to answer with. */
export async function readableFile(
  db: Db,
  actor: Actor,
  key: string,
  now: Date = new Date(),
): Promise<StoredFile> {
  requireSignedIn(actor);
  const file = await findFile(db, key);
  if (!file) throw new StorageError('storage/object-not-found', 'No such file');
  if (!(await mayReadFile({ db, actor, now }, file))) {
    throw new StorageError('storage/unauthorized', 'Not allowed to read this file', { reason: 'permission' });
  }
  return file;
}

/** Removes one file of the actor (their own only). */
export async function deleteOwnFile(db: Db, store: FileStore, actor: Actor, key: string): Promise<void> {
  requireSignedIn(actor);
  const file = await findFile(db, key);
  if (!file) throw new StorageError('storage/object-not-found', 'No such file');
  if (!isSelf(actor, file.ownerId)) {
    throw new StorageError('storage/unauthorized', 'Not your file', { reason: 'permission' });
  }
  await db.delete(storedFiles).where(eq(storedFiles.key, key));
  await store.delete(key);
}

/** Removes every file a person uploaded (account deletion). */
export async function deleteFilesOf(db: Db, store: FileStore, ownerId: string): Promise<void> {
  const removed = await db
    .delete(storedFiles)
    .where(eq(storedFiles.ownerId, ownerId))
    .returning({ key: storedFiles.key });
  for (const { key } of removed) await store.delete(key);
}

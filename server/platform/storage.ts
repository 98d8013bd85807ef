import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ZFileKey, type SniffedType } from '#contract/storage';

export interface FileStat {
  size: number;
}

/**
 * Where file bytes live. The local-disk store below is the default; an S3-compatible store implements the
 * same four operations. What a file is and who may read it is recorded in the database (`stored_files`).
 */
export interface FileStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when no file has this key. */
  get(key: string): Promise<Uint8Array | null>;
  stat(key: string): Promise<FileStat | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/** A fresh key: 16 random bytes, URL-safe (22 characters). */
export function createFileKey(): string {
  return randomBytes(16).toString('base64url');
}

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ENOENT';
}

/** Files under `root` (`DATA_DIR/files`), spread over sub-folders by the key's first two characters. */
export function createLocalFileStore(root: string): FileStore {
  function pathOf(key: string): string {
    // Keys come from URLs: only our own format ever reaches the file system.
    if (!ZFileKey.safeParse(key).success) throw new Error('invalid file key');
    return path.join(root, key.slice(0, 2), key);
  }

  return {
    async put(key, bytes) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written aside then renamed: a reader never sees half a file.
      const partial = `${target}.${randomBytes(4).toString('hex')}.part`;
      await writeFile(partial, bytes);
      await rename(partial, target);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      try {
        return { size: (await stat(pathOf(key))).size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** Magic numbers of the types we accept, read from the first bytes. */
const SIGNATURES: Array<{ type: SniffedType; test: (bytes: Uint8Array) => boolean }> = [
  { type: 'image/png', test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { type: 'image/gif', test: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')) },
  { type: 'image/webp', test: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8) },
  { type: 'application/pdf', test: (b) => startsWith(b, ascii('%PDF-')) },
];

/** The type a file's bytes show, whatever its name or the type its uploader claimed; null if none we know. */
export function sniffContentType(bytes: Uint8Array): SniffedType | null {
  return SIGNATURES.find((signature) => signature.test(bytes))?.type ?? null;
}

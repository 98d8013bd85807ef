import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type * as S3 from '@aws-sdk/client-s3';
import { ZFileKey, type SniffedType } from '#contract/storage';
import type { Config, S3Settings } from './config';

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

/** Keys come from URLs: only our own format ever reaches the file system or the bucket. */
function checkedKey(key: string): string {
  if (!ZFileKey.safeParse(key).success) throw new Error('invalid file key');
  return key;
}

/** The folder of `DATA_DIR` that holds uploaded files when no bucket is configured. */
export function localFilesFolder(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'files');
}

/** The store the configuration names: its S3-compatible bucket, or the local folder (the embedded default). */
export function createFileStore(config: Pick<Config, 'dataDir' | 's3'>): FileStore {
  return config.s3 ? createS3FileStore(config.s3) : createLocalFileStore(localFilesFolder(config));
}

/** Files under `root` (`DATA_DIR/files`), spread over sub-folders by the key's first two characters. */
export function createLocalFileStore(root: string): FileStore {
  function pathOf(key: string): string {
    return path.join(root, checkedKey(key).slice(0, 2), key);
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

export interface CopyReport {
  /** Files of the folder written to the bucket now. */
  copied: number;
  /** Files of the folder the bucket already held, with the same size. */
  present: number;
}

/**
 * Copies the files of a local store's folder (`DATA_DIR/files`) into a bucket, skipping those already there
 * with the same size: running it again copies only what is new. Half-written files (`.part`) and names that
 * are not file keys are left alone.
 */
export async function copyFolderToBucket(
  root: string,
  bucket: ReturnType<typeof createS3FileStore>,
): Promise<CopyReport> {
  const local = createLocalFileStore(root);
  const inBucket = await bucket.listKeys();
  const report: CopyReport = { copied: 0, present: 0 };
  let folders: string[];
  try {
    folders = await readdir(root);
  } catch (error) {
    if (isMissing(error)) return report;
    throw error;
  }
  for (const folder of folders.sort()) {
    const names = await readdir(path.join(root, folder)).catch((error: unknown) => {
      // A file beside the key folders (none is expected) is not a folder to read.
      if ((error as { code?: unknown }).code === 'ENOTDIR') return [];
      throw error;
    });
    for (const key of names.sort()) {
      if (!ZFileKey.safeParse(key).success || key.slice(0, 2) !== folder) continue;
      const bytes = await local.get(key);
      if (!bytes) continue;
      if (inBucket.get(key) === bytes.length) {
        report.present += 1;
        continue;
      }
      await bucket.put(key, bytes);
      report.copied += 1;
    }
  }
  return report;
}

/**
 * Whether an S3 error says there is no such object (GET answers `NoSuchKey`, HEAD a bare 404). A missing
 * bucket is a wrong setting, not a missing file: it stays an error.
 */
function isMissingObject(error: unknown): boolean {
  const failure = error as { name?: unknown; $metadata?: { httpStatusCode?: unknown } } | null;
  if (failure?.name === 'NoSuchBucket') return false;
  return (
    failure?.name === 'NoSuchKey' ||
    failure?.name === 'NotFound' ||
    failure?.$metadata?.httpStatusCode === 404
  );
}

/** How long one call to the bucket may take before it fails (the SDK then tries again, 3 attempts in all). */
const S3_CONNECT_TIMEOUT_MS = 5_000;
const S3_REQUEST_TIMEOUT_MS = 30_000;

/**
 * Files in an S3-compatible bucket, one object per key at the bucket's root (docs/decisions/028). The bucket
 * stays private: the app reads the bytes and serves them itself, after the same access check as for the
 * local folder. The SDK is loaded on first use, so a process on the local folder never loads it.
 */
export function createS3FileStore(settings: S3Settings): FileStore & {
  /** Every key in the bucket (the copy command's way to skip what is already there). */
  listKeys(): Promise<Map<string, number>>;
} {
  const Bucket = settings.bucket;
  let loaded: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;
  const connect = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials: settings.credentials,
        // Checksums only where S3 requires them: several S3-compatible servers refuse the newer headers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, requestTimeout: S3_REQUEST_TIMEOUT_MS },
      }),
    })));

  return {
    async put(key, bytes) {
      const { sdk, client } = await connect();
      // One PUT: S3 makes the object visible whole or not at all.
      await client.send(
        new sdk.PutObjectCommand({ Bucket, Key: checkedKey(key), Body: bytes, ContentLength: bytes.length }),
      );
    },
    async get(key) {
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      const { sdk, client } = await connect();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    async listKeys() {
      const { sdk, client } = await connect();
      const sizes = new Map<string, number>();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key) sizes.set(object.Key, object.Size ?? 0);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return sizes;
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

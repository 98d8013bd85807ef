import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG_HEADER, NOT_AN_IMAGE, PNG_BYTES } from '../../tests/support/file-samples';
import { startS3TestServer, type S3TestServer } from '../../tests/support/s3-test-server';
import {
  copyFolderToBucket,
  createFileKey,
  createFileStore,
  createLocalFileStore,
  createS3FileStore,
  sniffContentType,
} from './storage';

const ascii = (text: string) => new TextEncoder().encode(text);

describe('sniffContentType', () => {
  it.each([
    ['image/png', PNG_BYTES],
    ['image/jpeg', JPEG_HEADER],
    ['image/gif', ascii('GIF89a....')],
    ['image/gif', ascii('GIF87a....')],
    ['image/webp', ascii('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')],
    ['application/pdf', ascii('%PDF-1.7\n')],
  ])('recognises %s from its first bytes', (type, bytes) => {
    expect(sniffContentType(bytes)).toBe(type);
  });

  it('recognises nothing in text, an SVG, a RIFF that is not WebP, or too few bytes', () => {
    expect(sniffContentType(NOT_AN_IMAGE)).toBeNull();
    expect(sniffContentType(ascii('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBeNull();
    expect(sniffContentType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffContentType(new Uint8Array())).toBeNull();
  });
});

describe('local file store', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'escale-store-'));
  const store = createLocalFileStore(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('puts, stats, gets and deletes by key', async () => {
    const key = createFileKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await store.put(key, PNG_BYTES);
    expect(await store.stat(key)).toEqual({ size: PNG_BYTES.length });
    expect(await store.get(key)).toEqual(PNG_BYTES);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.stat(key)).toBeNull();
    await store.delete(key);
  });

  it('refuses a key that is not one of ours (no path can escape the folder)', async () => {
    await expect(store.get('../../etc/passwd')).rejects.toThrow('invalid file key');
  });
});

describe('S3-compatible file store (s3rver on loopback)', () => {
  let s3: S3TestServer;
  let store: ReturnType<typeof createS3FileStore>;
  beforeAll(async () => {
    s3 = await startS3TestServer();
    store = createS3FileStore(s3.settings);
  });
  afterAll(() => s3?.close());

  it('puts, stats, gets and deletes by key, as the local store does', async () => {
    const key = createFileKey();
    await store.put(key, PNG_BYTES);
    expect(await store.stat(key)).toEqual({ size: PNG_BYTES.length });
    expect(await store.get(key)).toEqual(PNG_BYTES);
    expect((await store.listKeys()).get(key)).toBe(PNG_BYTES.length);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.stat(key)).toBeNull();
    await store.delete(key);
  });

  it('refuses a key that is not one of ours before asking the bucket', async () => {
    await expect(store.get('../other-bucket/x')).rejects.toThrow('invalid file key');
    await expect(store.put('a/b', PNG_BYTES)).rejects.toThrow('invalid file key');
  });

  it('says what the bucket refuses (an unknown access key) rather than answering "no such file"', async () => {
    const stranger = createS3FileStore({
      ...s3.settings,
      credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'NOT-A-KEY' },
    });
    await expect(stranger.get(createFileKey())).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
  });

  it('says a bucket that does not exist rather than answering "no such file"', async () => {
    const elsewhere = createS3FileStore({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(elsewhere.get(createFileKey())).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('is the store the configuration chooses when S3_BUCKET is set; the folder otherwise', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'escale-store-'));
    try {
      const key = createFileKey();
      await createFileStore({ dataDir: folder, s3: s3.settings }).put(key, PNG_BYTES);
      expect(await store.get(key)).toEqual(PNG_BYTES);
      expect(await createFileStore({ dataDir: folder, s3: undefined }).get(key)).toBeNull();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("copies a folder's files into the bucket once: a second run copies nothing", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'escale-store-'));
    try {
      const local = createLocalFileStore(root);
      const keys = [createFileKey(), createFileKey(), createFileKey()];
      for (const key of keys) await local.put(key, PNG_BYTES);
      // Neither a half-written file nor a stray file is a file to copy.
      writeFileSync(path.join(root, keys[1]!.slice(0, 2), `${keys[1]}.abcd.part`), PNG_BYTES);
      writeFileSync(path.join(root, 'stray.txt'), 'not a folder');
      // Already there with the same size: skipped.
      await store.put(keys[0]!, PNG_BYTES);

      expect(await copyFolderToBucket(root, store)).toEqual({ copied: 2, present: 1 });
      for (const key of keys) expect(await store.get(key)).toEqual(PNG_BYTES);
      expect(await copyFolderToBucket(root, store)).toEqual({ copied: 0, present: 3 });
      // A folder that does not exist has nothing to copy.
      expect(await copyFolderToBucket(path.join(root, 'none'), store)).toEqual({ copied: 0, present: 0 });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

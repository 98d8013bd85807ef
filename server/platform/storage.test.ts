import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JPEG_HEADER, NOT_AN_IMAGE, PNG_BYTES } from '../../tests/support/file-samples';
import { createFileKey, createLocalFileStore, sniffContentType } from './storage';

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

import { expect } from 'vitest';
import { crc32, deflateSync } from 'node:zlib';
import type { Agent } from './test-app';

/** Small real files for upload tests: a 1×1 PNG, and text that only pretends to be an image. */
export const PNG_BYTES = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);

export const JPEG_HEADER = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

export const NOT_AN_IMAGE = new TextEncoder().encode('<svg onload="alert(1)">this is not a picture</svg>');

/** Uploads the sample PNG as `agent` for `purpose` (POST /api/files) and answers the stored file's key. */
export async function uploadPng(agent: Agent, purpose: string, name = 'picture.png'): Promise<string> {
  const response = await agent.request(`/api/files?purpose=${purpose}&name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'image/png' },
    body: PNG_BYTES,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { key: string }).key;
}

/**
 * A PNG of a few hundred bytes whose header declares `width` × `height` pixels (its data is a few bytes
 * that decode to nothing useful): what a decompression bomb looks like to a size check.
 */
export function pngDeclaring(width: number, height: number): Uint8Array<ArrayBuffer> {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(256))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

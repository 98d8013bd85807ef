import { expect } from 'vitest';
import { pngFile } from '../e2e/picture';
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
  return new Uint8Array(pngFile(width, height, Buffer.alloc(256)));
}

import { createHash } from 'node:crypto';
import type Sharp from 'sharp';
import { AVATAR_WIDTHS, IMAGE_LIMITS, PHOTO_WIDTHS } from '#contract/image-variants';
import { StorageError } from '#contract/storage';
import type { FileStore } from './storage';

const MAX_PIXELS = IMAGE_LIMITS.maxMegapixels * 1_000_000;
/** Every width any purpose is made at: what deleting a file's bytes deletes too. */
const ALL_WIDTHS = [...new Set<number>([...PHOTO_WIDTHS, ...AVATAR_WIDTHS])];
const VECTOR = 'image/svg+xml';

let loaded: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded with the first image it reads: libvips is about 25 MiB resident, which a process that makes
 * no image (most requests: pages, the API) then never carries (docs/decisions/036).
 */
function loadSharp(): Promise<typeof Sharp> {
  return (loaded ??= import('sharp').then(({ default: sharp }) => {
    // One image at a time uses the two cores of a small server fully enough; nothing is kept between images.
    sharp.cache(false);
    return sharp;
  }));
}

/** The refusal of an image beyond IMAGE_LIMITS, or one whose size cannot be read. */
function tooLarge(): StorageError {
  return new StorageError('storage/quota-exceeded', 'Image too large', { reason: 'dimensions' });
}

/**
 * The image's width and height, read from its header (nothing is decoded), and refused when above
 * IMAGE_LIMITS: a small file can declare billions of pixels that every browser showing it would decode.
 * A file whose header says no size is not an image we can show: refused as of the wrong type.
 */
export async function checkImageSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  let width: number | undefined;
  let height: number | undefined;
  try {
    // Only the header is read: no pixel limit applies yet (it is the check below).
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    width = metadata.width;
    // An animated image's height is its frames' together; one frame's is what is shown.
    height = metadata.pageHeight ?? metadata.height;
  } catch {
    width = undefined;
  }
  if (!width || !height) {
    throw new StorageError('storage/unauthorized', 'This image cannot be read', { reason: 'type' });
  }
  if (width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide || width * height > MAX_PIXELS) {
    throw tooLarge();
  }
  return { width, height };
}

/**
 * Where the copy of file `key` at `width` is kept: a key of the store's own format, derived from the
 * file's, so no table lists copies. It names no file row: it is only ever read through its original
 * (`?w=`), with the original's access rules.
 */
export function variantKeyOf(key: string, width: number): string {
  return createHash('sha256').update(`${key}/w${width}`).digest('base64url').slice(0, 22);
}

/** The image at `width` (never wider than it is), turned upright, as WebP, its metadata (GPS) dropped. */
export async function resizedImage(bytes: Uint8Array, width: number): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const output = await sharp(bytes, { animated: true, limitInputPixels: MAX_PIXELS })
    .autoOrient()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
  return new Uint8Array(output);
}

/** Makes and stores every width of an image (at upload, and for demo photos). */
export async function makeVariants(
  store: FileStore,
  key: string,
  bytes: Uint8Array,
  widths: readonly number[],
): Promise<void> {
  for (const width of widths) await store.put(variantKeyOf(key, width), await resizedImage(bytes, width));
}

/**
 * The bytes to answer for `<url>?w=<width>` of a stored image: its copy at that width, made now and kept
 * when missing (a file stored before copies were made), or null when `width` is not one of `widths` or the
 * original is gone. A vector image (the demo illustrations) is right at every width: it is answered itself.
 */
export async function imageAtWidth(
  store: FileStore,
  file: { key: string; contentType: string },
  width: number,
  widths: readonly number[],
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  if (!widths.includes(width)) return null;
  if (file.contentType === VECTOR) {
    const bytes = await store.get(file.key);
    return bytes ? { bytes, contentType: VECTOR } : null;
  }
  const variantKey = variantKeyOf(file.key, width);
  const kept = await store.get(variantKey);
  if (kept) return { bytes: kept, contentType: 'image/webp' };
  const original = await store.get(file.key);
  if (!original) return null;
  const made = await resizedImage(original, width);
  await store.put(variantKey, made);
  return { bytes: made, contentType: 'image/webp' };
}

/** Removes the copies of file `key` at every width (removing a missing copy is not an error). */
export async function deleteVariants(store: FileStore, key: string): Promise<void> {
  for (const width of ALL_WIDTHS) await store.delete(variantKeyOf(key, width));
}

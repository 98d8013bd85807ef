import type { FilePurpose } from './storage';

/**
 * Images people see are served at several widths (docs/decisions/029): `<url>?w=<width>` answers the
 * image made at that width (WebP, never wider than the original), with the original's access rules. Pages
 * list them in `srcset` and say in `sizes` how wide the image is shown, so the browser fetches the one
 * it needs.
 */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;
/** Avatars are shown at most 96 CSS pixels wide. */
export const AVATAR_WIDTHS = [96, 192] as const;

/** The widths made for an upload of this purpose (none for shared documents: they are downloaded). */
export function variantWidthsOf(purpose: FilePurpose): readonly number[] {
  if (purpose === 'avatar') return AVATAR_WIDTHS;
  if (purpose === 'shared-document') return [];
  return PHOTO_WIDTHS;
}

/** The largest image accepted (docs/decisions/029): a 50 MP phone photo passes, a decompression bomb does not. */
export const IMAGE_LIMITS = { maxSide: 12_000, maxMegapixels: 64 } as const;

/** Our own stored images: photos at /media/<key>, other files at /api/files/<key> (no query yet). */
const OWN_IMAGE = /^\/(media|api\/files)\/[A-Za-z0-9_-]{22}$/;

/**
 * `srcset` for one of our stored images, its widths `widths`; undefined for any other URL (an address
 * elsewhere, a preview of a file being picked), which is shown as it is.
 */
export function srcSetOf(url: string | null | undefined, widths: readonly number[] = PHOTO_WIDTHS) {
  if (!url || !OWN_IMAGE.test(url)) return undefined;
  return widths.map((width) => `${url}?w=${width} ${width}w`).join(', ');
}

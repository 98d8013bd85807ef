import { z } from './zod';
import type { Locale } from './locale';
import { localizedText } from './localized';

/** Where the browser fetches a stored photo: one URL scheme for uploads and demo illustrations. */
export function photoUrl(fileKey: string): string {
  return `/media/${fileKey.split('/').map(encodeURIComponent).join('/')}`;
}

/** A photo as public pages show it: its URL and its alternative text in the page's language. */
export const ZPhoto = z.object({
  id: z.string(),
  url: z.string(),
  alt: z.string(),
});
export type TPhoto = z.infer<typeof ZPhoto>;

/** A stored photo row (a space's, a room's) as public pages show it, in the reader's language. */
export function photoOf(
  row: { id: string; fileKey: string; altFr: string; altEn: string },
  locale: Locale,
): TPhoto {
  return { id: row.id, url: photoUrl(row.fileKey), alt: localizedText(locale, row.altFr, row.altEn) };
}

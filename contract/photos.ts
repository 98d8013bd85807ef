import { z } from './zod';

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

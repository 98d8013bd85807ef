import { z } from './zod';
import { defineCallable } from './callable';
import { ZText, ZUuid } from './input';
import { ZFileKey } from './storage';

/**
 * An event's cover image (docs/decisions/025-events-and-waitlist.md): uploaded by a manager (purpose
 * `event-cover`), shown on the event's page, its link previews and the event cards. Public once the event
 * is (served at /media/<key>); a draft's cover only to those who run its space (through /api/files).
 */

export const COVER_ALT_MAX = 200;

/** An event's cover as pages show it. */
export const ZEventCover = z.object({
  fileKey: z.string(),
  url: z.string(),
  altFr: z.string(),
  altEn: z.string(),
});
export type TEventCover = z.infer<typeof ZEventCover>;

/** Sets (or replaces) the cover with a file the caller uploaded, changes its texts, or removes it (null). */
export const setEventCover = defineCallable({
  name: 'events.setCover',
  input: z.object({
    id: ZUuid,
    cover: z
      .object({
        fileKey: ZFileKey,
        /** Required: the cover is on a public page (French first, as the event's title). */
        altFr: ZText.trim().min(1, 'alt-required').max(COVER_ALT_MAX),
        altEn: ZText.trim().max(COVER_ALT_MAX).default(''),
      })
      .nullable(),
  }),
  output: z.object({ id: z.string() }),
  mutates: true,
  access: 'signed-in',
});

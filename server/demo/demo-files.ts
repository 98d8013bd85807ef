import { eq } from 'drizzle-orm';
import { illustrationSvg, type IllustrationScene } from '../features/spaces/illustrations';
import type { SavePhotoFile } from './seed-spaces';
import type { Db } from '../db/client';
import { storedFiles } from '../db/schema/files';

/**
 * Stores a file the seed made (a drawn illustration, a generated PDF) through the same file store as the
 * demo photos, then gives it the purpose and owner its use needs: an event's cover (`event-cover`, the
 * space's), an ad's image (`ad-image`, its author's own upload) or a shared document's upload
 * (`shared-document`, the manager's until the documents service attaches it). Migration 0027's triggers
 * and the documents service check exactly these. Null when the saver recorded no file.
 */
export async function saveDemoFile(
  db: Db,
  save: SavePhotoFile,
  file: { bytes: Uint8Array; contentType: string; fileName: string },
  use: { purpose: 'event-cover' | 'ad-image' | 'shared-document'; ownerId: string | null },
): Promise<string | null> {
  const key = await save(file.bytes, file.contentType, file.fileName);
  const recorded = await db
    .update(storedFiles)
    .set({ purpose: use.purpose, ownerId: use.ownerId })
    .where(eq(storedFiles.key, key))
    .returning({ key: storedFiles.key });
  // A saver that keeps files outside the file store (some tests' do) records no row: the triggers would
  // refuse the file as a cover, an image or a document, so it is left unused.
  return recorded.length ? key : null;
}

/** A drawn illustration (as the demo spaces' photos are: SVG made at seed time, no network). */
export function demoIllustration(
  scene: IllustrationScene,
  color: string,
  fileName: string,
  variant = 0,
): { bytes: Uint8Array; contentType: string; fileName: string } {
  return {
    bytes: new TextEncoder().encode(illustrationSvg(scene, color, variant)),
    contentType: 'image/svg+xml',
    fileName,
  };
}

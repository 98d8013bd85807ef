import { sql } from 'drizzle-orm';
import { PHOTO_PURPOSE } from '#contract/storage';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { storedFiles } from '../../db/schema/files';
import { createFileKey, type FileStore } from '../../platform/storage';

/**
 * A file shown as a photo of a space or room, a blog article's cover or a public event's cover: only those are served publicly at `/media/<key>`, so an
 * avatar or a document is never readable there, whatever its key.
 */
export async function findPhotoFile(db: Db, key: string): Promise<{ contentType: string } | null> {
  const [row] = await rowsOf<{ content_type: string }>(
    db,
    sql`SELECT f.content_type FROM stored_files f
      WHERE f.key = ${key} AND ((f.purpose = ${PHOTO_PURPOSE}
        AND (EXISTS (SELECT 1 FROM space_photos p WHERE p.file_key = f.key)
          OR EXISTS (SELECT 1 FROM room_photos p WHERE p.file_key = f.key)
          OR EXISTS (SELECT 1 FROM articles a WHERE a.cover_url = '/media/' || f.key)))
        -- An event's cover once its page is public (not a draft, its space published).
        OR (f.purpose = 'event-cover' AND EXISTS (
          SELECT 1 FROM events e JOIN spaces s ON s.id = e.space_id
          WHERE e.cover_key = f.key AND e.status <> 'draft' AND s.status = 'published')))
      LIMIT 1`,
  );
  return row ? { contentType: row.content_type } : null;
}

/** Stores a file we made ourselves (a demo illustration) as a photo file, and gives its key. */
export async function storeGeneratedPhoto(
  db: Db,
  store: FileStore,
  bytes: Uint8Array,
  contentType: string,
  fileName: string,
): Promise<string> {
  const key = createFileKey();
  await store.put(key, bytes);
  await db.insert(storedFiles).values({
    key,
    ownerId: null,
    purpose: PHOTO_PURPOSE,
    contentType,
    size: bytes.length,
    fileName,
  });
  return key;
}

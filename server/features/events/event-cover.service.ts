import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import { rowsOf } from '../../db/rows';
import { storedFiles } from '../../db/schema/files';
import type { Tx } from '../../db/transaction';
import { isSelf, requireRight } from '../../platform/policy';
import { logActivity, unitOfWork, type ServiceContext } from '../../platform/service-context';
import type { FileStore } from '../../platform/storage';
import { eventDetails, lockAndReadEvent, selectEvents } from './event-view';
import { deleteBytes } from '../../platform/stored-files';

/**
 * An event's cover (docs/decisions/025): a manager uploads an image (purpose `event-cover`) and sets it
 * here with its alternative texts, replaces it or removes it. Once set, the file is the event's, no longer
 * its uploader's (`owner_id` cleared): it outlives the uploader's account and they cannot delete it from
 * under the page. A replaced or removed cover is erased unless a duplicate of the event still shows it.
 */

export const COVER_PURPOSE = 'event-cover';

type CoverInput = { fileKey: string; altFr: string; altEn: string } | null;

/** Erases a cover's file row when no event shows it any more; true when the bytes are to go too. */
async function eraseIfUnused(tx: Tx, key: string): Promise<boolean> {
  const removed = await rowsOf<{ key: string }>(
    tx,
    sql`DELETE FROM stored_files f WHERE f.key = ${key} AND f.purpose = ${COVER_PURPOSE}
          AND NOT EXISTS (SELECT 1 FROM events e WHERE e.cover_key = f.key)
        RETURNING f.key`,
  );
  return removed.length > 0;
}

export async function setEventCover(
  ctx: ServiceContext,
  store: FileStore | undefined,
  input: { id: string; cover: CoverInput },
): Promise<{ id: string }> {
  const [event] = await selectEvents(ctx.db, sql`events.id = ${input.id}`);
  if (!event) throw new AppError('not-found', `No event ${input.id}`);
  await requireRight(ctx, 'manage', event.space_id);
  const { cover } = input;
  const erased = await unitOfWork(ctx, async (work) => {
    const before = await lockAndReadEvent(work.db, input.id);
    if (!before) throw new AppError('not-found', `No event ${input.id}`);
    if (before.status === 'cancelled') {
      throw new AppError('failed-precondition', 'This event is cancelled', { reason: 'already-cancelled' });
    }
    const previous = before.cover_key;
    if (cover && cover.fileKey !== previous) {
      // A new file: the caller's own upload of a cover, still theirs (keys are not secrets once shown).
      const [file] = await work.db
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.key, cover.fileKey), eq(storedFiles.purpose, COVER_PURPOSE)))
        .for('update');
      if (!file) throw new AppError('not-found', 'No such cover file');
      if (!isSelf(work.actor, file.ownerId)) throw new AppError('permission-denied', 'Not your upload');
      await work.db.update(storedFiles).set({ ownerId: null }).where(eq(storedFiles.key, cover.fileKey));
    }
    await work.db.execute(sql`
      UPDATE events SET cover_key = ${cover?.fileKey ?? null}, cover_alt_fr = ${cover?.altFr ?? ''},
        cover_alt_en = ${cover?.altEn ?? ''}, updated_at = now()
      WHERE id = ${input.id}`);
    const action = !cover
      ? previous
        ? 'removed'
        : null
      : !previous
        ? 'added'
        : previous !== cover.fileKey
          ? 'replaced'
          : before.cover_alt_fr !== cover.altFr || before.cover_alt_en !== cover.altEn
            ? 'updated'
            : null;
    if (action) {
      await logActivity(work, {
        kind: 'event.cover_changed',
        subject: { type: 'event', id: input.id },
        spaceId: before.space_id,
        details: { ...eventDetails(before), action },
      });
    }
    return previous && previous !== cover?.fileKey && (await eraseIfUnused(work.db, previous))
      ? previous
      : null;
  });
  // The bytes go once the change has committed.
  if (erased && store) await deleteBytes(store, [erased]);
  return { id: input.id };
}

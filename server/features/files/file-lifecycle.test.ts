// @databases pglite postgres
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_BYTES, uploadPng } from '../../../tests/support/file-samples';
import { startTestApp, type Agent, type TestApp, callOk as ok } from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-database';
import { users } from '../../db/schema/auth';
import { storedFiles } from '../../db/schema/files';
import { spacePhotos } from '../../db/schema/spaces';
import { createJobRunner } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail';
import { createFileKey } from '../../platform/storage';
import { localInstant } from '../reservations/reservations.fixtures';
import { addRole, insertRoom, insertSpace } from '../../db/factories.fixtures';
import { WORKSHOP } from '../events/events.fixtures';
import { orphanFilesSweepJob } from './file-jobs';
import { ORPHAN_FILE_AGE_MS, sweepOrphanFiles, takeUploadForSpace } from '../../platform/stored-files';

/**
 * Stored files outlive or follow their uploader as they should: a space's photos and covers stay with the
 * space when a manager erases their account, their personal files go; uploads nothing uses are swept.
 */

const NOW = new Date(localInstant('2027-02-01T08:00'));
const HOUR = 3_600_000;

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ clock: () => NOW });
});
afterAll(() => app.close());

const upload = (agent: Agent, purpose: string) => uploadPng(agent, purpose, 'f.png');

/** A photo `agent` uploads and adds to a space or a room; its file key. */
async function attachedPhoto(
  agent: Agent,
  owner: { type: 'space' | 'room'; id: string },
  altFr: string,
  altEn: string,
): Promise<string> {
  const fileKey = await upload(agent, 'space-photo');
  await ok(agent, 'backoffice.addPhoto', { owner, fileKey, altFr, altEn });
  return fileKey;
}

async function fileRow(key: string) {
  const [row] = await app.database.db.select().from(storedFiles).where(eq(storedFiles.key, key));
  return row ?? null;
}

/** A stored file (row and bytes) made `ageMs` before NOW, of `ownerId`. */
async function storedFile(ownerId: string | null, ageMs: number, purpose = 'space-photo'): Promise<string> {
  const key = createFileKey();
  await app.fileStore.put(key, PNG_BYTES);
  await app.database.db.insert(storedFiles).values({
    key,
    ownerId,
    purpose,
    contentType: 'image/png',
    size: PNG_BYTES.length,
    fileName: 'f.png',
    createdAt: new Date(NOW.getTime() - ageMs),
  });
  return key;
}

describe('a manager erasing their account', () => {
  it('leaves the space its photos, its room’s photo and its event’s cover, and takes their own files', async () => {
    const db = app.database.db;
    const spaceId = await insertSpace(db);
    const roomId = await insertRoom(db, spaceId);
    const { agent, user } = await app.signedIn();
    await addRole(db, spaceId, user.id, 'manager');

    const spacePhoto = await attachedPhoto(agent, { type: 'space', id: spaceId }, 'Façade', 'Front');
    const roomPhoto = await attachedPhoto(agent, { type: 'room', id: roomId }, 'Salle', 'Room');
    // Attached before photos were handed to their space: still naming its uploader.
    const olderPhoto = await storedFile(user.id, HOUR);
    await db.insert(spacePhotos).values({ spaceId, fileKey: olderPhoto, position: 5 });
    const event = await ok<{ id: string }>(agent, 'events.create', { spaceId, event: WORKSHOP });
    const cover = await upload(agent, 'event-cover');
    await ok(agent, 'events.setCover', {
      id: event.id,
      cover: { fileKey: cover, altFr: 'Une fresque', altEn: 'A fresco' },
    });
    const avatar = await upload(agent, 'avatar');
    await ok(agent, 'profile.setAvatar', { key: avatar });
    const leftBehind = await upload(agent, 'space-photo');

    // Attached, a photo is the space's: its uploader cannot delete it as their own file.
    expect((await fileRow(spacePhoto))?.ownerId).toBeNull();
    expect((await agent.request(`/api/files/${spacePhoto}`, { method: 'DELETE' })).status).toBe(403);
    expect((await agent.request(`/api/files/${olderPhoto}`, { method: 'DELETE' })).status).toBe(403);

    await ok(agent, 'profile.deleteAccount', { confirmEmail: user.email });

    for (const key of [spacePhoto, roomPhoto, olderPhoto, cover]) {
      expect(await fileRow(key)).toMatchObject({ key, ownerId: null });
      expect(await app.fileStore.get(key)).toEqual(PNG_BYTES);
    }
    expect((await app.agent().request(`/media/${spacePhoto}`)).status).toBe(200);
    for (const key of [avatar, leftBehind]) {
      expect(await fileRow(key)).toBeNull();
      expect(await app.fileStore.get(key)).toBeNull();
    }
    expect(await db.select().from(storedFiles).where(eq(storedFiles.ownerId, user.id))).toEqual([]);
  });
});

/** No job here sends mail. */
const noMail: Mailer = { send: () => Promise.reject(new Error('no mail in these tests')) };

describe('the sweep of unused uploads', () => {
  it('deletes, rows and bytes, what nothing uses once a day old, in batches, and nothing else', async () => {
    const db = app.database.db;
    await sweepOrphanFiles(db, app.fileStore, NOW); // What earlier tests left.
    const spaceId = await insertSpace(db);
    const { user } = await app.signedIn();
    const old = ORPHAN_FILE_AGE_MS + HOUR;
    const orphans = [
      await storedFile(user.id, old),
      await storedFile(user.id, old, 'avatar'),
      await storedFile(null, old),
      await storedFile(user.id, old, 'event-cover'),
      await storedFile(user.id, old, 'shared-document'),
    ];
    const young = await storedFile(user.id, ORPHAN_FILE_AGE_MS - HOUR);
    const photo = await storedFile(null, old);
    await db.insert(spacePhotos).values({ spaceId, fileKey: photo });
    const avatar = await storedFile(user.id, old, 'avatar');
    await db
      .update(users)
      .set({ image: `/api/files/${avatar}` })
      .where(eq(users.id, user.id));
    const articleCover = await storedFile(null, old);
    await db.execute(sql`INSERT INTO articles (slug, author_id, title_fr, excerpt_fr, body_fr, cover_url,
        cover_alt_fr)
      VALUES (${`cover-${Date.now()}`}, ${user.id}, 'Titre', 'Extrait', 'Corps', ${`/media/${articleCover}`},
        'Une image')`);

    expect(await sweepOrphanFiles(db, app.fileStore, NOW, { batchSize: 2 })).toBe(orphans.length);
    for (const key of orphans) {
      expect(await fileRow(key)).toBeNull();
      expect(await app.fileStore.get(key)).toBeNull();
    }
    for (const key of [young, photo, avatar, articleCover]) {
      expect(await fileRow(key)).not.toBeNull();
      expect(await app.fileStore.get(key)).toEqual(PNG_BYTES);
    }
    // A second sweep finds nothing; the young upload goes once it is a day old.
    expect(await sweepOrphanFiles(db, app.fileStore, NOW)).toBe(0);
    expect(await sweepOrphanFiles(db, app.fileStore, new Date(NOW.getTime() + 2 * HOUR))).toBe(1);
    expect(await fileRow(young)).toBeNull();
  });

  it('is a recurring job that two runners run once', async () => {
    const db = app.database.db;
    await sweepOrphanFiles(db, app.fileStore, NOW);
    const { user } = await app.signedIn();
    const orphans = [];
    for (let i = 0; i < 5; i++) orphans.push(await storedFile(user.id, ORPHAN_FILE_AGE_MS + HOUR));
    const job = orphanFilesSweepJob(app.fileStore);
    const runners = ['a', 'b'].map((workerId) =>
      createJobRunner({ db, jobs: [job], baseUrl: 'https://escale.test', mailer: noMail, workerId }),
    );
    await Promise.all(runners.map((runner) => runner.start()));
    await Promise.all(runners.map((runner) => runner.stop()));
    const ran = await Promise.all(runners.map((runner) => runner.runDue(NOW)));
    expect(ran.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await db.select().from(storedFiles).where(inArray(storedFiles.key, orphans))).toEqual([]);
    const queued = await db.execute(
      sql`SELECT run_at FROM jobs WHERE kind = 'files.sweepOrphans' AND status = 'queued'`,
    );
    expect((queued as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'leaves an old upload being attached at the same moment',
    async () => {
      const db = app.database.db;
      const spaceId = await insertSpace(db);
      const { user } = await app.signedIn();
      const key = await storedFile(user.id, ORPHAN_FILE_AGE_MS + HOUR);
      let attached!: () => void;
      let photoInserted!: () => void;
      const sweepDone = new Promise<void>((resolve) => (attached = resolve));
      const inserted = new Promise<void>((resolve) => (photoInserted = resolve));
      const attach = db.transaction(async (tx) => {
        expect(await takeUploadForSpace(tx, { key, ownerId: user.id, purpose: 'space-photo' })).toBe(true);
        await tx.insert(spacePhotos).values({ spaceId, fileKey: key });
        photoInserted();
        // Held open while the sweep runs on another connection.
        await sweepDone;
      });
      await inserted;
      await sweepOrphanFiles(db, app.fileStore, NOW);
      attached();
      await attach;
      expect(await fileRow(key)).toMatchObject({ ownerId: null });
      expect(await app.fileStore.get(key)).toEqual(PNG_BYTES);
      expect(await sweepOrphanFiles(db, app.fileStore, NOW)).toBe(0);
      expect(await fileRow(key)).not.toBeNull();
    },
  );
});

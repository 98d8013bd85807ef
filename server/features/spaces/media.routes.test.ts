// @databases pglite
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { storedFiles } from '../../db/schema/files';
import { spacePhotos } from '../../db/schema/spaces';
import { seedDemoData } from '../../demo/seed';
import { createFileKey, createLocalFileStore, type FileStore } from '../../platform/storage';
import { createMediaRoutes } from './media.routes';
import { storeGeneratedPhoto } from './photo-files.service';

let database: Database;
let folder: string;
let store: FileStore;
let routes: ReturnType<typeof createMediaRoutes>;

beforeAll(async () => {
  database = await createTestDatabase();
  folder = await mkdtemp(path.join(os.tmpdir(), 'escale-media-'));
  store = createLocalFileStore(folder);
  await seedDemoData(database.db, {
    savePhotoFile: (bytes, type, name) => storeGeneratedPhoto(database.db, store, bytes, type, name),
  });
  routes = createMediaRoutes({ db: database.db, store });
});
afterAll(async () => {
  await database.close();
  await rm(folder, { recursive: true, force: true });
});

describe('GET /media/:key', () => {
  it('serves a space photo to anyone, cacheable and locked down', async () => {
    const [photo] = await database.db.select().from(spacePhotos).orderBy(asc(spacePhotos.createdAt)).limit(1);
    const response = await routes.request(`/${photo!.fileKey}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(await response.text()).toMatch(/^<svg /);
  });

  it('does not serve a stored file that is not a photo (an avatar, a document)', async () => {
    const key = createFileKey();
    await store.put(key, new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    await database.db.insert(storedFiles).values({
      key,
      ownerId: null,
      purpose: 'avatar',
      contentType: 'image/png',
      size: 4,
      fileName: 'me.png',
    });
    expect((await routes.request(`/${key}`)).status).toBe(404);
  });

  it('answers 404 for an unknown or malformed key', async () => {
    expect((await routes.request(`/${createFileKey()}`)).status).toBe(404);
    expect((await routes.request('/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });
});

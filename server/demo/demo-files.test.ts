// @databases pglite
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/support/test-database';
import { listMySharedDocuments } from '../features/invoices/documents.service';
import { storeGeneratedPhoto } from '../features/spaces/photo-files.service';
import { createLogger } from '../platform/log';
import { systemContext } from '../platform/service-context';
import { createLocalFileStore, type FileStore } from '../platform/storage';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { users } from '../db/schema/auth';
import { ads } from '../db/schema/community';
import { events } from '../db/schema/events';
import { storedFiles } from '../db/schema/files';
import { seedDemoData, type SeedOptions } from './seed';

let database: Database;
let folder: string;
let store: FileStore;
let options: SeedOptions;
const seededAt = Date.now();

beforeAll(async () => {
  database = await createTestDatabase();
  folder = await mkdtemp(path.join(os.tmpdir(), 'escale-demo-files-'));
  store = createLocalFileStore(folder);
  options = {
    savePhotoFile: (bytes, type, name) => storeGeneratedPhoto(database.db, store, bytes, type, name),
  };
  await seedDemoData(database.db, options);
});
afterAll(async () => {
  await database.close();
  await rm(folder, { recursive: true, force: true });
});

describe('demo files', () => {
  it('show an upcoming paid event at Acme, payable with credits, with a drawn cover', async () => {
    const rows = await rowsOf<{
      price_excl_vat_cents: number;
      vat_rate_basis_points: number;
      credit_minutes: number | null;
      starts_at: Date | string;
      status: string;
      cover_alt_fr: string;
      cover_alt_en: string;
      purpose: string;
      content_type: string;
    }>(
      database.db,
      sql`SELECT e.price_excl_vat_cents, e.vat_rate_basis_points, e.credit_minutes, e.starts_at, e.status,
                 e.cover_alt_fr, e.cover_alt_en, f.purpose, f.content_type
          FROM events e JOIN spaces s ON s.id = e.space_id JOIN stored_files f ON f.key = e.cover_key
          WHERE s.slug = 'acme-coworking-paris' AND e.price_excl_vat_cents > 0`,
    );
    expect(rows).toHaveLength(1);
    const [paid] = rows;
    expect(paid).toMatchObject({
      price_excl_vat_cents: 1500,
      vat_rate_basis_points: 2000,
      credit_minutes: 60,
      status: 'published',
      purpose: 'event-cover',
      content_type: 'image/svg+xml',
    });
    expect(new Date(paid!.starts_at).getTime()).toBeGreaterThan(seededAt);
    expect(paid!.cover_alt_fr).not.toBe('');
    expect(paid!.cover_alt_en).not.toBe('');
    // A free event has a cover too.
    const covered = await database.db
      .select({ price: events.priceExclVatCents })
      .from(events)
      .where(isNotNull(events.coverKey));
    expect(covered.map((row) => row.price).sort()).toEqual([0, 1500]);
  });

  it('give one ad an image its author uploaded', async () => {
    const rows = await database.db
      .select({ email: users.email, ownerId: storedFiles.ownerId, authorId: ads.authorId, alt: ads.imageAlt })
      .from(ads)
      .innerJoin(storedFiles, eq(storedFiles.key, ads.imageKey))
      .innerJoin(users, eq(users.id, ads.authorId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ownerId).toBe(rows[0]!.authorId);
    expect(rows[0]!.email).toBe('membre@escale.test');
    expect(rows[0]!.alt).not.toBe('');
    expect(await store.get(await adImageKey())).toBeTruthy();
  });

  it('share Acme’s house rules (a PDF, through the documents service) with the demo member', async () => {
    const [member] = await database.db.select().from(users).where(eq(users.email, 'membre@escale.test'));
    const ctx = {
      ...systemContext({ db: database.db, log: createLogger(), now: new Date() }),
      actor: { ...member!, locale: null, image: null },
    };
    const documents = await listMySharedDocuments(ctx);
    expect(documents.map((document) => document.title)).toEqual(['Règlement intérieur']);
    const [file] = await database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.fileName, 'reglement-interieur.pdf'));
    expect(file).toMatchObject({ purpose: 'shared-document', ownerId: null, contentType: 'application/pdf' });
    const [activity] = await rowsOf<{ count: number }>(
      database.db,
      sql`SELECT count(*)::int AS count FROM activity_entries WHERE kind = 'document.shared'`,
    );
    expect(activity!.count).toBe(1);
  });

  it('are loaded once: seeding again adds nothing', async () => {
    const count = async () => {
      const [row] = await rowsOf<{ count: number }>(
        database.db,
        sql`SELECT count(*)::int AS count FROM stored_files`,
      );
      return row!.count;
    };
    const before = await count();
    expect(await seedDemoData(database.db, options)).toBe(false);
    expect(await count()).toBe(before);
  });
});

async function adImageKey(): Promise<string> {
  const [row] = await database.db.select({ key: ads.imageKey }).from(ads).where(isNotNull(ads.imageKey));
  return row!.key!;
}

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../server/db/client';
import { databaseUrlWithName, dropDatabase, withAdminClient } from '../../server/db/postgres-admin';

export type TestDatabaseKind = 'pglite' | 'postgres';

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
}

export interface TestDatabaseOptions {
  /** With the demo data already in (as `seedDemoData` leaves it, without files): copied, not seeded again. */
  seeded?: boolean;
}

/**
 * A fresh, migrated database for one test file (tests/setup/templates.ts): PGlite in memory loaded from the
 * migrated dump, or on PostgreSQL a new database copied from the migrated template (dropped again by
 * `close`). `seeded` starts from the template that also holds the demo data.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  if (testDatabaseKind() === 'pglite') {
    const dump = inject(options.seeded ? 'pgliteSeededTemplate' : 'pgliteTemplate');
    return openPglite('memory://', { from: new Blob([readFileSync(dump)]) });
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const template = inject(options.seeded ? 'seededTemplateDatabase' : 'templateDatabase');
  const name = `escale_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(url, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const database = openPostgres(databaseUrlWithName(url, name), { max: 20 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await dropDatabase(url, name);
    },
  };
}

/**
 * This test file's database: made before its tests (hooks registered after this call run after it, so they
 * can fill it) and closed after them. Read `.db` inside hooks and tests.
 */
export function testDatabaseForFile(options: TestDatabaseOptions = {}): { readonly db: Database['db'] } {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(options);
  });
  afterAll(() => database?.close());
  return {
    get db() {
      if (!database) throw new Error('the test database is made in beforeAll: read it in a hook or a test');
      return database.db;
    },
  };
}

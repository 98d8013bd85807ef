import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../server/db/client';
import { databaseUrlWithName, dropDatabase, withAdminClient } from '../../server/db/postgres-admin';

export type TestDatabaseKind = 'pglite' | 'postgres';

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * A fresh, migrated database for one test file: PGlite in memory loaded from the run's migrated dump, or on
 * PostgreSQL a new database copied from the run's migrated template (dropped again by `close`).
 */
export async function createTestDatabase(): Promise<Database> {
  if (testDatabaseKind() === 'pglite') {
    const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
    return openPglite('memory://', { from: template });
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const template = inject('templateDatabase');
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

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { openPglite, openPostgres, type Database, type PgliteArtifacts } from '../../server/db/client';
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
 * What each PGlite open would otherwise compile and read again, kept for the worker's life (its files run one
 * after the other on the same modules: vitest.config.ts's `isolate: false`): PGlite's WebAssembly modules and
 * file bundle, and the template dumps (read-only: each database is loaded from one into its own memory).
 */
let artifacts: Promise<PgliteArtifacts> | undefined;
const dumps = new Map<string, Blob>();

async function loadArtifacts(): Promise<PgliteArtifacts> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all(
    ['pglite.wasm', 'initdb.wasm'].map((name) => WebAssembly.compile(readFileSync(path.join(dist, name)))),
  );
  return {
    pgliteWasmModule: pgliteWasmModule!,
    initdbWasmModule: initdbWasmModule!,
    fsBundle: new Blob([readFileSync(path.join(dist, 'pglite.data'))]),
  };
}

function dumpOf(file: string): Blob {
  let dump = dumps.get(file);
  if (!dump) dumps.set(file, (dump = new Blob([readFileSync(file)])));
  return dump;
}

/**
 * A fresh, migrated database for one test file (tests/setup/templates.ts): PGlite in memory loaded from the
 * migrated dump, or on PostgreSQL a new database copied from the migrated template (dropped again by
 * `close`). `seeded` starts from the template that also holds the demo data.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  if (testDatabaseKind() === 'pglite') {
    const dump = inject(options.seeded ? 'pgliteSeededTemplate' : 'pgliteTemplate');
    return openPglite('memory://', { from: dumpOf(dump), artifacts: await (artifacts ??= loadArtifacts()) });
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

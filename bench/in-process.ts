/**
 * What the in-process page benchmarks share: the app as the server builds it (one router, a session of the
 * benchmark's choosing, the pages' production build), a page fetched through it, and the run on PGlite
 * then on a new PostgreSQL database.
 */
import os from 'node:os';
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { createApp } from '../server/app';
import { openPglite, openPostgres, type Database } from '../server/db/client';
import { createCallableRouter, type Implementation } from '../server/platform/callables';
import { parseEnvironment, readConfig } from '../server/platform/config';
import type { Session } from '../server/platform/session';

export type BenchApp = ReturnType<typeof createApp>;

/** The app on `database` with these callables, every request read as `session`'s. */
export function benchApp(
  database: Database,
  build: ServerBuild,
  callables: Implementation[],
  session: Session | null,
): BenchApp {
  const config = readConfig({
    DATA_DIR: path.join(os.tmpdir(), 'escale-bench'),
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
    BASE_URL: 'http://localhost:3000',
    NODE_ENV: 'development',
  });
  return createApp({
    database,
    config,
    router: createCallableRouter(callables),
    readSession: async () => session,
    getServerBuild: async () => build,
    mode: 'production',
  });
}

/** Fetches a page through the app, whole; anything but 200 stops the benchmark. */
export async function getPage(app: BenchApp, url: string): Promise<void> {
  const response = await app.request(url, { headers: { 'User-Agent': 'bench' } });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  await response.text();
}

/**
 * Runs `bench` on an in-memory PGlite (unless `BENCH_SKIP_PGLITE=1`), then, when DATABASE_URL is set, on a
 * new PostgreSQL database `name` (dropped after), and prints `verdict`'s lines for PostgreSQL's result:
 * the targets are PostgreSQL's. `BENCH_KEEP_DATABASE=1` keeps the PostgreSQL database after the run and, when
 * it is there already, hands it over as `reused` (migrated again, not filled again), to measure a change
 * without loading the data anew.
 */
export async function onEachDatabase<T>(
  name: string,
  bench: (database: Database, engine: 'pglite' | 'postgres', reused: boolean) => Promise<T>,
  verdict: (result: T) => string[],
): Promise<void> {
  if (process.env.BENCH_SKIP_PGLITE !== '1') {
    console.log('PGlite (embedded, in memory):');
    const pglite = await openPglite('memory://');
    try {
      await bench(pglite, 'pglite', false);
    } finally {
      await pglite.close();
    }
  }
  const url = parseEnvironment().DATABASE_URL;
  if (!url) {
    console.log('PostgreSQL: skipped (set DATABASE_URL to measure it)');
    return;
  }
  const { withAdminClient, databaseUrlWithName, dropDatabase } = await import('../server/db/postgres-admin');
  const keep = process.env.BENCH_KEEP_DATABASE === '1';
  const exists = await withAdminClient(url, async (client) => {
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rows.length > 0;
  });
  const reused = keep && exists;
  if (!reused) {
    await dropDatabase(url, name);
    await withAdminClient(url, (client) => client.query(`CREATE DATABASE ${name}`));
  }
  const postgres = openPostgres(databaseUrlWithName(url, name));
  console.log(`PostgreSQL (${name}${reused ? ', kept from a previous run' : ''}):`);
  try {
    for (const line of verdict(await bench(postgres, 'postgres', reused))) console.log(`  ${line}`);
  } finally {
    await postgres.close();
    if (!keep) await dropDatabase(url, name);
  }
}

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
 * the targets are PostgreSQL's.
 */
export async function onEachDatabase<T>(
  name: string,
  bench: (database: Database, engine: 'pglite' | 'postgres') => Promise<T>,
  verdict: (result: T) => string[],
): Promise<void> {
  if (process.env.BENCH_SKIP_PGLITE !== '1') {
    console.log('PGlite (embedded, in memory):');
    const pglite = await openPglite('memory://');
    try {
      await bench(pglite, 'pglite');
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
  await dropDatabase(url, name);
  await withAdminClient(url, (client) => client.query(`CREATE DATABASE ${name}`));
  const postgres = openPostgres(databaseUrlWithName(url, name));
  console.log(`PostgreSQL (${name}):`);
  try {
    for (const line of verdict(await bench(postgres, 'postgres'))) console.log(`  ${line}`);
  } finally {
    await postgres.close();
    await dropDatabase(url, name);
  }
}

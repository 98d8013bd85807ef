// @databases pglite postgres
/**
 * The compiled server (`npm run build`'s build/node/escale.js) as production runs it: plain node, real child
 * processes. The server is compiled once for this file into a folder of its own (pages are not built: the
 * API and health checks answer without them).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileServer } from '../scripts/build-server';
import { databaseUrlWithName, dropDatabase, withAdminClient } from './db/postgres-admin';
import { listening, runCompiledServer, stop } from '../tests/support/compiled-server';
import { testDatabaseKind } from '../tests/support/test-database';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/demo-accounts';

const root = path.resolve(import.meta.dirname, '..');
// Inside the project, so the compiled server finds node_modules as it does in build/.
const buildDir = path.join(root, `.build-cli-test-${process.pid}-${randomBytes(3).toString('hex')}`);
const entry = path.join(buildDir, 'node/escale.js');
const SECRET = 'cli-test-secret-cli-test-secret-cli-test';
const journal = JSON.parse(
  readFileSync(path.join(root, 'server/db/migrations/meta/_journal.json'), 'utf8'),
) as { entries: unknown[] };

const children = new Set<ChildProcess>();
const folders: string[] = [];

beforeAll(async () => {
  await compileServer(path.join(buildDir, 'node'), { pgliteTemplate: false });
});

afterAll(async () => {
  await Promise.all([...children].map(stop));
  rmSync(buildDir, { recursive: true, force: true });
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function dataFolder(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'escale-cli-test-'));
  folders.push(folder);
  return folder;
}

/** `node build/node/escale.js [command]` with exactly `env` (and PATH), as an operator would run it. */
const run = (env: Record<string, string>, command?: string) =>
  runCompiledServer({ entry, cwd: root, children }, env, command);

async function callable(url: string, name: string, data: unknown) {
  const response = await fetch(`${url}/api/fn/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ data }),
  });
  return { status: response.status, body: (await response.json()) as { result?: unknown } };
}

describe.runIf(testDatabaseKind() === 'pglite')('the compiled server', () => {
  it('refuses to start in production without DATABASE_URL, with a one-line reason', async () => {
    const started = run({ NODE_ENV: 'production', AUTH_SECRET: SECRET, DATA_DIR: dataFolder() });
    expect(await started.exited).toBe(1);
    expect(started.output()).toBe(
      'escale: DATABASE_URL must be set in production: PGlite, the embedded default, is for trying Escale and for tests\n',
    );
  });

  it('says the missing DATABASE_URL first when `npm start` finds no build in production', async () => {
    const started = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        AUTH_SECRET: SECRET,
        BUILD_DIR: dataFolder(),
      },
    });
    let output = '';
    started.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => started.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toBe(
      'escale: DATABASE_URL must be set in production: PGlite, the embedded default, is for trying Escale and for tests\n',
    );
  });

  it('refuses to start on a wrong setting, naming the variable', async () => {
    const started = run({ PORT: 'eighty', DATA_DIR: dataFolder() });
    expect(await started.exited).toBe(1);
    expect(started.output()).toBe('escale: PORT is not valid: expected a port number\n');
  });

  it('outside production, serves on a new embedded database with the demo data loaded', async () => {
    const started = run({ DATA_DIR: dataFolder(), LOG_LEVEL: 'info' });
    const url = await listening(started);
    expect(started.output()).toContain(`demo accounts (password ${DEMO_PASSWORD})`);
    const demoSpace = await callable(url, 'spaces.get', { ref: 'acme-coworking-paris' });
    expect(demoSpace.status).toBe(200);
    await stop(started.child);
    expect(await started.exited).toBe(0);
    // A whole first start in a new process (migrations, then the demo data): about 20 s on a quiet machine,
    // beyond the 30 s default under a busy one (seen at load 20).
  }, 120_000);
});

describe.runIf(testDatabaseKind() === 'postgres')('the compiled server on PostgreSQL in production', () => {
  const adminUrl = process.env.DATABASE_URL!;
  let name: string;
  let url: string;

  beforeAll(async () => {
    // An empty database (not the migrated template): what a first deployment meets.
    name = `escale_test_cli_${randomBytes(5).toString('hex')}`;
    await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    url = databaseUrlWithName(adminUrl, name);
  });
  afterAll(async () => {
    await Promise.all([...children].map(stop));
    await dropDatabase(adminUrl, name);
  });

  async function query<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  }

  it('starts as two processes at once on an empty database: both serve, migrations ran once, no demo data', async () => {
    const env = { NODE_ENV: 'production', DATABASE_URL: url, AUTH_SECRET: SECRET, LOG_LEVEL: 'info' };
    const servers = [run({ ...env, DATA_DIR: dataFolder() }), run({ ...env, DATA_DIR: dataFolder() })];
    const urls = await Promise.all(servers.map(listening));

    for (const serverUrl of urls) {
      expect((await fetch(`${serverUrl}/readyz`)).status).toBe(200);
      const search = await callable(serverUrl, 'search.spaces', {});
      expect(search.status).toBe(200);
    }
    const applied = await query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations');
    expect(applied).toHaveLength(journal.entries.length);
    expect(new Set(applied.map((row) => row.hash)).size).toBe(journal.entries.length);

    const [counts] = await query<{ users: number; spaces: number }>(
      'SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM spaces) AS spaces',
    );
    expect(counts).toEqual({ users: 0, spaces: 0 });
    const demo = await callable(urls[0]!, 'spaces.get', { ref: 'acme-coworking-paris' });
    expect(demo.status).toBe(404);

    await Promise.all(servers.map((server) => stop(server.child)));
    expect(await Promise.all(servers.map((server) => server.exited))).toEqual([0, 0]);
    expect(servers.map((server) => server.output()).join('')).not.toContain(DEMO_ACCOUNTS[0]!.email);
  });

  it('refuses to load demo data in production', async () => {
    const started = run(
      { NODE_ENV: 'production', DATABASE_URL: url, AUTH_SECRET: SECRET, DATA_DIR: dataFolder() },
      'seed',
    );
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/^escale: refusing to load demo data in production/);
    const [users] = await query<{ count: number }>('SELECT count(*)::int AS count FROM users');
    expect(users?.count).toBe(0);
  });

  it('outside production, loads the demo data into an empty database from a seed process, then serves it', async () => {
    const demoName = `escale_test_cli_demo_${randomBytes(5).toString('hex')}`;
    await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${demoName}`));
    try {
      const env = { DATABASE_URL: databaseUrlWithName(adminUrl, demoName), LOG_LEVEL: 'info' };
      const started = run({ ...env, DATA_DIR: dataFolder() });
      const serverUrl = await listening(started);
      expect((await callable(serverUrl, 'spaces.get', { ref: 'acme-coworking-paris' })).status).toBe(200);
      // The accounts are said once, by the server; the seed process says only what goes wrong.
      expect(started.output().split(`demo accounts (password ${DEMO_PASSWORD})`)).toHaveLength(2);
      await stop(started.child);
      expect(await started.exited).toBe(0);
      // Started again on the loaded database: nothing loaded twice.
      const again = run({ ...env, DATA_DIR: dataFolder() });
      expect((await fetch(`${await listening(again)}/readyz`)).status).toBe(200);
      await stop(again.child);
      expect(await again.exited).toBe(0);
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      try {
        const { rows } = await client.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM spaces WHERE slug = 'acme-coworking-paris'`,
        );
        expect(rows[0]?.count).toBe(1);
      } finally {
        await client.end();
      }
    } finally {
      await dropDatabase(adminUrl, demoName);
    }
  }, 120_000);
});

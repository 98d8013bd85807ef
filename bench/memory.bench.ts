/**
 * The server's memory as `npm start` runs it: a real process (`node scripts/start.mjs`, which runs the
 * compiled server) on a new data folder with the demo data, on PGlite and (with DATABASE_URL) on a
 * throw-away PostgreSQL database. Prints its resident memory and peak (Linux's VmRSS and VmHWM) once it
 * answers, then under load: autocannon on loopback over pages and the API for a fixed time.
 * Figures are printed; nothing is asserted. docs/decisions/016-memory.md says what they were.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseEnvironment } from '../server/platform/config';
import { databaseUrlWithName, dropDatabase, withAdminClient } from '../tests/support/postgres-template';

const root = path.resolve(import.meta.dirname, '..');
const LOAD_SECONDS = 20;
const CONNECTIONS = 10;
const READY_TIMEOUT_MS = 240_000;

interface Memory {
  rss: number;
  peak: number;
}

/** The process's resident memory and its peak so far, in MiB (Linux). */
function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? Number.NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not become ready at ${url}`);
}

function format({ rss, peak }: Memory): string {
  return `RSS ${rss.toFixed(0).padStart(4)} MiB, peak ${peak.toFixed(0).padStart(4)} MiB`;
}

/** Pages and callables people use, in turn. */
function requests(url: string): autocannon.Request[] {
  const json = (name: string, data: unknown): autocannon.Request => ({
    method: 'POST',
    path: `/api/fn/${name}`,
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ data }),
  });
  return [
    { method: 'GET', path: '/' },
    { method: 'GET', path: '/search?city=Paris' },
    { method: 'GET', path: '/spaces/acme-coworking-paris' },
    json('search.spaces', { city: 'Lyon' }),
    json('spaces.get', { ref: 'la-ruche-lyon' }),
  ];
}

async function measure(label: string, env: Record<string, string>) {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'escale-bench-memory-'));
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      BASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const started = performance.now();
    await waitUntilReady(url, child);
    const ready = memoryOf(child.pid!);
    console.log(`  ${label}`);
    console.log(
      `    after start (demo data loaded, ${((performance.now() - started) / 1000).toFixed(1)} s): ${format(ready)}`,
    );
    const result = await autocannon({
      url,
      connections: CONNECTIONS,
      duration: LOAD_SECONDS,
      requests: requests(url),
    });
    const loaded = memoryOf(child.pid!);
    const failures = result.non2xx + result.errors + result.timeouts;
    console.log(
      `    under load (${CONNECTIONS} connections, ${LOAD_SECONDS} s, ${Math.round(result.requests.average)} req/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${failures ? `, ${failures} FAILED` : ''}): ${format(loaded)}`,
    );
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The benchmark, for `npm run bench` (bench/run.ts). */
export async function run() {
  // Built (when needed) before measuring, so no build runs inside the measured process.
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), 'build-if-needed'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the build failed');
  console.log('Server memory (the compiled server as npm start runs it, demo data, Linux VmRSS / VmHWM):');

  await measure('PGlite (embedded, new data folder)', {});

  const url = parseEnvironment().DATABASE_URL;
  if (!url) {
    console.log('  PostgreSQL: skipped (set DATABASE_URL to measure it on a throw-away database)');
    return;
  }
  const name = `escale_bench_${randomBytes(4).toString('hex')}`;
  await withAdminClient(url, (client) => client.query(`CREATE DATABASE ${name}`));
  try {
    await measure('PostgreSQL (new database)', { DATABASE_URL: databaseUrlWithName(url, name) });
  } finally {
    await dropDatabase(url, name);
  }
}

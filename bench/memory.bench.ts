/**
 * The server's memory under load, as `npm start` runs it: a real process (the compiled server) on a new data
 * folder with the demo data, on PGlite and (with DATABASE_URL) on a throw-away PostgreSQL database, beside
 * the bare reference app (bench/reference-app.ts) under the same load. Prints resident memory and its peak
 * (Linux's VmRSS and VmHWM) once each answers, then after CONNECTIONS connections have asked for one page
 * for LOAD_SECONDS: /spaces/all (every published space, the heaviest public list) for Escale, / for the bare
 * app. Escale runs with Node's default heap and with the limit docs/deploy.md recommends (HEAP_LIMIT_OPTIONS).
 * Target: Escale's peak ≤ 250 MiB on PostgreSQL. Figures are printed; nothing is asserted.
 * docs/decisions/016-memory.md and 018-fast-first-load.md say what they were.
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseEnvironment } from '../server/platform/config';
import { databaseUrlWithName, dropDatabase, withAdminClient } from '../server/db/postgres-admin';
import { buildReferenceApp } from './reference-app';
import {
  buildEscaleIfNeeded,
  formatMemory,
  memoryOf,
  startEscale,
  startReference,
  type Server,
} from './servers';

const LOAD_SECONDS = 30;
const CONNECTIONS = 50;
const TARGET_PEAK_MIB = 250;
/** The heap limit docs/deploy.md recommends for a production process. */
export const HEAP_LIMIT_OPTIONS = '--max-old-space-size=128';

async function measure(label: string, start: () => Promise<Server>, path: string): Promise<number> {
  const began = performance.now();
  const server = await start();
  try {
    const ready = memoryOf(server.pid);
    console.log(`  ${label}`);
    console.log(
      `    after start (${((performance.now() - began) / 1000).toFixed(1)} s): ${formatMemory(ready)}`,
    );
    const result = await autocannon({
      url: `${server.url}${path}`,
      connections: CONNECTIONS,
      duration: LOAD_SECONDS,
    });
    if (!server.alive()) {
      console.log(`  ${label}: the process ended under load (out of memory?)`);
      return Number.NaN;
    }
    const loaded = memoryOf(server.pid);
    const failures = result.non2xx + result.errors + result.timeouts;
    console.log(
      `    GET ${path}, ${CONNECTIONS} connections, ${LOAD_SECONDS} s: ${Math.round(result.requests.average)} req/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${failures ? `, ${failures} FAILED` : ''}: ${formatMemory(loaded)}`,
    );
    return loaded.peak;
  } finally {
    await server.stop();
  }
}

/** The benchmark, for `npm run bench` (bench/run.ts). */
export async function run() {
  buildEscaleIfNeeded();
  const reference = buildReferenceApp();
  try {
    console.log(
      `Server memory (Linux VmRSS / VmHWM; load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}):`,
    );
    await measure('bare reference app', () => startReference(reference.dir), '/');
    await measure(
      `Escale on PGlite (embedded, new data folder), NODE_OPTIONS=${HEAP_LIMIT_OPTIONS}`,
      () => startEscale({ NODE_OPTIONS: HEAP_LIMIT_OPTIONS }),
      '/spaces/all',
    );

    const url = parseEnvironment().DATABASE_URL;
    if (!url) {
      console.log(
        '  Escale on PostgreSQL: skipped (set DATABASE_URL to measure it on a throw-away database)',
      );
      return;
    }
    for (const options of ['', HEAP_LIMIT_OPTIONS]) {
      const name = `escale_bench_${randomBytes(4).toString('hex')}`;
      await withAdminClient(url, (client) => client.query(`CREATE DATABASE ${name}`));
      try {
        const peak = await measure(
          `Escale on PostgreSQL (new database), ${options ? `NODE_OPTIONS=${options}` : "Node's default heap"}`,
          () =>
            startEscale({
              DATABASE_URL: databaseUrlWithName(url, name),
              ...(options ? { NODE_OPTIONS: options } : {}),
            }),
          '/spaces/all',
        );
        console.log(
          `    target: peak ≤ ${TARGET_PEAK_MIB} MiB on PostgreSQL: ${peak <= TARGET_PEAK_MIB ? 'met' : 'NOT met'}`,
        );
      } finally {
        await dropDatabase(url, name);
      }
    }
  } finally {
    reference.remove();
  }
}

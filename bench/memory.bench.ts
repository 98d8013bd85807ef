/**
 * The server's memory under load, as `npm start` and the production command run it (the node options of
 * package.json's `start` script, docs/deploy.md's "Memory"): a real
 * process (the compiled server) on a new data folder with the demo data, on PGlite and (with DATABASE_URL)
 * on a throw-away PostgreSQL database, beside the bare reference app (bench/reference-app.ts) under the same
 * load. Prints resident memory and its peak (Linux's VmRSS and VmHWM) once each answers, then after
 * CONNECTIONS connections have asked for one page for LOAD_SECONDS: /spaces/all (every published space, the
 * heaviest public list) for Escale, / for the bare app; with the requests per second, and the server's CPU
 * time per request (from /proc: steadier than the rate on a shared machine).
 *
 * `BENCH_COMPARE_WITH=/path/to/another/checkout` measures that copy of Escale too (built there when needed),
 * the two alternating `BENCH_ROUNDS` times (default 1): two versions side by side in one run, each with its
 * own `start` script's options. `BENCH_NODE_OPTIONS="--max-old-space-size=… …"` starts every Escale of the
 * run with those options instead (to measure other settings); `BENCH_SKIP_PGLITE=1` measures PostgreSQL only.
 * Target (issue 31): Escale's peak ≤ 250 MB (238.4 MiB) on PostgreSQL. Figures are printed; nothing is asserted.
 * docs/decisions/016-memory.md, 018-fast-first-load.md and 036-memory-and-booking-throughput.md say what they were.
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseEnvironment } from '../server/platform/config';
import { databaseUrlWithName, dropDatabase, withAdminClient } from '../server/db/postgres-admin';
import { buildReferenceApp } from './reference-app';
import {
  buildEscaleIfNeeded,
  cpuSecondsOf,
  formatMemory,
  loadAverage,
  memoryOf,
  type Server,
  startEscale,
  startNodeOptions,
  startReference,
} from './servers';

const LOAD_SECONDS = 30;
const CONNECTIONS = 50;
/** Issue 31's 250 MB, in the MiB the figures are printed in. */
const TARGET_PEAK_MIB = 250e6 / 2 ** 20;

/** CPU seconds (user + system) process `pid` has used so far. */
async function measure(label: string, start: () => Promise<Server>, path: string): Promise<number> {
  const began = performance.now();
  const server = await start();
  try {
    const ready = memoryOf(server.pid);
    console.log(`  ${label}`);
    console.log(
      `    after start (${((performance.now() - began) / 1000).toFixed(1)} s): ${formatMemory(ready)}`,
    );
    const cpuBefore = cpuSecondsOf(server.pid);
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
    const cpuMs = ((cpuSecondsOf(server.pid) - cpuBefore) * 1000) / result.requests.total;
    const failures = result.non2xx + result.errors + result.timeouts;
    console.log(
      `    GET ${path}, ${CONNECTIONS} connections, ${LOAD_SECONDS} s: ${Math.round(result.requests.average)} req/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${cpuMs.toFixed(2)} ms CPU/request` +
        `${failures ? `, ${failures} FAILED` : ''}: ${formatMemory(loaded)}`,
    );
    return loaded.peak;
  } finally {
    await server.stop();
  }
}

/** The benchmark, for `npm run bench` (bench/run.ts). */
export async function run() {
  const other = process.env.BENCH_COMPARE_WITH;
  const checkouts = [path.resolve(import.meta.dirname, '..'), ...(other ? [path.resolve(other)] : [])];
  for (const checkout of checkouts) buildEscaleIfNeeded(checkout);
  const reference = buildReferenceApp();
  const url = parseEnvironment().DATABASE_URL;
  try {
    console.log(`Server memory (Linux VmRSS / VmHWM; load average ${loadAverage()}):`);
    await measure('bare reference app', () => startReference(reference.dir), '/');
    const rounds = Number(process.env.BENCH_ROUNDS) || 1;
    // Knobs of this benchmark, not settings of the server: read here rather than in server/platform/config.ts.
    const replaced = process.env.BENCH_NODE_OPTIONS?.trim();
    const skipPglite = process.env.BENCH_SKIP_PGLITE === '1';
    for (let round = 0; round < rounds; round++) {
      for (const checkout of checkouts) {
        const options = replaced ? replaced.split(/\s+/) : startNodeOptions(checkout);
        const start = (env: Record<string, string> = {}) => startEscale(env, options, checkout, true);
        const which = `${other ? ` (${checkout})` : ''}, node ${options.join(' ') || '(no options)'}`;
        if (!skipPglite) {
          await measure(
            `Escale on PGlite (embedded, new data folder), as npm start runs it${which}`,
            () => start(),
            '/spaces/all',
          );
        }
        if (!url) {
          console.log(
            '  Escale on PostgreSQL: skipped (set DATABASE_URL to measure it on a throw-away database)',
          );
          continue;
        }
        const name = `escale_bench_${randomBytes(4).toString('hex')}`;
        await withAdminClient(url, (client) => client.query(`CREATE DATABASE ${name}`));
        try {
          const peak = await measure(
            `Escale on PostgreSQL (new database), as npm start runs it${which}`,
            () => start({ DATABASE_URL: databaseUrlWithName(url, name) }),
            '/spaces/all',
          );
          console.log(
            `    target: peak ≤ 250 MB (${TARGET_PEAK_MIB.toFixed(1)} MiB) on PostgreSQL: ${peak <= TARGET_PEAK_MIB ? 'met' : 'NOT met'}`,
          );
        } finally {
          await dropDatabase(url, name);
        }
      }
    }
  } finally {
    reference.remove();
  }
}

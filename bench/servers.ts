/**
 * Servers the benchmarks measure, each a real process on loopback: Escale as `npm start` runs it (the
 * compiled server, a new data folder with the demo data, PGlite or a given PostgreSQL database), and the bare
 * reference app (bench/reference-app.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const READY_TIMEOUT_MS = 240_000;

export interface Memory {
  /** Resident memory now, MiB. */
  rss: number;
  /** Resident memory's peak since the process started, MiB. */
  peak: number;
}

/** A process's resident memory and its peak so far, in MiB (Linux's VmRSS and VmHWM). */
export function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? Number.NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/** A process's CPU seconds so far (user + system), from /proc; throws when the process is gone. */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields 14 and 15 of stat (utime, stime), counted here from the state (field 3), after the command's name.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

const CLOCK_TICKS = 100; // USER_HZ on Linux

/** The load averages over 1, 5 and 15 minutes, as the benchmarks print them. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

export function formatMemory({ rss, peak }: Memory): string {
  return `RSS ${rss.toFixed(0).padStart(4)} MiB, peak ${peak.toFixed(0).padStart(4)} MiB`;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface Server {
  url: string;
  pid: number;
  /** Whether the process is still running (a load test may end it: out of memory, say). */
  alive(): boolean;
  stop(): Promise<void>;
}

async function waitUntilReady(url: string, child: ChildProcess) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not become ready at ${url}`);
}

async function started(child: ChildProcess, url: string, readyPath: string, cleanup: () => void) {
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    else return cleanup();
    await exited;
    cleanup();
  };
  try {
    await waitUntilReady(`${url}${readyPath}`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  const alive = () => child.exitCode === null && child.signalCode === null;
  return { url, pid: child.pid!, alive, stop };
}

/** Builds Escale (in `checkout`, this one by default) when the build is missing or older than its sources. */
export function buildEscaleIfNeeded(checkout = root) {
  // bench/run.ts sets NODE_ENV=production for what it measures in-process; outside production the start
  // script builds when needed (in production it never does).
  const { NODE_ENV: _production, ...env } = process.env;
  const built = spawnSync(process.execPath, [path.join(checkout, 'scripts/start.mjs'), 'build-if-needed'], {
    cwd: checkout,
    env,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the build failed');
}

/**
 * The options `npm start` gives node in `checkout` (its package.json's `start` script,
 * `node <options> scripts/start.mjs`): the heap's bounds, docs/deploy.md's "Memory".
 */
export function startNodeOptions(checkout = root): string[] {
  const manifest = JSON.parse(readFileSync(path.join(checkout, 'package.json'), 'utf8')) as {
    scripts?: { start?: string };
  };
  const words = (manifest.scripts?.start ?? '').trim().split(/\s+/);
  const script = words.indexOf('scripts/start.mjs');
  return words[0] === 'node' && script > 0 ? words.slice(1, script) : [];
}

/**
 * Escale as `npm start` runs it (with its node options, `startNodeOptions`), on a new data folder (the demo
 * data is loaded at start): PGlite, or the database of `env.DATABASE_URL`. `env` adds to a minimal
 * environment; `nodeArgs` are more node options (a profiler's, which NODE_OPTIONS refuses), or, with
 * `replaceStartOptions`, the options to start with instead of npm start's (to measure other settings);
 * `checkout` is the copy of Escale to run (another worktree's, to compare versions in one run; this one by
 * default). BUILD_DIR, when set, is handed on: the build `buildEscaleIfNeeded` made.
 */
export async function startEscale(
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  checkout = root,
  replaceStartOptions = false,
): Promise<Server> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'escale-bench-server-'));
  const options = replaceStartOptions ? nodeArgs : [...startNodeOptions(checkout), ...nodeArgs];
  const child = spawn(process.execPath, [...options, path.join(checkout, 'scripts/start.mjs')], {
    cwd: checkout,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      BASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return started(child, url, '/readyz', () => rmSync(dataDir, { recursive: true, force: true }));
}

/** The bare reference app built in `dir` (bench/reference-app.ts), served by its own process. */
export async function startReference(dir: string, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(dir, 'server.mjs')], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', PORT: String(port), NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return started(child, url, '/', () => undefined);
}

/**
 * What the in-process benchmarks share: p50/p95 of a piece of work timed round after round, and the server
 * build of the pages (built first when missing or older than its sources).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { buildEscaleIfNeeded } from './servers';

const root = path.resolve(import.meta.dirname, '..');

/** The p-th percentile of ascending `sorted` (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export interface MeasureOptions {
  /** Rounds run first and not counted (caches, JIT). */
  warmup?: number;
  rounds?: number;
  /** Width of the label column. */
  width?: number;
}

/** Runs `work` `warmup` times, then times `rounds` runs; prints p50 and p95 and returns p95 (ms). */
export async function measure(
  label: string,
  work: () => Promise<unknown>,
  { warmup = 20, rounds = 200, width = 52 }: MeasureOptions = {},
): Promise<number> {
  for (let i = 0; i < warmup; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  const sorted = times.sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  console.log(
    `  ${label.padEnd(width)} p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   (${sorted.length})`,
  );
  return p95;
}

/** The server build of the pages, from build/ (built first when missing or older than its sources). */
export async function loadServerBuild(): Promise<ServerBuild> {
  buildEscaleIfNeeded();
  return (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as ServerBuild;
}

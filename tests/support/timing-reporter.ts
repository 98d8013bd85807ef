/**
 * A Vitest reporter beside the default one: how long each test file took and how many test cases ran per
 * project (pglite, postgres). It prints both at the end of a run and writes them as JSON for `npm test`
 * (scripts/test.ts), which prints them again with the other steps' times.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTiming {
  file: string;
  project: string;
  /** Import of the file and its graph (collect) plus its tests and hooks, in milliseconds. */
  durationMs: number;
  importMs: number;
  testsMs: number;
}

export interface VitestSummary {
  files: FileTiming[];
  /** Test cases that ran (passed or failed), per project; skipped ones are counted apart. */
  executed: Record<string, number>;
  skipped: Record<string, number>;
}

/** Where the last run's summary is written (`VITEST_SUMMARY_FILE` overrides it). */
export const SUMMARY_FILE =
  process.env.VITEST_SUMMARY_FILE ?? path.resolve('node_modules/.cache/escale-tests/vitest-summary.json');

export function slowestFiles(summary: VitestSummary, count: number): FileTiming[] {
  return [...summary.files].sort((a, b) => b.durationMs - a.durationMs).slice(0, count);
}

export function formatSummary(summary: VitestSummary, count = 15): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = [`Slowest test files (import + tests):`];
  for (const timing of slowestFiles(summary, count)) {
    lines.push(
      `  ${seconds(timing.durationMs).padStart(8)}  ${timing.project.padEnd(8)} ${timing.file}` +
        `  (import ${seconds(timing.importMs)}, tests ${seconds(timing.testsMs)})`,
    );
  }
  lines.push('Test cases executed per database:');
  for (const [project, executed] of Object.entries(summary.executed).sort()) {
    lines.push(`  ${project.padEnd(8)} ${executed} executed, ${summary.skipped[project] ?? 0} skipped`);
  }
  return lines.join('\n');
}

/** The parts of Playwright's JSON report read here: nested suites, each spec's tests and their runs. */
export interface PlaywrightSuite {
  file?: string;
  specs?: Array<{ file?: string; tests: Array<{ results: Array<{ duration: number }> }> }>;
  suites?: PlaywrightSuite[];
}

/** Each browser spec file's time (its tests' runs summed, retries included), slowest first. */
export function slowestSpecFiles(
  suites: PlaywrightSuite[],
  count: number,
): Array<{ file: string; durationMs: number; tests: number }> {
  const byFile = new Map<string, { durationMs: number; tests: number }>();
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      const file = spec.file ?? suite.file ?? '?';
      const entry = byFile.get(file) ?? { durationMs: 0, tests: 0 };
      for (const test of spec.tests) {
        entry.tests += 1;
        for (const result of test.results) entry.durationMs += result.duration;
      }
      byFile.set(file, entry);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of suites) visit(suite);
  return [...byFile]
    .map(([file, entry]) => ({ file, ...entry }))
    .sort((a, b) => b.durationMs - a.durationMs)
    .slice(0, count);
}

/** The slowest browser spec files, as `npm test` prints them (lanes run side by side: the sum is not wall time). */
export function formatSpecSummary(suites: PlaywrightSuite[], count = 15): string {
  const lines = ['Slowest browser spec files (their tests’ runs summed):'];
  for (const { file, durationMs, tests } of slowestSpecFiles(suites, count)) {
    lines.push(
      `  ${`${(durationMs / 1000).toFixed(1)} s`.padStart(8)}  ${file}  (${tests} ${tests === 1 ? 'test' : 'tests'})`,
    );
  }
  return lines.join('\n');
}

export default class TimingReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const summary: VitestSummary = { files: [], executed: {}, skipped: {} };
    for (const testModule of testModules) {
      const project = testModule.project.name || 'default';
      const diagnostic = testModule.diagnostic();
      summary.files.push({
        file: path.relative(process.cwd(), testModule.moduleId),
        project,
        durationMs: Math.round(diagnostic.collectDuration + diagnostic.duration),
        importMs: Math.round(diagnostic.collectDuration),
        testsMs: Math.round(diagnostic.duration),
      });
      summary.executed[project] ??= 0;
      summary.skipped[project] ??= 0;
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed' || state === 'failed') summary.executed[project] += 1;
        else summary.skipped[project] += 1;
      }
    }
    mkdirSync(path.dirname(SUMMARY_FILE), { recursive: true });
    writeFileSync(SUMMARY_FILE, JSON.stringify(summary, null, 2));
    console.log(`\n${formatSummary(summary)}\n`);
  }
}

import { describe, expect, it } from 'vitest';
import { formatSpecSummary, slowestSpecFiles, type PlaywrightSuite } from '../tests/support/timing-reporter';

const run = (duration: number) => ({ results: [{ duration }] });

/** Playwright's JSON report: a suite per file, describe blocks as nested suites, a spec per test title. */
const report: PlaywrightSuite[] = [
  {
    file: 'search.spec.ts',
    specs: [{ file: 'search.spec.ts', tests: [run(2_000)] }],
    suites: [{ specs: [{ file: 'search.spec.ts', tests: [run(1_500), run(500)] }] }],
  },
  {
    file: 'sepa.spec.ts',
    specs: [{ file: 'sepa.spec.ts', tests: [{ results: [{ duration: 9_000 }, { duration: 1_000 }] }] }],
  },
  { file: 'home.spec.ts', specs: [{ file: 'home.spec.ts', tests: [run(100)] }] },
];

describe('the browser spec files’ times', () => {
  it('sums each file’s runs through nested suites, slowest first, as many as asked', () => {
    expect(slowestSpecFiles(report, 2)).toEqual([
      { file: 'sepa.spec.ts', durationMs: 10_000, tests: 1 },
      { file: 'search.spec.ts', durationMs: 4_000, tests: 3 },
    ]);
  });

  it('prints one line per file', () => {
    expect(formatSpecSummary(report).split('\n')).toEqual([
      'Slowest browser spec files (their tests’ runs summed):',
      '    10.0 s  sepa.spec.ts  (1 test)',
      '     4.0 s  search.spec.ts  (3 tests)',
      '     0.1 s  home.spec.ts  (1 test)',
    ]);
  });
});

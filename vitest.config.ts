import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { allDatabaseTestFiles, postgresTestFiles } from './tests/support/database-markers.ts';
import HeavyFirstSequencer from './tests/support/heavy-first-sequencer.ts';

const alias = {
  '~': fileURLToPath(new URL('./app', import.meta.url)),
  '#contract': fileURLToPath(new URL('./contract', import.meta.url)),
};

const include = ['{app,contract,locales,server,scripts}/**/*.test.{ts,tsx}'];

/**
 * Every test runs on PGlite. When DATABASE_URL is set, the test files marked `// @databases pglite postgres`
 * (what PostgreSQL decides under load: tests/support/database-markers.ts) run a second time against that
 * PostgreSQL, each file in a fresh database made from a migrated template. `npm run test:full`
 * (TEST_ALL_ON_POSTGRES=1, the postgres project only) runs every database test file but the fuzz there.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    globalSetup: ['tests/setup/global-setup.ts'],
    // Per-file times and test cases per database, printed at the end and read by `npm test`.
    reporters: ['default', './tests/support/timing-reporter.ts'],
    env: { LOG_LEVEL: 'silent' },
    // One worker per core (Vitest's default leaves one free): much of a test's time is spent waiting on a
    // database, a socket or a hash.
    maxWorkers: Math.max(2, os.availableParallelism()),
    // A worker evaluates the server's modules once and runs file after file on them, rather than again for
    // each file (2–4 s a file). What a file must not inherit lives in its own database, which each file
    // makes for itself (tests/support/test-database.ts); no test replaces a module (decision 026).
    isolate: false,
    sequence: { sequencer: HeavyFirstSequencer },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'pglite', include, environment: 'node' } },
      ...(process.env.DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: process.env.TEST_ALL_ON_POSTGRES ? allDatabaseTestFiles() : postgresTestFiles(),
                environment: 'node',
                env: { TEST_DATABASE: 'postgres', LOG_LEVEL: 'silent' },
              },
            },
          ]
        : []),
    ],
  },
});

import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '~': fileURLToPath(new URL('./app', import.meta.url)),
  '#contract': fileURLToPath(new URL('./contract', import.meta.url)),
};

const include = ['{app,contract,locales,server,scripts}/**/*.test.{ts,tsx}'];

/**
 * Every test runs on PGlite. When DATABASE_URL is set, the server's tests (those that touch the database)
 * run a second time against that PostgreSQL, each file in a fresh database made from a migrated template.
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
                include: ['server/**/*.test.ts'],
                environment: 'node',
                env: { TEST_DATABASE: 'postgres', LOG_LEVEL: 'silent' },
              },
            },
          ]
        : []),
    ],
  },
});

import { defineConfig, devices } from '@playwright/test';
import { E2E_LANES, E2E_READY_PORT, LANES } from './tests/e2e/lanes';
import { chromiumPath } from './tests/support/chromium';

/**
 * Browser tests drive Debian's Chromium (no browser download here) against `npm start`'s server with demo
 * data, one server per worker (tests/e2e/lanes.ts), each on a fresh database: PGlite in a fresh data folder,
 * or a PostgreSQL database of its own when DATABASE_URL is set (scripts/e2e-server.mjs). E2E_PORT and the build
 * folder are per run so runs never share files.
 */

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  // A real SMTP server on loopback receives the web server's mail (tests/e2e/mailbox.ts reads it).
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: process.env.E2E_OUTPUT ?? 'test-results',
  // Each test makes the data it changes (tests/e2e/factories.ts) or puts back what it borrowed, and a lane
  // runs one test at a time: any test may run on any lane, in any company (docs/decisions/026).
  fullyParallel: true,
  // Two lanes keep both cores busy: a browser test mostly waits on its page, its server or a timer.
  workers: E2E_LANES,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // Each worker's tests go to its own lane's server: tests/e2e/fixtures.ts sets baseURL per worker.
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // Recording a trace for every test (to keep the failed ones) cost a third of the browsers' CPU time
    // (docs/decisions/026): E2E_TRACE=on records them when a failure needs one.
    trace: process.env.E2E_TRACE === 'on' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // One command builds when the sources changed, then starts every lane's server at once (scripts/e2e-server.mjs),
  // and answers on the port after the lanes' once they all do.
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${E2E_READY_PORT}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    // SIGTERM rather than Playwright's default SIGKILL: the lanes stop, then their databases are dropped.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      E2E_LANES_JSON: JSON.stringify(LANES),
      E2E_READY_PORT: String(E2E_READY_PORT),
      BUILD_DIR: process.env.BUILD_DIR ?? 'build',
      // Each lane's server gets its own database on this PostgreSQL server when there is one
      // (scripts/e2e-server.mjs); the server itself never reads this name.
      E2E_DATABASE_URL: process.env.DATABASE_URL ?? '',
      DATABASE_URL: '',
      AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret',
      GTM_CONTAINER_ID: 'GTM-E2ETEST',
      LOG_LEVEL: 'warn',
      // A test build skips the brotli and gzip copies (scripts/build.ts); `npm run build` always makes them.
      PRECOMPRESS: process.env.PRECOMPRESS ?? 'off',
    },
  },
});

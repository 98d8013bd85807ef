import { defineConfig, devices } from '@playwright/test';
import { E2E_LANES, LANES } from './tests/e2e/lanes';

/**
 * Browser tests drive Debian's Chromium (no browser download here) against `npm start`'s server on a fresh
 * PGlite data folder with demo data, one server per worker (tests/e2e/lanes.ts). E2E_PORT and the build
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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // Started one after the other: the first builds the app when its sources changed, the others reuse it.
  webServer: LANES.map((lane) => ({
    command: `node scripts/e2e-server.mjs`,
    url: `${lane.origin}/readyz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(lane.port),
      DATA_DIR: lane.dataDir,
      BUILD_DIR: process.env.BUILD_DIR ?? 'build',
      BASE_URL: lane.origin,
      DATABASE_URL: '',
      AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret',
      GTM_CONTAINER_ID: 'GTM-E2ETEST',
      LOG_LEVEL: 'warn',
      // A test build skips the brotli and gzip copies (scripts/build.ts); `npm run build` always makes them.
      PRECOMPRESS: process.env.PRECOMPRESS ?? 'off',
      SMTP_URL: `smtp://127.0.0.1:${lane.smtpPort}`,
      // The app's clock, which a test may set (tests/e2e/clock.ts); empty, the machine's.
      TEST_CLOCK_FILE: lane.clockFile,
    },
  })),
});

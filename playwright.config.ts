import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { SMTP_PORT } from './tests/e2e/mailbox';

/**
 * Browser tests drive Debian's Chromium (no browser download here) against `npm start`'s server on a fresh
 * PGlite data folder with demo data. E2E_PORT and the build folder are per run so runs never share files.
 */
const port = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://localhost:${port}`;
const runDir = path.join(os.tmpdir(), `escale-e2e-${port}`);

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
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
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
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `${baseURL}/readyz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: path.join(runDir, 'data'),
      BUILD_DIR: process.env.BUILD_DIR ?? 'build',
      BASE_URL: baseURL,
      DATABASE_URL: '',
      AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret',
      GTM_CONTAINER_ID: 'GTM-E2ETEST',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    },
  },
});

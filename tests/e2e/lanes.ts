import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';

/**
 * The browser tests run in lanes, one per Playwright worker: each lane has its own web server, database
 * (PGlite in its data folder, or PostgreSQL's `escale_e2e_<port>`) and SMTP mailbox, so tests that change shared demo data (a profile's language, a booked slot, a
 * published space) never see another worker's changes. Lane i serves on E2E_PORT + i; its SMTP server
 * listens 1000 ports above. E2E_PORT is per run, so two runs on one machine never share anything.
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_LANES = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export interface Lane {
  port: number;
  origin: string;
  smtpPort: number;
  dataDir: string;
  mailDir: string;
  /** The app's clock while it holds an instant (TEST_CLOCK_FILE; tests/e2e/clock.ts writes it). */
  clockFile: string;
}

export function lane(index: number): Lane {
  const port = E2E_BASE_PORT + index;
  const runDir = path.join(os.tmpdir(), `escale-e2e-${port}`);
  return {
    port,
    origin: `http://localhost:${port}`,
    smtpPort: port + 1000,
    dataDir: path.join(runDir, 'data'),
    mailDir: path.join(runDir, 'mail-received'),
    clockFile: path.join(runDir, 'clock'),
  };
}

export const LANES: Lane[] = Array.from({ length: E2E_LANES }, (_, index) => lane(index));

/** Answers once every lane's server does (scripts/e2e-server.mjs): the port after the lanes'. */
export const E2E_READY_PORT = E2E_BASE_PORT + E2E_LANES;

/** The lane of the test running now (its worker's). */
export function currentLane(): Lane {
  return lane(test.info().parallelIndex);
}

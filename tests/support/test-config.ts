import os from 'node:os';
import path from 'node:path';
import { readConfig, type Config } from '../../server/platform/config';

/** A configuration for tests: a throw-away data folder and a fixed secret. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return readConfig({
    DATA_DIR: path.join(os.tmpdir(), `escale-test-${process.pid}`),
    AUTH_SECRET: 'test-secret-test-secret-test-secret',
    BASE_URL: 'http://localhost:3000',
    ...overrides,
  });
}

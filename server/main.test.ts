import { afterEach, describe, expect, it } from 'vitest';
import type { ServerBuild } from 'react-router';
import { testConfig } from '../tests/support/test-config';
import { startServer, type RunningServer } from './main';

let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** A page request that takes `ms` to answer: the build loads slowly, then fails (answered 500). */
function slowBuild(ms: number) {
  return () =>
    new Promise<ServerBuild>((_resolve, reject) => setTimeout(() => reject(new Error('no build')), ms));
}

describe('graceful shutdown', () => {
  it('finishes in-flight requests, refuses new connections, then closes the database', async () => {
    running = await startServer({
      config: { ...testConfig({ PORT: '0' }), databaseUrl: undefined, dataDir: 'memory://' },
      mode: 'development',
      getServerBuild: slowBuild(400),
      seed: false,
    });
    const { url, database } = running;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    const inFlight = fetch(`${url}/some/page`).then((response) => response.status);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = running.close();

    expect(await inFlight).toBe(500);
    await closed;
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    await expect(database.db.execute('select 1')).rejects.toThrow();
    running = undefined;
  });
});

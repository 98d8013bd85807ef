import { afterEach, describe, expect, it } from 'vitest';
import type { ServerBuild } from 'react-router';
import { testConfig } from '../tests/support/test-config';
import { startServer, type RunningServer } from './main';

let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/**
 * A page request that takes `ms` to answer: the build loads slowly, then fails (answered 500). `asked`
 * settles once a request has reached the build, so the test knows the request is in flight.
 */
function slowBuild(ms: number) {
  let reached!: () => void;
  const asked = new Promise<void>((resolve) => (reached = resolve));
  const getServerBuild = () => {
    reached();
    return new Promise<ServerBuild>((_resolve, reject) =>
      setTimeout(() => reject(new Error('no build')), ms),
    );
  };
  return { getServerBuild, asked };
}

describe('graceful shutdown', () => {
  it('finishes in-flight requests, refuses new connections, then closes the database', async () => {
    const build = slowBuild(400);
    running = await startServer({
      config: { ...testConfig({ PORT: '0' }), databaseUrl: undefined, dataDir: 'memory://' },
      mode: 'development',
      getServerBuild: build.getServerBuild,
      seed: false,
    });
    const { url, database } = running;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    const inFlight = fetch(`${url}/some/page`).then((response) => response.status);
    await build.asked;
    const closed = running.close();

    expect(await inFlight).toBe(500);
    await closed;
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    await expect(database.db.execute('select 1')).rejects.toThrow();
    running = undefined;
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackServer } from '../../tests/support/loopback-server';
import { createHttpClient, RETRY_STATUSES } from './http-client';

let server: Awaited<ReturnType<typeof startLoopbackServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Answers `firstStatus` to the first request and 200 afterwards. */
async function serveFailingOnce(firstStatus: number) {
  let count = 0;
  server = await startLoopbackServer((_req, res) => {
    count += 1;
    res.writeHead(count === 1 ? firstStatus : 200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ attempt: count }));
  });
  return server;
}

describe('HTTP client', () => {
  it('retries on exactly the seed statuses', () => {
    expect([...RETRY_STATUSES].sort()).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  it.each([...RETRY_STATUSES].map((status) => [status]))('retries a GET once after %i', async (status) => {
    const { url, requests } = await serveFailingOnce(status);
    const response = await createHttpClient({ baseUrl: url }).request('/thing');
    expect(response.status).toBe(200);
    expect(requests).toHaveLength(2);
  });

  it('retries only once, even when the retry fails too', async () => {
    server = await startLoopbackServer((_req, res) => {
      res.writeHead(503);
      res.end();
    });
    const response = await createHttpClient({ baseUrl: server.url }).request('/thing');
    expect(response.status).toBe(503);
    expect(server.requests).toHaveLength(2);
  });

  it.each([[400], [404], [501]])('does not retry a GET after %i', async (status) => {
    const { url, requests } = await serveFailingOnce(status);
    const response = await createHttpClient({ baseUrl: url }).request('/thing');
    expect(response.status).toBe(status);
    expect(requests).toHaveLength(1);
  });

  it.each([['POST'], ['PUT'], ['PATCH'], ['DELETE']])('never retries a %s', async (method) => {
    const { url, requests } = await serveFailingOnce(503);
    const response = await createHttpClient({ baseUrl: url }).request('/thing', { method, body: '{}' });
    expect(response.status).toBe(503);
    expect(requests).toHaveLength(1);
  });

  it('reads JSON with getJson', async () => {
    const { url } = await serveFailingOnce(200);
    expect(await createHttpClient({ baseUrl: url }).getJson('/thing')).toEqual({ attempt: 1 });
  });
});

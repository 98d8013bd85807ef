import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackServer } from '../../tests/support/loopback-server';
import { callFunction, CALLABLE_TIMEOUT_MS, NOT_JSON_MESSAGE } from './callable-client';

let server: Awaited<ReturnType<typeof startLoopbackServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(status: number, body: string, delayMs = 0) {
  server = await startLoopbackServer((_req, res) => {
    setTimeout(() => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(body);
    }, delayMs);
  });
  return server;
}

describe('callable client', () => {
  it('waits 70 000 ms by default (seed section 7)', () => {
    expect(CALLABLE_TIMEOUT_MS).toBe(70_000);
  });

  it('posts {data} as JSON to /api/fn/<name>', async () => {
    const { url, requests } = await serve(200, '{"result":1}');
    await callFunction('spaces.get', { id: 'x' }, { baseUrl: url });
    expect(requests).toEqual([{ method: 'POST', url: '/api/fn/spaces.get', body: '{"data":{"id":"x"}}' }]);
  });

  it('reads the value from data', async () => {
    const { url } = await serve(200, '{"data":{"a":1}}');
    expect(await callFunction('x', {}, { baseUrl: url })).toEqual({ a: 1 });
  });

  it('reads the value from result when data is missing', async () => {
    const { url } = await serve(200, '{"result":{"b":2}}');
    expect(await callFunction('x', {}, { baseUrl: url })).toEqual({ b: 2 });
  });

  it('prefers data when both are present', async () => {
    const { url } = await serve(200, '{"data":"d","result":"r"}');
    expect(await callFunction('x', {}, { baseUrl: url })).toBe('d');
  });

  it('gives internal with the seed message when the response is not JSON', async () => {
    const { url } = await serve(200, '<html>proxy error</html>');
    await expect(callFunction('x', {}, { baseUrl: url })).rejects.toMatchObject({
      code: 'internal',
      message: NOT_JSON_MESSAGE,
    });
  });

  it('gives internal when the JSON is not an object', async () => {
    const { url } = await serve(200, '[1,2]');
    await expect(callFunction('x', {}, { baseUrl: url })).rejects.toMatchObject({ code: 'internal' });
  });

  it('gives deadline-exceeded when the server does not answer in time', async () => {
    const { url } = await serve(200, '{"result":1}', 500);
    await expect(callFunction('x', {}, { baseUrl: url, timeoutMs: 50 })).rejects.toMatchObject({
      code: 'deadline-exceeded',
    });
  });

  it('takes the code from the error body, with its message and details', async () => {
    const body = { error: { status: 'ALREADY_EXISTS', message: 'slot taken', details: { slot: '10:00' } } };
    const { url } = await serve(409, JSON.stringify(body));
    await expect(callFunction('x', {}, { baseUrl: url })).rejects.toMatchObject({
      code: 'already-exists',
      message: 'slot taken',
      details: { slot: '10:00' },
    });
  });

  it('falls back to the HTTP status when the error body names no code', async () => {
    const { url } = await serve(503, '{}');
    await expect(callFunction('x', {}, { baseUrl: url })).rejects.toMatchObject({ code: 'unavailable' });
  });
});

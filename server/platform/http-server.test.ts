// @databases pglite
import { execFile } from 'node:child_process';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_PURPOSES } from '#contract/storage';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { KEEP_ALIVE_TIMEOUT_MS } from './http-server';

const TWENTY_MB = Buffer.alloc(20 * 1024 * 1024, 'a');
const TRIES = 100;
const CLIENT = fileURLToPath(new URL('../../tests/support/oversized-body-client.mjs', import.meta.url));
const run = promisify(execFile);
/** Clients at once: a few, as several browsers would be. */
const AT_ONCE = 8;

let app: TestApp;
let cookie = '';
beforeAll(async () => {
  app = await startTestApp();
  const { agent } = await app.signedIn();
  cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
});
afterAll(() => app.close());

interface Outcome {
  status?: number;
  headers?: IncomingHttpHeaders;
  body?: string;
  /** What the client saw instead of an answer (`write EPIPE`, a reset). */
  error?: string;
}

/**
 * One request from Node's own HTTP client on a connection of its own: the whole body is written at once
 * (`Content-Length` declared) or in 64 KB chunks (chunked). Settles on the answer's end, or on an error
 * before any answer; once answered, the client stops sending, as a client does that reads answers early.
 */
function send(
  path: string,
  body: Buffer,
  options: { chunked?: boolean; signedIn?: boolean; contentType?: string } = {},
): Promise<Outcome> {
  const { hostname, port } = new URL(app.url);
  return new Promise((resolve) => {
    const headers: Record<string, string> = {
      Origin: app.url,
      'Content-Type': options.contentType ?? 'application/json',
    };
    if (options.signedIn) headers.Cookie = cookie;
    if (!options.chunked) headers['Content-Length'] = String(body.length);
    const request = httpRequest({ hostname, port, path, method: 'POST', headers, agent: false });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({
          status: response.statusCode,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        request.destroy();
      });
    });
    request.on('error', (error) => resolve({ error: error.message }));
    if (!options.chunked) {
      request.end(body);
      return;
    }
    let offset = 0;
    const pump = () => {
      while (offset < body.length && !request.destroyed) {
        const chunk = body.subarray(offset, offset + 64 * 1024);
        offset += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      if (!request.destroyed) request.end();
    };
    pump();
  });
}

/**
 * Many requests from Node's HTTP client in a process of its own (tests/support/oversized-body-client.mjs):
 * answers counted by status and `Connection` header (`{ '400 close': 100 }`), failures by what the client saw.
 */
async function clientProcess(input: {
  url: string;
  tries: number;
  atOnce: number;
  bytes: number;
  headers: Record<string, string>;
}): Promise<Record<string, number>> {
  const { stdout } = await run(process.execPath, [CLIENT, JSON.stringify(input)], { timeout: 60_000 });
  return JSON.parse(stdout) as Record<string, number>;
}

const OVERSIZED = [
  ['a callable', '/api/fn/spaces.list', 'application/json', false, 400],
  ['a sign-in', '/api/auth/sign-in/email', 'application/json', false, 400],
  ["a page's form post", '/auth/Login', 'application/x-www-form-urlencoded', false, 400],
  ['an upload, signed in', '/api/files?purpose=avatar', 'image/png', true, 413],
] as const;

describe('a refusal of a body the server does not read whole', () => {
  it.each(OVERSIZED)(
    `of 20 MB sent to %s reaches Node's HTTP client ${TRIES} times out of ${TRIES}, saying Connection: close`,
    async (_name, path, contentType, signedIn, status) => {
      const headers: Record<string, string> = { Origin: app.url, 'Content-Type': contentType };
      if (signedIn) headers.Cookie = cookie;
      const counts = await clientProcess({
        url: new URL(path, app.url).href,
        tries: TRIES,
        atOnce: AT_ONCE,
        bytes: TWENTY_MB.length,
        headers,
      });
      expect(counts).toEqual({ [`${status} close`]: TRIES });
    },
  );

  it('of an upload by someone not signed in is its 401, declared or streamed', async () => {
    for (const chunked of [false, true]) {
      const outcome = await send('/api/files?purpose=avatar', TWENTY_MB, {
        chunked,
        contentType: 'image/png',
      });
      expect(outcome.status).toBe(401);
      expect(outcome.headers?.connection).toBe('close');
    }
  });

  it('of an upload one byte over its limit is its 413, declared or streamed', async () => {
    const oneOver = Buffer.alloc(FILE_PURPOSES.avatar.maxBytes + 1, 1);
    for (const chunked of [false, true]) {
      const outcome = await send('/api/files?purpose=avatar', oneOver, {
        signedIn: true,
        chunked,
        contentType: 'image/png',
      });
      expect(outcome.status).toBe(413);
      expect(JSON.parse(outcome.body ?? '{}')).toMatchObject({
        error: { code: 'storage/quota-exceeded', details: { reason: 'size' } },
      });
    }
  });

  it('closes the connection once the client has sent the rest of its body, which it read and dropped', async () => {
    const { host } = new URL(app.url);
    const socket = net.connect(Number(new URL(app.url).port), '127.0.0.1');
    let received = '';
    socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
    const ended = new Promise<void>((resolve) => socket.once('end', resolve));
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const length = 3 * 1024 * 1024;
    socket.write(
      `POST /api/fn/spaces.list HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${app.url}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
    );
    // The whole body, well after the answer: every write is read, none resets the connection.
    for (let sent = 0; sent < length; sent += 256 * 1024) {
      await new Promise<void>((resolve, reject) =>
        socket.write(Buffer.alloc(256 * 1024, 'a'), (error) => (error ? reject(error) : resolve())),
      );
    }
    await ended;
    expect(received).toMatch(/^HTTP\/1\.1 400 /);
    expect(received).toMatch(/\r\nConnection: close\r\n/i);
    socket.destroy();
  });
});

describe('an answer to a body read whole', () => {
  it('keeps the connection for the next request, even when the route did not need the body', async () => {
    const { host } = new URL(app.url);
    const socket = net.connect(Number(new URL(app.url).port), '127.0.0.1');
    let received = '';
    const waiters = new Set<() => void>();
    socket.on('data', (data: Buffer) => {
      received += data.toString('latin1');
      waiters.forEach((wake) => wake());
    });
    const until = (pattern: RegExp) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!pattern.test(received)) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    // Not signed in: refused before the (small, already sent) body is read.
    socket.write(
      `POST /api/files?purpose=avatar HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${app.url}\r\n` +
        `Content-Type: image/png\r\nContent-Length: 4\r\n\r\nabcd`,
    );
    await until(/storage\/unauthenticated/);
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
    expect(received).toMatch(/\r\nConnection: keep-alive\r\n/i);
    // Clients are told the idle connection stays 65 s, longer than theirs: they close it, not the server.
    expect(received).toMatch(
      new RegExp(`\\r\\nKeep-Alive: timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}\\r\\n`, 'i'),
    );
    socket.write(`GET /healthz HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    await until(/"status":"ok"/);
    socket.destroy();
  });
});

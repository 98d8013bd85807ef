// @databases pglite
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { MAX_REQUEST_BODY_BYTES } from './body-limit';

const TWENTY_MB = 20 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One connection on loopback, spoken to byte by byte: what a client sent, what it received, and whether the
 * server closed the connection. Answers are read as they come, while the request is still being written.
 */
function openConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let received = Buffer.alloc(0);
  let closed = false;
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((waiter) => waiter());
  socket.on('data', (data) => {
    received = Buffer.concat([received, data]);
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  // A server that stops reading may reset the connection while we still write: that is its right.
  socket.on('error', () => {});
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));

  function until<T>(check: () => T | undefined): Promise<T> {
    return new Promise((resolve) => {
      const test = () => {
        const value = check();
        if (value === undefined) return;
        waiters.delete(test);
        resolve(value);
      };
      waiters.add(test);
      test();
    });
  }

  /** The next whole answer on the connection (its head and a Content-Length body), consumed. */
  function nextAnswer(): Promise<RawAnswer> {
    return until(() => {
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return undefined;
      const [statusLine = '', ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      const length = Number(headers['content-length'] ?? 0);
      if (received.length < end + 4 + length) return undefined;
      const body = received.subarray(end + 4, end + 4 + length).toString('utf8');
      received = received.subarray(end + 4 + length);
      return { status: Number(statusLine.split(' ')[1]), headers, body };
    });
  }

  const answered = () => received.indexOf('\r\n\r\n') >= 0 || closed;

  /**
   * Writes `head`, then body chunks (chunked encoding) until the server answers or `limit` bytes are sent;
   * returns how many body bytes went out before the answer came.
   */
  async function streamUntilAnswered(head: string, limit: number): Promise<number> {
    await connected;
    socket.write(head);
    let sent = 0;
    while (sent < limit && !answered()) {
      const ok =
        socket.write(`${CHUNK.length.toString(16)}\r\n`) && socket.write(CHUNK) && socket.write('\r\n');
      sent += CHUNK.length;
      if (!ok) {
        await Promise.race([
          new Promise((resolve) => socket.once('drain', resolve)),
          until(() => (answered() ? true : undefined)),
        ]);
      }
    }
    if (!answered() && !socket.destroyed) socket.write('0\r\n\r\n');
    return sent;
  }

  async function write(data: string | Buffer) {
    await connected;
    socket.write(data);
  }

  return {
    write,
    streamUntilAnswered,
    nextAnswer,
    /** Resolves once the server has closed the connection. */
    closed: () => until(() => (closed ? true : undefined)),
    destroy: () => socket.destroy(),
  };
}

function head(path: string, headers: Record<string, string>) {
  const host = new URL(app.url).host;
  const lines = Object.entries({ Host: host, Origin: app.url, ...headers }).map(([k, v]) => `${k}: ${v}`);
  return `POST ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

/** A whole POST of a JSON body, its length declared. */
function jsonPost(path: string, body: string) {
  return (
    head(path, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) }) +
    body
  );
}

const ROUTES = [
  ['a sign-in', '/api/auth/sign-in/email', 'application/json'],
  ['a callable', '/api/fn/spaces.get', 'application/json'],
  ["a page's form post (the language switch)", '/locale', 'application/x-www-form-urlencoded'],
] as const;

describe('an oversized request body', () => {
  it.each(ROUTES)(
    'sent to %s is refused while it is still being sent, with Connection: close',
    async (_name, path, contentType) => {
      const connection = openConnection(app.url);
      try {
        const sent = await connection.streamUntilAnswered(
          head(path, { 'Content-Type': contentType, 'Transfer-Encoding': 'chunked' }),
          TWENTY_MB,
        );
        const answer = await connection.nextAnswer();
        expect(answer.status).toBe(400);
        expect(answer.headers.connection).toBe('close');
        expect(JSON.parse(answer.body)).toMatchObject({
          error: { status: 'INVALID_ARGUMENT', message: 'Request body too large' },
        });
        // The server stopped reading soon after the limit: the client never got to send the 20 MB.
        expect(sent).toBeLessThan(TWENTY_MB / 2);
        await connection.closed();
      } finally {
        connection.destroy();
      }
    },
  );

  it.each(ROUTES)(
    'declared too large for %s is refused before any of it is read',
    async (_name, path, contentType) => {
      const connection = openConnection(app.url);
      try {
        // Only the head: an answer can only come from the declared length.
        await connection.write(
          head(path, { 'Content-Type': contentType, 'Content-Length': String(TWENTY_MB) }),
        );
        const answer = await connection.nextAnswer();
        expect(answer.status).toBe(400);
        expect(answer.headers.connection).toBe('close');
        await connection.closed();
      } finally {
        connection.destroy();
      }
    },
  );

  it('sent twenty times at once to sign-in is refused each time without reading the bodies', async () => {
    const connections = Array.from({ length: 20 }, () => openConnection(app.url));
    try {
      const sent = await Promise.all(
        connections.map((connection) =>
          connection.streamUntilAnswered(
            head('/api/auth/sign-in/email', {
              'Content-Type': 'application/json',
              'Transfer-Encoding': 'chunked',
            }),
            TWENTY_MB,
          ),
        ),
      );
      const answers = await Promise.all(connections.map((connection) => connection.nextAnswer()));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(400));
      expect(Math.max(...sent)).toBeLessThan(TWENTY_MB / 2);
    } finally {
      connections.forEach((connection) => connection.destroy());
    }
  });
});

describe('a request body within the limit', () => {
  it('reaches the callable, and the connection stays usable for the next request', async () => {
    const connection = openConnection(app.url);
    try {
      // Just under the limit: refused by the callable's own validation, not for its size.
      const padding = 'x'.repeat(MAX_REQUEST_BODY_BYTES - 100);
      const body = JSON.stringify({ data: { ref: 'no-such-space', padding } });
      await connection.write(jsonPost('/api/fn/spaces.get', body));
      const first = await connection.nextAnswer();
      expect(first.body).not.toContain('Request body too large');
      expect(first.headers.connection).toBe('keep-alive');

      await connection.write(`GET /healthz HTTP/1.1\r\nHost: ${new URL(app.url).host}\r\n\r\n`);
      const second = await connection.nextAnswer();
      expect(second.status).toBe(200);
      expect(JSON.parse(second.body)).toEqual({ status: 'ok' });
    } finally {
      connection.destroy();
    }
  });

  it("reaches the callable whole over HTTP, a character's bytes sent apart", async () => {
    const connection = openConnection(app.url);
    try {
      const body = Buffer.from(JSON.stringify({ data: { ref: 'été-absent' } }));
      const cut = body.indexOf(0xc3) + 1; // between the two bytes of the first é
      await connection.write(
        head('/api/fn/spaces.get', {
          'Content-Type': 'application/json',
          'Content-Length': String(body.length),
        }),
      );
      await connection.write(body.subarray(0, cut));
      await connection.write(body.subarray(cut));
      const answer = await connection.nextAnswer();
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { message: 'No space été-absent' } });
    } finally {
      connection.destroy();
    }
  });

  it('that is not JSON is refused as such over HTTP', async () => {
    const connection = openConnection(app.url);
    try {
      const body = '{"data": ';
      await connection.write(jsonPost('/api/fn/spaces.get', body));
      const answer = await connection.nextAnswer();
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({
        error: { status: 'INVALID_ARGUMENT', message: 'Request body is not valid JSON' },
      });
      expect(answer.headers.connection).toBe('keep-alive');
    } finally {
      connection.destroy();
    }
  });

  it('is not the limit of uploads, which keep their own', async () => {
    const { agent } = await app.signedIn();
    // Above the common limit, under an attachment's: refused for what it is (not an image), not its size.
    const response = await agent.request('/api/files?purpose=avatar&name=big.png', {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: Buffer.alloc(MAX_REQUEST_BODY_BYTES + 1024, 1),
    });
    const answer = (await response.json()) as { error: { message: string } };
    expect(answer.error.message).not.toBe('Request body too large');
  });
});

// A Node HTTP client in a process of its own (so its event loop does not take turns with the server's), for
// server/platform/http-server.test.ts: sends `tries` requests of `bytes` bytes to one URL, `atOnce` at a
// time, each on a connection of its own, and prints one JSON line: how many got which answer, and what the
// client saw instead of an answer (`write EPIPE`, a reset). Half declare their length, half stream it in
// 64 KB chunks; each writes its body until the answer has come, then closes.
// Usage: node oversized-body-client.mjs '<json: { url, tries, atOnce, bytes, headers }>'
import { request as httpRequest } from 'node:http';

const { url, tries, atOnce, bytes, headers } = JSON.parse(process.argv[2] ?? '{}');
const body = Buffer.alloc(bytes, 'a');
const CHUNK = 64 * 1024;

/** @returns {Promise<{ status?: number, connection?: string, error?: string }>} */
function send(chunked) {
  return new Promise((resolve) => {
    const target = new URL(url);
    const request = httpRequest({
      hostname: target.hostname,
      port: target.port,
      path: `${target.pathname}${target.search}`,
      method: 'POST',
      headers: chunked ? headers : { ...headers, 'Content-Length': String(body.length) },
      agent: false,
    });
    let settled = false;
    const settle = (outcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
      request.destroy();
    };
    request.on('response', (response) => {
      response.resume();
      response.on('end', () =>
        settle({ status: response.statusCode, connection: response.headers.connection }),
      );
    });
    request.on('error', (error) => settle({ error: error.code ?? error.message }));
    if (!chunked) {
      request.end(body);
      return;
    }
    let offset = 0;
    const pump = () => {
      while (offset < body.length && !request.destroyed) {
        const chunk = body.subarray(offset, offset + CHUNK);
        offset += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      if (!request.destroyed) request.end();
    };
    pump();
  });
}

const counts = {};
for (let start = 0; start < tries; start += atOnce) {
  const batch = Array.from({ length: Math.min(atOnce, tries - start) }, (_, i) =>
    send((start + i) % 2 === 1),
  );
  for (const outcome of await Promise.all(batch)) {
    const key = outcome.error ?? `${outcome.status} ${outcome.connection ?? '-'}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
}
process.stdout.write(`${JSON.stringify(counts)}\n`);

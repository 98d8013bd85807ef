import {
  createServer,
  ServerResponse,
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
  type RequestListener,
  type Server,
} from 'node:http';
import type { Socket } from 'node:net';

/**
 * After an answer given before its request's body was read whole (a refusal: too large, not signed in),
 * what the client still sends is read and dropped for at most this long, this many bytes, or this long
 * without a byte, before the connection closes (docs/decisions/029).
 */
export const LINGER_MAX_MS = 30_000;
export const LINGER_MAX_BYTES = 64 * 1024 * 1024;
export const LINGER_IDLE_MS = 2_000;
/**
 * A body declared this small that is not read whole yet (an answer may be written before Node parsed
 * the body that came with the head) is read and dropped by Node itself, and the connection kept.
 */
const SMALL_BODY_BYTES = 64 * 1024;

function bodyMayStillCome(request: IncomingMessage): boolean {
  if (request.complete) return false;
  const declared = Number(request.headers['content-length'] ?? Number.NaN);
  return !(Number.isFinite(declared) && declared <= SMALL_BODY_BYTES);
}

/**
 * Closing a connection whose client is still sending makes the kernel reset it: the client's next write
 * fails (`EPIPE`), and the answer it had not read yet is lost with the connection. So the connection is
 * closed as HTTP asks (RFC 9112, section 9.6): our side first (the answer, then end of stream), then the
 * client's bytes are read and dropped until it closes its side, its body ends, or a bound above is reached.
 */
function lingerThenClose(socket: Socket, request: IncomingMessage): () => void {
  let started = false;
  return () => {
    if (started) return;
    started = true;
    let received = 0;
    const close = () => {
      clearTimeout(deadline);
      clearTimeout(idle);
      // Once our answer and end of stream are out (a destroy sooner could drop what is still queued).
      if (socket.writableFinished) socket.destroy();
      else socket.once('finish', () => socket.destroy());
    };
    const deadline = setTimeout(close, LINGER_MAX_MS);
    const idle = setTimeout(close, LINGER_IDLE_MS);
    deadline.unref();
    idle.unref();
    // The body still comes through the request (Node's parser reads the socket): each chunk is dropped.
    request.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > LINGER_MAX_BYTES) close();
      else idle.refresh();
    });
    // The whole body read: nothing unread is left to make the close a reset.
    request.once('end', close);
    request.once('error', close);
    request.resume();
    socket.once('end', close);
    socket.once('close', close);
    socket.end();
    if (request.readableEnded) close();
  };
}

/**
 * The app's responses. One written while more than a small body may still come says `Connection: close`
 * (reading up to the body's end to carry another request is not worth it: it may be large or endless),
 * and the connection then lingers instead of closing at once (`lingerThenClose`).
 */
class AnswerBeforeClosing extends ServerResponse {
  override writeHead(
    statusCode: number,
    reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    const request = this.req;
    const socket = request.socket as Socket | null;
    if (socket && !this.headersSent && bodyMayStillCome(request)) {
      this.setHeader('Connection', 'close');
      // Node ends a `Connection: close` answer's connection with `destroySoon()`, which would reset it.
      socket.destroySoon = lingerThenClose(socket, request);
      // Headers given here win over `setHeader`: a handler's own `Connection` is replaced too.
      if (reasonOrHeaders && typeof reasonOrHeaders === 'object' && !Array.isArray(reasonOrHeaders)) {
        reasonOrHeaders = withoutConnection(reasonOrHeaders);
      } else if (headers && !Array.isArray(headers)) {
        headers = withoutConnection(headers);
      }
    }
    if (typeof reasonOrHeaders === 'string') return super.writeHead(statusCode, reasonOrHeaders, headers);
    return super.writeHead(statusCode, reasonOrHeaders);
  }
}

function withoutConnection(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'connection'));
}

/**
 * How long an idle kept-alive connection stays open. Node's default, 5 s, is shorter than the idle time of
 * the clients and proxies that reuse connections (a load balancer's 60 s): the server would close a connection
 * at the moment the other side sends its next request on it, which then fails with ECONNRESET (seen in the
 * browser tests' API sign-ins under load). Longer than theirs, the client is always the one to close.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The HTTP server of the app (and of the tests that run it): answers always reach the client. */
export function createHttpServer(listener?: RequestListener): Server {
  const server = createServer({ ServerResponse: AnswerBeforeClosing });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Node once required the time allowed for a request's headers to exceed the keep-alive timeout.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  if (listener) server.on('request', listener);
  return server;
}

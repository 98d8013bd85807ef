import { getRequestListener } from '@hono/node-server';
import { hashPassword } from 'better-auth/crypto';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, inflateSync } from 'node:zlib';
import type { ServerBuild } from 'react-router';
import { createApp } from '../../server/app';
import { createRouter } from '../../server/callables';
import type { Database } from '../../server/db/client';
import { accounts, users } from '../../server/db/schema/auth';
import { JOBS } from '../../server/jobs';
import { createAuth, type Auth } from '../../server/platform/auth';
import type { AuthPathRule } from '../../server/platform/auth-rate-limits';
import type { Config } from '../../server/platform/config';
import { createHttpServer } from '../../server/platform/http-server';
import { createJobRunner, installJobRunner, type JobRunner } from '../../server/platform/jobs';
import type { Logger } from '../../server/platform/log';
import { createMailer, type Mailer } from '../../server/platform/mail';
import { createSessionReader, type SessionReader } from '../../server/platform/session';
import { createLocalFileStore, type FileStore } from '../../server/platform/storage';
import { createTestDatabase } from './test-database';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server';
import { testConfig } from './test-config';

export interface TestApp {
  url: string;
  config: Config;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  /** The app's job runner (e-mails are jobs): running, woken as the server's is. */
  jobs: JobRunner;
  /** Waits until every job queued so far has run (so every e-mail due has been handed to SMTP). */
  settle(): Promise<void>;
  smtp: SmtpTestServer;
  fileStore: FileStore;
  readSession: SessionReader;
  /** Every line the app's own loggers wrote (for "never logged" checks). */
  logLines: string[];
  /** The routes the server answers, as Hono lists them. */
  routes: Array<{ method: string; path: string }>;
  /** A browser-like client of this app (`createAgent`). */
  agent(options?: AgentOptions): Agent;
  /**
   * The same client, its requests handed to the app's `fetch` in this process rather than sent over HTTP: the
   * same headers, middleware, routes, session and database, without the socket, Node's HTTP parser and the
   * fetch client (`inProcessSend`).
   */
  inProcessAgent(options?: AgentOptions): Agent;
  /** A client of this app signed in as a new person (`signedInAgent`). */
  signedIn(overrides?: TestUserOverrides): Promise<{ agent: Agent; user: TestUser }>;
  close(): Promise<void>;
}

/** A logger that keeps what it is given, as text. */
function capturingLogger(lines: string[], base: Record<string, unknown> = {}): Logger {
  const write =
    (level: string) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      lines.push(
        `${level} ${message} ${JSON.stringify({ ...base, ...fields }, (_key, value: unknown) =>
          value instanceof Error ? { message: value.message, stack: value.stack } : value,
        )}`,
      );
    };
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (fields) => capturingLogger(lines, { ...base, ...fields }),
  };
}

/**
 * The whole server (callables, /api/auth, /api/files) on a fresh database, a real HTTP port on loopback
 * and a real SMTP server that receives its mail. Pages answer only when given a build (`getServerBuild`).
 */
export async function startTestApp(
  options: {
    config?: Record<string, string>;
    pathRules?: Record<string, AuthPathRule>;
    /** Pages to serve (a small hand-written build); without it only the APIs answer. */
    getServerBuild?: () => Promise<ServerBuild>;
    /** What time it is for every request and auth event (the machine's clock by default). */
    clock?: () => Date;
    /** Start from the demo data (tests/setup/templates.ts) rather than an empty database. */
    seeded?: boolean;
  } = {},
): Promise<TestApp> {
  const smtp = await startSmtpTestServer();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'escale-test-app-'));
  const database = await createTestDatabase({ seeded: options.seeded });
  const logLines: string[] = [];
  const log = capturingLogger(logLines);
  // The port is known once listening: BASE_URL is set to it, so links in e-mails reach this server.
  const server = createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const config = testConfig({ DATA_DIR: dataDir, BASE_URL: url, SMTP_URL: smtp.url, ...options.config });
  const mailer = createMailer(config, log);
  const auth = createAuth({
    db: database.db,
    config,
    log,
    pathRules: options.pathRules,
    clock: options.clock,
  });
  // The e-mail jobs run as on the server; the recurring sweep works on the real clock, so tests that need it
  // run it with theirs.
  const jobs = createJobRunner({
    db: database.db,
    jobs: JOBS.filter((job) => job.everyMs === undefined),
    baseUrl: url,
    mailer,
    log,
    pollMs: 200,
  });
  installJobRunner(jobs);
  await jobs.start();
  const fileStore = createLocalFileStore(path.join(dataDir, 'files'));
  const readSession = createSessionReader(auth, log, database.db);
  const app = createApp({
    database,
    config,
    router: createRouter({ auth, fileStore }),
    readSession,
    auth,
    fileStore,
    getServerBuild: options.getServerBuild ?? (() => Promise.reject(new Error('no pages in API tests'))),
    mode: 'production',
    clock: options.clock,
  });
  server.on('request', getRequestListener(app.fetch));
  const sendInProcess = inProcessSend(app.fetch);

  const testApp: TestApp = {
    url,
    config,
    database,
    auth,
    mailer,
    jobs,
    settle: () => jobs.drain(),
    smtp,
    fileStore,
    readSession,
    logLines,
    routes: app.routes.map(({ method, path }) => ({ method, path })),
    agent: (agentOptions) => createAgent(url, agentOptions),
    inProcessAgent: (agentOptions) => createAgent(url, agentOptions, sendInProcess),
    signedIn: (overrides) => signedInAgent(testApp, overrides),
    async close() {
      await jobs.stop();
      installJobRunner(undefined);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await smtp.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/**
 * A browser-like HTTP client: keeps cookies, sends our Origin on mutations (as a page of the app would).
 * `bearer` makes it a non-browser client instead (no cookies, no Origin).
 */
interface AgentOptions {
  /** The Origin sent on mutations: the app's own by default, none with `null`. */
  origin?: string | null;
  bearer?: string;
  /** Another agent's cookies, shared: the same person over HTTP and in-process. */
  cookies?: Map<string, string>;
}

/** How an agent's request reaches the app: over HTTP (`fetch`), or in-process (`inProcessSend`). */
type Send = (url: URL, init: RequestInit) => Promise<Response>;

/** What Node's fetch client adds to every request it sends, when the request does not say it. */
function clientHeaders(url: URL, body: BodyInit | null | undefined): Record<string, string> {
  const length =
    typeof body === 'string' ? Buffer.byteLength(body) : body instanceof Uint8Array ? body.byteLength : null;
  return {
    host: url.host,
    connection: 'keep-alive',
    accept: '*/*',
    'accept-language': '*',
    'sec-fetch-mode': 'cors',
    'user-agent': 'node',
    'accept-encoding': 'gzip, deflate',
    ...(length === null ? {} : { 'content-length': String(length) }),
  };
}

/** The answer's body as the fetch client hands it over: decompressed (the client asked for gzip or deflate). */
async function decodedBody(response: Response): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding')?.trim().toLowerCase();
  const decoded =
    encoding === 'gzip' ? gunzipSync(bytes) : encoding === 'deflate' ? inflateSync(bytes) : bytes;
  return new Uint8Array(decoded);
}

/** An answer with no body by definition: a Response may not be built with one. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * Hands each request to the app's `fetch` in this process, as the Node adapter would after reading it from
 * a socket: the headers Node's fetch client sends and the loopback address of the connection (what rate
 * limits and logs read). The answer's body is read whole under the request's signal, as the fetch client reads
 * it, so a route that never answers or never ends its body is a hang here too.
 */
function inProcessSend(fetchApp: (request: Request, env: unknown) => Response | Promise<Response>): Send {
  const connection = {
    incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 0, remoteFamily: 'IPv4' } },
  };
  return (url, init) => {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(clientHeaders(url, init.body))) {
      if (!headers.has(name)) headers.set(name, value);
    }
    const answer = (async () => {
      const response = await fetchApp(new Request(url, { ...init, headers }), connection);
      const body = NULL_BODY_STATUSES.has(response.status) ? null : await decodedBody(response);
      // An answer that came after the signal gave up is no answer, as the fetch client would say.
      init.signal?.throwIfAborted();
      return new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    })();
    const signal = init.signal;
    if (!signal) return answer;
    return new Promise<Response>((resolve, reject) => {
      const abort = () => reject(signal.reason as Error);
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
      answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
    });
  };
}

export function createAgent(
  baseUrl: string,
  options: AgentOptions = {},
  send: Send = (url, init) => fetch(url, init),
) {
  const cookies = options.cookies ?? new Map<string, string>();
  const origin = options.origin === undefined ? new URL(baseUrl).origin : options.origin;

  async function request(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const method = (init.method ?? 'GET').toUpperCase();
    if (options.bearer) headers.set('Authorization', `Bearer ${options.bearer}`);
    else if (cookies.size) headers.set('Cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (origin && method !== 'GET' && !headers.has('Origin')) headers.set('Origin', origin);
    const response = await send(new URL(pathname, baseUrl), { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (/max-age=0/i.test(line) || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  }

  const json = (pathname: string, body: unknown, init: RequestInit = {}) =>
    request(pathname, {
      ...init,
      method: init.method ?? 'POST',
      headers: { 'Content-Type': 'application/json', ...init.headers },
      body: JSON.stringify(body),
    });

  return {
    cookies,
    request,
    json,
    /** POST /api/fn/<name> with `{ data }`. */
    call: (name: string, data: unknown) => json(`/api/fn/${name}`, { data }),
    signUp: (body: { name: string; email: string; password: string; locale?: string }) =>
      json('/api/auth/sign-up/email', { ...body, callbackURL: '/auth/validated' }),
    signIn: (email: string, password: string) => json('/api/auth/sign-in/email', { email, password }),
    signOut: () => json('/api/auth/sign-out', {}),
  };
}

export type Agent = ReturnType<typeof createAgent>;

/** Calls a callable and returns its result, failing the test with the status and error when it is refused. */
export async function callOk<T = Record<string, unknown>>(
  agent: Agent,
  name: string,
  data: unknown,
): Promise<T> {
  const response = await agent.call(name, data);
  const body = (await response.json()) as { result?: T; error?: unknown };
  if (response.status !== 200) throw new Error(`${name} → ${response.status} ${JSON.stringify(body.error)}`);
  return body.result as T;
}

let userCount = 0;

/**
 * One scrypt hash per password per test file: factories make many people with the same password, and a
 * hash (salted, verified by the real better-auth at sign-in) is as good for each of them. Production
 * hashing is untouched.
 */
const passwordHashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) passwordHashes.set(password, (hash = hashPassword(password)));
  return hash;
}

interface TestUserOverrides {
  email?: string;
  name?: string;
  password?: string;
  emailVerified?: boolean;
  isAdmin?: boolean;
}

interface TestUser {
  id: string;
  email: string;
  name: string;
  password: string;
}

/** A person with a password, inserted directly (no mail, no rate limit): the factory for tests. */
export async function createTestUser(
  db: Database['db'],
  overrides: TestUserOverrides = {},
): Promise<TestUser> {
  userCount += 1;
  const id = `user-${process.pid}-${userCount}-${randomBytes(4).toString('hex')}`;
  const user = {
    id,
    email: overrides.email ?? `person${userCount}-${randomBytes(3).toString('hex')}@example.com`,
    name: overrides.name ?? `Person ${userCount}`,
    password: overrides.password ?? 'a long enough password',
  };
  await db.insert(users).values({
    id,
    email: user.email,
    name: user.name,
    emailVerified: overrides.emailVerified ?? true,
    isAdmin: overrides.isAdmin ?? false,
  });
  await db.insert(accounts).values({
    id: `account-${id}`,
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await hashOnce(user.password),
  });
  return user;
}

/** An agent signed in as a new person. */
async function signedInAgent(app: TestApp, overrides: TestUserOverrides = {}) {
  const user = await createTestUser(app.database.db, overrides);
  const agent = createAgent(app.url);
  const response = await agent.signIn(user.email, user.password);
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return { agent, user };
}

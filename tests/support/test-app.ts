import { getRequestListener } from '@hono/node-server';
import { hashPassword } from 'better-auth/crypto';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
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
}

export function createAgent(baseUrl: string, options: AgentOptions = {}) {
  const cookies = new Map<string, string>();
  const origin = options.origin === undefined ? new URL(baseUrl).origin : options.origin;

  async function request(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const method = (init.method ?? 'GET').toUpperCase();
    if (options.bearer) headers.set('Authorization', `Bearer ${options.bearer}`);
    else if (cookies.size) headers.set('Cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (origin && method !== 'GET' && !headers.has('Origin')) headers.set('Origin', origin);
    const response = await fetch(new URL(pathname, baseUrl), { ...init, headers, redirect: 'manual' });
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

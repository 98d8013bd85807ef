import { getRequestListener } from '@hono/node-server';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerBuild } from 'react-router';
import { createApp } from './app';
import { createRouter } from './callables';
import { migrateDatabase, openDatabase, type Database } from './db/client';
import { DEMO_PASSWORD, presentDemoAccounts } from './demo/demo-accounts';
import { storeGeneratedPhoto } from './features/spaces/photo-files.service';
import type { SavePhotoFile } from './demo/seed-spaces';
import { createAuth } from './platform/auth';
import { createHttpServer } from './platform/http-server';
import { createJobRunner, installJobRunner } from './platform/jobs';
import type { Config } from './platform/config';
import { log } from './platform/log';
import { createMailer } from './platform/mail';
import { createSessionReader } from './platform/session';
import { appJobs } from './jobs';
import { createFileStore, type FileStore } from './platform/storage';
import { fileClock, fileJobClock } from './platform/test-clock';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface StartOptions {
  config: Config;
  mode: 'production' | 'development';
  getServerBuild: () => Promise<ServerBuild>;
  clientDir?: string;
  /** Given the HTTP server before it listens, returns a middleware that runs before the app (Vite in dev). */
  before?: (server: Server) => Promise<Middleware>;
  /** Demo data into an empty database; outside production only, where it is the default. */
  seed?: boolean;
}

export interface RunningServer {
  server: Server;
  database: Database;
  url: string;
  close(): Promise<void>;
}

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Demo data into an empty database (a database with spaces is left alone), under the startup lock so
 * processes starting together on one PostgreSQL load it once. True when it loaded something.
 */
export async function loadDemoData(database: Database, fileStore: FileStore): Promise<boolean> {
  // Loaded only to seed: the demo data's modules are not part of a running server's memory.
  const { seedDemoData } = await import('./demo/seed');
  const loaded = await database.exclusively((db) => {
    const savePhotoFile: SavePhotoFile = (bytes, contentType, fileName) =>
      storeGeneratedPhoto(db, fileStore, bytes, contentType, fileName);
    return seedDemoData(db, { savePhotoFile });
  });
  if (loaded) log.info('demo data loaded');
  return loaded;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  const database = await openDatabase(config, log);
  await migrateDatabase(database, config, log);
  const fileStore = createFileStore(config);
  // Demo accounts have a published password: never in production, whatever the caller asks.
  if (!config.production && options.seed !== false) await loadDemoData(database, fileStore);
  const demo = await presentDemoAccounts(database.db);
  if (demo.length && config.production) {
    // Loaded by an older version or by hand: their password is in the README.
    log.warn('demo accounts with the published password exist in this production database', {
      accounts: demo,
    });
  } else if (demo.length) {
    log.info(`demo accounts (password ${DEMO_PASSWORD}): ${demo.join(', ')}`);
  }

  const mailer = createMailer(config);
  const auth = createAuth({ db: database.db, config, log });
  const readSession = createSessionReader(auth, log, database.db);
  // Background jobs (e-mails, reminders, expiry, completion) in the database: every process runs a worker.
  const jobs = createJobRunner({
    db: database.db,
    jobs: appJobs(fileStore),
    baseUrl: config.baseUrl,
    mailer,
    log,
    clock: config.testClockFile ? fileJobClock(config.testClockFile) : undefined,
  });
  installJobRunner(jobs);

  const app = createApp({
    database,
    config,
    router: createRouter({ auth, fileStore }),
    readSession,
    auth,
    fileStore,
    getServerBuild: options.getServerBuild,
    mode: options.mode,
    clientDir: options.clientDir,
    clock: config.testClockFile ? fileClock(config.testClockFile) : undefined,
  });
  const listener = getRequestListener(app.fetch);
  let closingStarted = false;
  const server = createHttpServer((req, res) => {
    // Once shutting down, answers tell clients not to reuse the connection, so it can close.
    if (closingStarted) res.setHeader('Connection', 'close');
    if (before) before(req, res, () => void listener(req, res));
    else void listener(req, res);
  });
  // Set before the server listens, so no request ever sees it unset.
  const before: Middleware | undefined = await options.before?.(server);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  await jobs.start();
  // Said once started: whoever waits for this line (a supervisor, the tests) may then stop it with a signal,
  // and the caller's signal handlers are installed as this resolves.
  log.info(`Escale is listening on ${url}`, { database: database.kind, mode: options.mode });

  let closing: Promise<void> | undefined;
  // Stop accepting, let in-flight requests finish (bounded), then close the database.
  const close = () =>
    (closing ??= (async () => {
      closingStarted = true;
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
        // Keep-alive connections become idle as their last response ends: close them as they do.
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        server.close(() => {
          clearTimeout(force);
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      });
      // The job in progress finishes; queued ones wait in the database for the next start.
      await jobs.stop();
      installJobRunner(undefined);
      await database.close();
    })());

  return { server, database, url, close };
}

/** SIGTERM and SIGINT close the server gracefully, once. */
export function closeOnSignals(running: Pick<RunningServer, 'close'>) {
  const stop = (signal: string) => {
    log.info(`${signal} received: shutting down`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error('shutdown failed', { error });
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

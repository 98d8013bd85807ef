import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { rowsOf } from './rows';
import { TransactionClient } from './transaction-client';

/**
 * Where the database layer reports what it survives (an idle connection dropped). The server hands its
 * logger in (server/platform/log.ts): the database layer sits below the platform and imports nothing of it.
 */
export interface DatabaseLog {
  warn(message: string, fields?: Record<string, unknown>): void;
}

/** For tests and scripts that open a database without a logger: nothing is reported. */
const SILENT: DatabaseLog = { warn: () => {} };

/** The one database type services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the pending migrations; on PostgreSQL under the startup lock, so concurrent starts apply them once. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process holds the startup lock (a PostgreSQL advisory lock, on the connection
   * `work` is given); PGlite is one process already. Migrations and demo data run this way.
   */
  exclusively<T>(work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: its data folder as a tarball, for `openPglite(…, { from })`. */
  dump?: () => Promise<Blob>;
}

// Beside this module in the sources and in the compiled server (the build copies them there).
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** An empty, initialised PGlite data folder made by `npm run build` (absent in the sources: initdb runs). */
const pgliteTemplateFolder = fileURLToPath(new URL('./pglite-template', import.meta.url));

/**
 * PGlite's PostgreSQL settings. Its defaults are a server's (128 MB of shared buffers) inside a WebAssembly
 * memory that never shrinks; one person's data fits in far less (docs/decisions/016-memory.md).
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB', 'maintenance_work_mem=16MB'];
/** The same settings written into the configuration of a new data folder. */
export const PGLITE_INITDB_PARAMS = PGLITE_SETTINGS.flatMap((s) => ['--set', s]);

let baselineCompilerOnly = false;

/**
 * The server's embedded PGlite runs on V8's baseline WebAssembly compiler (Liftoff) only. The optimising tier
 * recompiles hot functions into more code and compiler memory: 70 to 90 MB more resident, for SQL that runs
 * up to twice as fast, which one person's demo data never needs (docs/decisions/016-memory.md). The flag is
 * process-wide (PGlite is the only WebAssembly here); a server on PostgreSQL never sets it, and tests and
 * benchmarks, which open PGlite themselves, keep the optimising tier.
 */
function compileWasmWithBaselineOnly() {
  if (baselineCompilerOnly) return;
  v8.setFlagsFromString('--liftoff-only');
  baselineCompilerOnly = true;
}

/**
 * A new data folder starts as a copy of the build's template when there is one: initdb in the server's
 * process would raise its peak memory by several hundred MB that WebAssembly never gives back.
 */
function copyPgliteTemplate(dataDir: string, template: string) {
  if (existsSync(path.join(dataDir, 'PG_VERSION')) || !existsSync(path.join(template, 'PG_VERSION'))) return;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return; // not ours to replace
  // Copied beside, then renamed: an interrupted copy never looks like a database.
  const partial = `${dataDir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(template, partial, { recursive: true });
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(partial, dataDir);
}

/** What every PGlite open otherwise compiles and reads again: its WebAssembly modules and its file bundle. */
export interface PgliteArtifacts {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

/**
 * PGlite and its Drizzle driver, loaded when a PGlite is opened: a server on PostgreSQL never loads them
 * (docs/decisions/036).
 */
async function loadPglite() {
  const [pglite, contrib, driver, migrator] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  return {
    PGlite: pglite.PGlite,
    btree_gist: contrib.btree_gist,
    drizzlePglite: driver.drizzle,
    migratePglite: migrator.migrate,
  };
}

/**
 * PGlite in `dataDir` (or in memory when `dataDir` is `memory://`); btree_gist is loaded on every open.
 * `from` starts it from a dump of another one's data folder (tests copy a migrated template this way);
 * `template` is an initialised data folder copied into an empty `dataDir` (the build's by default; null: none).
 * `artifacts` are PGlite's WebAssembly modules and file bundle, compiled and read already: a process that
 * opens many (the tests: tests/support/test-database.ts) gives each the same ones.
 */
export async function openPglite(
  dataDir: string,
  options: { from?: Blob; template?: string | null; artifacts?: PgliteArtifacts } = {},
): Promise<Database> {
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    const template = options.template === undefined ? pgliteTemplateFolder : options.template;
    if (!options.from && template) copyPgliteTemplate(dataDir, template);
    mkdirSync(dataDir, { recursive: true });
  }
  const { PGlite, btree_gist, drizzlePglite, migratePglite } = await loadPglite();
  const client = await PGlite.create(dataDir, {
    ...options.artifacts,
    extensions: { btree_gist },
    loadDataDir: options.from,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])],
    initDbStartParams: PGLITE_INITDB_PARAMS,
  });
  const db = drizzlePglite({ client });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    exclusively: (work) => work(db),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

/** The advisory lock key every Escale process takes to migrate or seed (any fixed 64-bit number). */
const STARTUP_LOCK_KEY = 7_202_604_011;

export function openPostgres(
  connectionString: string,
  options: { max?: number; log?: DatabaseLog } = {},
): Database {
  // Its clients send a transaction's BEGIN (and, asked, its COMMIT) with a statement (transaction-client.ts).
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, Client: TransactionClient });
  const log = options.log ?? SILENT;
  // An idle connection the server drops (restart, admin kill) is only logged: the pool opens a new one on
  // the next query, and without a listener the error would stop the process.
  pool.on('error', (error) => log.warn('database: an idle connection was closed', { error }));
  const db = drizzlePg({ client: pool });

  async function exclusively<T>(work: (db: Db) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      // Waits while another process migrates; the lock goes with the session if this process dies.
      await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      try {
        return await work(drizzlePg({ client }));
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch((error: Error) => {
          broken = error;
        });
      }
    } finally {
      // A connection whose unlock failed is closed rather than reused (closing releases the lock).
      client.release(broken);
    }
  }

  return {
    db,
    kind: 'postgres',
    // On the locked connection itself, so a pool of one connection works too.
    migrate: () => exclusively((locked) => migratePg(locked as typeof db, { migrationsFolder })),
    exclusively,
    close: () => pool.end(),
  };
}

/**
 * Applies the pending migrations to the server's database (`migrate`, and the start-up step). With
 * `DATABASE_OWNER_URL` (PostgreSQL), they run through the owner's own connection, opened for this and
 * closed again, and the application's role (the user `database` is connected as) is then granted what it
 * needs and no more (`escale_grant_app_role`, migration 0032), under the same start-up lock. Without it,
 * through `database` itself (PGlite, or a database run by one role). docs/decisions/027.
 */
export async function migrateDatabase(
  database: Database,
  options: { databaseOwnerUrl?: string },
  log: DatabaseLog = SILENT,
): Promise<void> {
  if (database.kind === 'pglite' || !options.databaseOwnerUrl) return database.migrate();
  const [app] = await rowsOf<{ role: string }>(database.db, sql`SELECT current_user AS role`);
  const owner = openPostgres(options.databaseOwnerUrl, { max: 1, log });
  try {
    await owner.exclusively(async (locked) => {
      await migratePg(locked as Parameters<typeof migratePg>[0], { migrationsFolder });
      const [self] = await rowsOf<{ role: string }>(locked, sql`SELECT current_user AS role`);
      if (app!.role === self!.role) {
        log.warn(
          'database: DATABASE_OWNER_URL and DATABASE_URL are the same role: the application owns its tables',
        );
        return;
      }
      await locked.execute(sql`SELECT escale_grant_app_role(${app!.role})`);
    });
  } finally {
    await owner.close();
  }
}

/** The server's database: PostgreSQL with `DATABASE_URL`, else the embedded PGlite in `DATA_DIR/pglite`. */
export async function openDatabase(
  options: { databaseUrl?: string; dataDir: string },
  log: DatabaseLog,
): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, { log });
  compileWasmWithBaselineOnly();
  return openPglite(`${options.dataDir.replace(/\/$/, '')}/pglite`);
}

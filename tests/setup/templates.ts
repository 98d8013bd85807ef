/**
 * The databases test files start from, built once and kept while what makes them is unchanged: a migrated
 * one, and a seeded one (migrated + demo data) for the files that read the demo data. Both are named by a
 * hash of their sources (the migrations, the database client and schema, the seed and everything it
 * imports, PGlite's version and this file); the seeded one also by the hour, as the demo data is made
 * relative to the time it is seeded (bookings in the coming weeks, events, offers).
 *
 * PGlite's are dumps of a data folder in the machine's temporary folder (escale-test-templates/), shared by
 * every checkout on the machine as PostgreSQL's templates are by every checkout using that server, so a new
 * clone at the same sources finds them made; PostgreSQL's are databases that each test file copies
 * (`CREATE DATABASE … TEMPLATE`). Both are made under a unique name and then
 * renamed, so two runs at once never see half of one; a run hard-links the dumps it uses into a folder of
 * its own, so removing a stale dump never pulls one from under another run.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres, type Database } from '../../server/db/client';
import { databaseUrlWithName, dropDatabase, withAdminClient } from '../../server/db/postgres-admin';
import { seedDemoData } from '../../server/demo/seed';

const CACHE_FOLDER = path.join(os.tmpdir(), 'escale-test-templates');
/**
 * A template no run has used for this long is dropped: a run lasts minutes, this leaves it room, and another
 * checkout on other sources (a branch) keeps its own while it runs.
 */
const STALE_AFTER_MS = 2 * 60 * 60_000;

export type TemplateKind = 'migrated' | 'seeded';

/** Relative imports (and `#contract/…`) of a TypeScript file, resolved to files. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/from '((?:\.{1,2}\/|#contract\/)[^']+)'/g)) {
    const specifier = match[1]!;
    const base = specifier.startsWith('#contract/')
      ? path.resolve('contract', specifier.slice('#contract/'.length))
      : path.resolve(path.dirname(file), specifier);
    const candidate = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
      (name) => existsSync(name) && statSync(name).isFile(),
    );
    if (candidate) found.push(candidate);
  }
  return found;
}

/** Every file a template is made from: the migrations folder, and the seed's and this file's import graph. */
export function templateSources(): string[] {
  const seen = new Set<string>();
  const queue = [path.resolve('server/demo/seed.ts'), path.resolve('tests/setup/templates.ts')];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file));
  }
  const migrations = path.resolve('server/db/migrations');
  for (const entry of readdirSync(migrations, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(migrations, entry);
    if (statSync(file).isFile()) seen.add(file);
  }
  return [...seen].sort();
}

export function templateHash(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as {
    version: string;
  };
  hash.update(`pglite ${pglite.version}\n`);
  for (const file of templateSources()) {
    hash.update(`${path.relative(process.cwd(), file)}\n`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The seeded template's name part: the hour it was seeded in (UTC). */
function hourKey(now = new Date()): string {
  return now.toISOString().slice(0, 13).replace(/\D/g, '');
}

export function templateNames(hash: string) {
  return { migrated: `migrated_${hash}`, seeded: `seeded_${hash}_${hourKey()}` };
}

async function fill(database: Database, kind: TemplateKind) {
  await database.migrate();
  if (kind === 'seeded') await seedDemoData(database.db);
}

/**
 * The PGlite dump named `name`, made if missing, hard-linked into `runFolder` (the path returned).
 * `from` is the migrated dump a seeded one starts from.
 */
export async function pgliteTemplate(
  name: string,
  kind: TemplateKind,
  runFolder: string,
  from?: string,
): Promise<string> {
  mkdirSync(CACHE_FOLDER, { recursive: true });
  const cached = path.join(CACHE_FOLDER, `pglite-${name}.tar`);
  if (!existsSync(cached)) {
    const database = await openPglite('memory://', from ? { from: new Blob([readFileSync(from)]) } : {});
    try {
      await fill(database, kind);
      const partial = `${cached}.${randomBytes(4).toString('hex')}.partial`;
      writeFileSync(partial, Buffer.from(await (await database.dump!()).arrayBuffer()));
      renameSync(partial, cached);
    } finally {
      await database.close();
    }
  }
  // When a run last used it, read by removeStalePgliteTemplates.
  const now = new Date();
  utimesSync(cached, now, now);
  const own = path.join(runFolder, path.basename(cached));
  linkSync(cached, own);
  return own;
}

/**
 * Removes the cached dumps no run has used for STALE_AFTER_MS but `current` (and half-written ones a crashed
 * run left, as old).
 */
export function removeStalePgliteTemplates(current: string[]) {
  if (!existsSync(CACHE_FOLDER)) return;
  const keep = new Set(current.map((name) => `pglite-${name}.tar`));
  for (const entry of readdirSync(CACHE_FOLDER)) {
    if (!entry.startsWith('pglite-') || keep.has(entry)) continue;
    const file = path.join(CACHE_FOLDER, entry);
    if (Date.now() - statSync(file).mtimeMs < STALE_AFTER_MS) continue;
    rmSync(file, { force: true });
  }
}

const PREFIX = 'escale_tpl_';

/**
 * The PostgreSQL template database named `escale_tpl_<name>`, made if missing (from `from`, another
 * template, when given). Its comment holds when a run last used it, so stale ones can be told apart.
 */
export async function postgresTemplate(
  url: string,
  name: string,
  kind: TemplateKind,
  from?: string,
): Promise<string> {
  const database = `${PREFIX}${name}`;
  const exists = await withAdminClient(url, async (client) => {
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    return rows.length > 0;
  });
  if (!exists) {
    const partial = `${PREFIX}partial_${randomBytes(6).toString('hex')}`;
    await withAdminClient(url, async (client) => {
      await client.query(`CREATE DATABASE ${partial}${from ? ` TEMPLATE ${from}` : ''}`);
      await client.query(`COMMENT ON DATABASE ${partial} IS '${new Date().toISOString()}'`);
    });
    const open = openPostgres(databaseUrlWithName(url, partial), { max: 1 });
    try {
      await fill(open, kind);
    } finally {
      await open.close();
    }
    await withAdminClient(url, async (client) => {
      try {
        await client.query(`ALTER DATABASE ${partial} RENAME TO ${database}`);
      } catch (error) {
        // Another run made it meanwhile (42P04, duplicate database): theirs is the same, ours goes.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    });
    await dropDatabase(url, partial);
  }
  await withAdminClient(url, (client) =>
    client.query(`COMMENT ON DATABASE ${database} IS '${new Date().toISOString()}'`),
  );
  return database;
}

/**
 * Drops the template databases that are not among `current` and that no run has used for a while (another
 * checkout, on other sources, may be using its own right now), and the test databases crashed runs left.
 */
export async function dropStalePostgresTemplates(url: string, current: string[]) {
  const keep = new Set(current);
  const stale = await withAdminClient(url, async (client) => {
    const { rows } = await client.query<{ name: string; used: string | null }>(
      `SELECT datname AS name, shobj_description(oid, 'pg_database') AS used FROM pg_database
        WHERE datname ~ '^escale_tpl_(migrated|seeded|partial)_'`,
    );
    return rows
      .filter((row) => !keep.has(row.name))
      .filter((row) => !(Date.now() - Date.parse(row.used ?? '') < STALE_AFTER_MS))
      .map((row) => row.name);
  });
  for (const name of stale) await dropDatabase(url, name);
}

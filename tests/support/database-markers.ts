/**
 * Which databases a test file runs on, read from its header line: `// @databases pglite postgres` for files
 * that test what PostgreSQL itself decides under load (concurrency, locks, SKIP LOCKED, triggers and guards,
 * transactions, the pool, the CLI, job claiming), `// @databases pglite` for the rest. PGlite runs every
 * file; the PostgreSQL project (DATABASE_URL set) runs only the first kind. Files that open no database
 * carry no marker and run once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const MARKER = /^\/\/ @databases (.+)$/m;
/** Imports or calls that give a test file a database of its own. */
const OPENS_A_DATABASE =
  /from '[^']*support\/(test-database|test-app|hostile-app|permission-matrix|feature-test-file)'|\bopenPglite\(|\bopenPostgres\(/;
const TEST_FILE = /\.test\.tsx?$/;
const ROOTS = ['app', 'contract', 'locales', 'server', 'scripts'];

export interface TestFileDatabases {
  /** Relative to the repository, with forward slashes (as Vitest's include patterns are). */
  file: string;
  opensDatabase: boolean;
  /** The marker's words, or null when the file has none. */
  databases: string[] | null;
}

export function readTestFiles(root = process.cwd()): TestFileDatabases[] {
  const files: TestFileDatabases[] = [];
  for (const folder of ROOTS) {
    const entries = readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' });
    for (const entry of entries) {
      if (!TEST_FILE.test(entry) || entry.includes('node_modules')) continue;
      const file = `${folder}/${entry.split(path.sep).join('/')}`;
      const text = readFileSync(path.join(root, file), 'utf8');
      const marker = MARKER.exec(text);
      files.push({
        file,
        opensDatabase: OPENS_A_DATABASE.test(text),
        databases: marker ? marker[1]!.trim().split(/\s+/) : null,
      });
    }
  }
  return files.sort((a, b) => a.file.localeCompare(b.file));
}

/** The files the PostgreSQL project runs. */
export function postgresTestFiles(root = process.cwd()): string[] {
  return readTestFiles(root)
    .filter((entry) => entry.databases?.includes('postgres'))
    .map((entry) => entry.file);
}

/**
 * `npm run test:full` (.ci/run, after `npm test`): every database test file on PostgreSQL, except the fuzz
 * (its requests reach the same SQL as the features' own files). PGlite is a newer PostgreSQL than the oldest
 * the server supports (15): this pass catches SQL that only the newer one accepts.
 */
export function allDatabaseTestFiles(root = process.cwd()): string[] {
  return readTestFiles(root)
    .filter((entry) => entry.databases && !/\/hostile-[^/]*\.test\.ts$/.test(entry.file))
    .map((entry) => entry.file);
}

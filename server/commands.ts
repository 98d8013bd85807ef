import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { migrateDatabase, openDatabase } from './db/client';
import { DEMO_PASSWORD, presentDemoAccounts } from './demo/demo-accounts';
import { closeOnSignals, loadDemoData, startServer } from './main';
import type { Config, S3Settings } from './platform/config';
import { configureLog, log } from './platform/log';
import { copyFolderToBucket, createFileStore, createS3FileStore, localFilesFolder } from './platform/storage';
import { storedFiles } from './db/schema/files';
import {
  describeLedgerReport,
  parseAnchor,
  PLATFORM_SCOPE,
  spacesWithChains,
  verifyAgainstAnchor,
  verifySpaceLedgers,
  verifyTriggerChain,
  type LedgerAnchor,
  type LedgerReport,
} from './billing/ledger-chains';

/** The build this compiled server belongs to: `build/node/` holds it, beside `build/server` and `build/client`. */
const buildDir = path.resolve(import.meta.dirname, '..');

/**
 * Outside production on PostgreSQL, the demo data goes into an empty database from a process of its own (this
 * server's `seed` command, which leaves a database with spaces alone), before the server opens the database:
 * what the seed loads and leaves behind (its modules, PDFs, photos, garbage: about 50 MiB resident after start,
 * 11 MiB at the peak under load) never stays in the serving process, which then holds what a production server
 * holds (docs/decisions/036). A second start pays a process's start (about a second) to learn there is nothing
 * to load. The embedded PGlite is still seeded in the server's process: a second process would open its
 * WebAssembly database once more at every start, the slowest part of a start, for the newcomer's database.
 */
async function seedInOwnProcess() {
  // cli.ts set NODE_ENV=production for the libraries; the caller's was not (not `config.production`), and
  // NODE_ENV means nothing else to the server: the seed runs without it, as the caller started this one.
  const { NODE_ENV: _forLibraries, ...env } = process.env;
  // The same node options (the heap's bounds), a debugger's port left to this process.
  const options = process.execArgv.filter((option) => !option.startsWith('--inspect'));
  const child = spawn(process.execPath, [...options, path.join(buildDir, 'node/escale.js'), 'seed'], {
    // Its info lines (demo data loaded, the accounts) would say again what the server says at start.
    env: {
      ...env,
      LOG_LEVEL: env.LOG_LEVEL === 'error' || env.LOG_LEVEL === 'silent' ? env.LOG_LEVEL : 'warn',
    },
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`loading the demo data failed (the seed process exited with ${code})`);
}

async function serve(config: Config) {
  const serverEntry = pathToFileURL(path.join(buildDir, 'server/index.js')).href;
  const seedApart = !config.production && config.databaseUrl !== undefined;
  if (seedApart) await seedInOwnProcess();
  const running = await startServer({
    config,
    seed: !seedApart,
    mode: 'production',
    getServerBuild: () => import(serverEntry) as Promise<ServerBuild>,
    clientDir: path.relative(process.cwd(), path.join(buildDir, 'client')) || '.',
  });
  closeOnSignals(running);
}

async function migrate(config: Config) {
  const database = await openDatabase(config, log);
  try {
    await migrateDatabase(database, config, log);
    log.info('migrations applied', { database: database.kind });
  } finally {
    await database.close();
  }
}

async function seed(config: Config) {
  if (config.production) {
    process.stderr.write(
      'escale: refusing to load demo data in production: its accounts have a password published in the README\n',
    );
    process.exit(1);
  }
  const database = await openDatabase(config, log);
  try {
    await migrateDatabase(database, config, log);
    const loaded = await loadDemoData(database, createFileStore(config));
    if (!loaded) log.info('the database already has spaces: demo data not loaded');
    const demo = await presentDemoAccounts(database.db);
    if (demo.length) log.info(`demo accounts (password ${DEMO_PASSWORD}): ${demo.join(', ')}`);
  } finally {
    await database.close();
  }
}

/**
 * `verify-ledger [--anchor <anchor>]… [spaceId…]`: walks the chains of every space that has one (or of the
 * spaces named, and of each anchor's space against it) and the platform's activity, and says for each
 * whether it is intact or where it breaks (docs/decisions/024, 027). Exits 1 when any is broken, 2 when an
 * anchor cannot be read.
 */
async function verifyLedger(config: Config, args: string[]) {
  const anchors: LedgerAnchor[] = [];
  const spaceIds: string[] = [];
  for (let index = 0; index < args.length; index++) {
    if (args[index] !== '--anchor') {
      spaceIds.push(args[index]!);
      continue;
    }
    const anchor = parseAnchor(args[++index] ?? '');
    if (!anchor) {
      process.stderr.write(
        `escale: --anchor expects the line a closing gives (escale-anchor:<space>:journal-…)\n`,
      );
      process.exit(2);
    }
    anchors.push(anchor);
  }
  const database = await openDatabase(config, log);
  let broken = 0;
  const say = (label: string, report: LedgerReport) => {
    if (!report.intact) broken += 1;
    process.stdout.write(`${describeLedgerReport(label, report)}\n`);
  };
  try {
    const named = spaceIds.length || anchors.length;
    const spaces = named ? spaceIds : await spacesWithChains(database.db);
    for (const spaceId of spaces)
      for (const report of await verifySpaceLedgers(database.db, spaceId)) say(spaceId, report);
    for (const anchor of anchors)
      for (const report of await verifyAgainstAnchor(database.db, anchor))
        say(`${anchor.spaceId} (anchor)`, report);
    if (!named) say('platform', await verifyTriggerChain(database.db, 'activity', PLATFORM_SCOPE));
  } finally {
    await database.close();
  }
  if (broken > 0) process.exit(1);
}

/** At most this many keys are named when files the database records are missing from the bucket. */
const MISSING_NAMED = 20;

/**
 * `copy-files-to-bucket`: copies the files of `DATA_DIR/files` into the configured bucket (those already
 * there are skipped, so it can run again), then checks that every file the database records is in the
 * bucket. Exits 1 when recorded files are missing from it, naming them.
 */
async function copyFilesToBucket(config: Config, s3: S3Settings) {
  const folder = localFilesFolder(config);
  const bucket = createS3FileStore(s3);
  const report = await copyFolderToBucket(folder, bucket);
  process.stdout.write(
    `${folder} → bucket ${s3.bucket}: ${report.copied} copied, ${report.present} already there\n`,
  );
  const database = await openDatabase(config, log);
  let missing: string[];
  try {
    const inBucket = await bucket.listKeys();
    const recorded = await database.db.select({ key: storedFiles.key }).from(storedFiles);
    missing = recorded.map((row) => row.key).filter((key) => !inBucket.has(key));
  } finally {
    await database.close();
  }
  if (missing.length > 0) {
    process.stdout.write(
      `${missing.length} file(s) the database records are in neither the folder nor the bucket: ` +
        `${missing.slice(0, MISSING_NAMED).join(', ')}${missing.length > MISSING_NAMED ? ', …' : ''}\n`,
    );
    process.exit(1);
  }
  process.stdout.write('every file the database records is in the bucket\n');
}

/** One command of the compiled server (server/cli.ts), with its configuration already read. */
export async function runCommand(
  command: 'serve' | 'migrate' | 'seed' | 'verify-ledger' | 'copy-files-to-bucket',
  config: Config,
  args: string[] = [],
) {
  configureLog(config.log);
  try {
    if (command === 'serve') await serve(config);
    else if (command === 'migrate') await migrate(config);
    else if (command === 'verify-ledger') await verifyLedger(config, args);
    else if (command === 'copy-files-to-bucket') {
      // server/cli.ts refuses it without a bucket before loading anything; this is for other callers.
      if (!config.s3) throw new Error('copy-files-to-bucket needs S3_BUCKET');
      await copyFilesToBucket(config, config.s3);
    } else await seed(config);
  } catch (error) {
    log.error(`${command} failed`, { error });
    process.exit(1);
  }
}

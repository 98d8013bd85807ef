import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { openDatabase } from './db/client';
import { DEMO_PASSWORD, presentDemoAccounts } from './demo/demo-accounts';
import { closeOnSignals, loadDemoData, startServer } from './main';
import type { Config } from './platform/config';
import { configureLog, log } from './platform/log';
import { createLocalFileStore } from './platform/storage';
import { spacesWithJournal, verifySpaceChain } from './billing/chain';

/** The build this compiled server belongs to: `build/node/` holds it, beside `build/server` and `build/client`. */
const buildDir = path.resolve(import.meta.dirname, '..');

async function serve(config: Config) {
  const serverEntry = pathToFileURL(path.join(buildDir, 'server/index.js')).href;
  const running = await startServer({
    config,
    mode: 'production',
    getServerBuild: () => import(serverEntry) as Promise<ServerBuild>,
    clientDir: path.relative(process.cwd(), path.join(buildDir, 'client')) || '.',
  });
  closeOnSignals(running);
}

async function migrate(config: Config) {
  const database = await openDatabase(config, log);
  try {
    await database.migrate();
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
    await database.migrate();
    const loaded = await loadDemoData(database, createLocalFileStore(path.join(config.dataDir, 'files')));
    if (!loaded) log.info('the database already has spaces: demo data not loaded');
    const demo = await presentDemoAccounts(database.db);
    if (demo.length) log.info(`demo accounts (password ${DEMO_PASSWORD}): ${demo.join(', ')}`);
  } finally {
    await database.close();
  }
}

/**
 * `verify-ledger`: recomputes the chain of every space that has invoices (or of the spaces named) and says,
 * for each, whether it is intact or where it breaks. Exits 1 when any is broken.
 */
async function verifyLedger(config: Config, spaceIds: string[]) {
  const database = await openDatabase(config, log);
  let broken = 0;
  try {
    const spaces = spaceIds.length ? spaceIds : await spacesWithJournal(database.db);
    for (const spaceId of spaces) {
      const report = await verifySpaceChain(database.db, spaceId);
      if (report.intact) process.stdout.write(`${spaceId}: intact (${report.checked} entries)\n`);
      else {
        broken += 1;
        const at = report.brokenAt!;
        process.stdout.write(
          `${spaceId}: BROKEN at position ${at.position} (${at.type} ${at.number ?? at.id}): ${at.problem}\n`,
        );
      }
    }
  } finally {
    await database.close();
  }
  if (broken > 0) process.exit(1);
}

/** One command of the compiled server (server/cli.ts), with its configuration already read. */
export async function runCommand(
  command: 'serve' | 'migrate' | 'seed' | 'verify-ledger',
  config: Config,
  args: string[] = [],
) {
  configureLog(config.log);
  try {
    if (command === 'serve') await serve(config);
    else if (command === 'migrate') await migrate(config);
    else if (command === 'verify-ledger') await verifyLedger(config, args);
    else await seed(config);
  } catch (error) {
    log.error(`${command} failed`, { error });
    process.exit(1);
  }
}

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { openDatabase } from './db/client';
import { DEMO_PASSWORD, presentDemoAccounts } from './db/seed/demo-accounts';
import { closeOnSignals, loadDemoData, startServer } from './main';
import type { Config } from './platform/config';
import { configureLog, log } from './platform/log';
import { createLocalFileStore } from './platform/storage';

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
  const database = await openDatabase(config);
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
  const database = await openDatabase(config);
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

/** One command of the compiled server (server/cli.ts), with its configuration already read. */
export async function runCommand(command: 'serve' | 'migrate' | 'seed', config: Config) {
  configureLog(config.log);
  try {
    if (command === 'serve') await serve(config);
    else if (command === 'migrate') await migrate(config);
    else await seed(config);
  } catch (error) {
    log.error(`${command} failed`, { error });
    process.exit(1);
  }
}

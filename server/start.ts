/**
 * `npm start`: builds the app when the build is missing or older than its sources, then serves it
 * with migrations applied and demo data on an empty database.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { readConfig } from './platform/config';
import { log } from './platform/log';

const root = path.resolve(import.meta.dirname, '..');
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
const stampFile = path.join(buildDir, '.stamp');
const sources = ['app', 'contract', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'];

function newestChange(target: string): number {
  const stats = statSync(target, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestChange(path.join(target, entry))),
    0,
  );
}

function buildIfNeeded() {
  const built = statSync(stampFile, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const changed = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
  if (built > changed && existsSync(path.join(buildDir, 'server/index.js'))) return;
  log.info('building the app…');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, new Date().toISOString());
}

// The configuration is read first: NODE_ENV=production in the caller's environment means a real deployment
// (secrets required); the built app itself always runs React's production build.
const config = readConfig();
process.env.NODE_ENV = 'production';
buildIfNeeded();
const { closeOnSignals, startServer } = await import('./main');
const serverEntry = pathToFileURL(path.join(buildDir, 'server/index.js')).href;
const running = await startServer({
  config,
  mode: 'production',
  getServerBuild: () => import(serverEntry) as Promise<ServerBuild>,
  clientDir: path.relative(process.cwd(), path.join(buildDir, 'client')) || '.',
});
closeOnSignals(running);

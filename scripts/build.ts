/**
 * `npm run build`: everything production runs, with plain node and production dependencies only.
 *
 *   build/client/         the browser's assets (React Router + Vite), with brotli and gzip copies of assets/
 *                         (not with PRECOMPRESS=off, as the browser tests build)
 *   build/server/         the pages' server build (React Router + Vite)
 *   build/node/escale.js  the compiled server (esbuild), with its chunks,
 *   build/node/migrations/       the SQL migrations it applies at start,
 *   build/node/pglite-template/  an initialised, empty PGlite data folder copied into a new DATA_DIR
 *
 * The build folder is BUILD_DIR (default `build`): parallel test runs build apart from each other.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { compileServer } from './build-server';
import { buildKind, isTestBuild } from './build-kind.mjs';
import { precompressAssets } from './precompress';

const root = path.resolve(import.meta.dirname, '..');
// A build setting, not the server's configuration: the compiled server finds its build beside itself.
const buildDir = path.resolve(root, process.env.BUILD_DIR || 'build');
const nodeDir = path.join(buildDir, 'node');

function step(name: string) {
  process.stdout.write(`build: ${name}\n`);
}

step('pages and browser assets (react-router build)');
const pages = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', BUILD_DIR: buildDir },
  },
);
if (pages.status !== 0) process.exit(pages.status ?? 1);

// The browser tests build with PRECOMPRESS=off (playwright.config.ts): their server compresses on the fly
// (server/app.ts), and a copy nobody downloads twice is not worth brotli's best level. A build setting read
// here, like BUILD_DIR, not the server's configuration.
if (isTestBuild(process.env)) {
  step('no brotli and gzip copies (PRECOMPRESS=off: a test build)');
} else {
  step('brotli and gzip copies of the browser assets');
  const compressed = precompressAssets(path.join(buildDir, 'client/assets'));
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  step(
    `  ${compressed.files} files, ${kib(compressed.bytes)}: ${kib(compressed.brotli)} brotli, ${kib(compressed.gzip)} gzip`,
  );
}

step('server (esbuild) and an empty PGlite data folder');
await compileServer(nodeDir, { pgliteTemplate: true });

// Which kind of build this is: scripts/start.mjs reuses it only for the same kind (a test build has no brotli
// copies, which `npm start` and the benchmarks must serve).
writeFileSync(path.join(buildDir, '.stamp'), `${buildKind(process.env)}\n${new Date().toISOString()}\n`);
step(`done: node ${path.relative(process.cwd(), path.join(nodeDir, 'escale.js'))}`);

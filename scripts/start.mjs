// `npm start`, `npm run seed`, `npm run migrate`: run the compiled server (build/node/escale.js) with that
// command. Outside production it first builds when the build is missing or older than its sources, so a
// newcomer's `npm install && npm start` just works; in production it never builds (`npm run build` does).
// Plain JavaScript, so it also runs where only the production dependencies are installed.
// `node scripts/start.mjs build-if-needed` only builds when needed (benchmarks use it).
// The server's heap bounds are node's own options, which a running process cannot change: `npm start` gives
// them on its command line (package.json's `start` script), the production command in docs/deploy.md too.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildKind } from './build-kind.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Read here rather than in server/platform/config.ts because they decide whether to build, before any
// server code exists: BUILD_DIR is where the build is (parallel test runs use their own), NODE_ENV whether
// this is a deployment. The compiled server validates the whole environment itself.
const buildDir = path.resolve(root, process.env.BUILD_DIR || 'build');
const production = process.env.NODE_ENV === 'production';
const entry = path.join(buildDir, 'node/escale.js');
const stamp = path.join(buildDir, '.stamp');
// What the build reads: a change to any of it rebuilds. The catalogs and the public folder are read by the
// pages' build; the build's own modules outside these folders (the chunk plan and the route table's pages of
// vite.config.ts, the steps of scripts/build.ts) are found by following their imports (buildModules).
const FOLDERS = ['app', 'contract', 'server', 'locales', 'public'];
const BUILD_ENTRIES = ['scripts/build.ts', 'vite.config.ts', 'react-router.config.ts'];
const sources = () => [...FOLDERS, ...buildModules(BUILD_ENTRIES), 'tsconfig.json', 'package-lock.json'];

/**
 * `entries` and the project's modules they import, statically or not, by a relative path (`./scripts/chunk-plan.ts`,
 * `./precompress`), those of FOLDERS left out (each folder is watched whole).
 */
function buildModules(entries) {
  const found = new Set();
  const pending = [...entries];
  while (pending.length) {
    const file = pending.pop();
    if (found.has(file) || FOLDERS.some((folder) => file.startsWith(`${folder}/`))) continue;
    if (!existsSync(path.join(root, file))) continue;
    const code = readFileSync(path.join(root, file), 'utf8');
    found.add(file);
    for (const [, specifier] of code.matchAll(/(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = path.relative(root, path.resolve(root, path.dirname(file), specifier));
      const withExtension = ['', '.ts', '.mjs', '.js'].map((extension) => `${target}${extension}`);
      const existing = withExtension.find((candidate) =>
        statSync(path.join(root, candidate), { throwIfNoEntry: false })?.isFile(),
      );
      if (existing) pending.push(existing);
    }
  }
  return [...found];
}

/** The newest modification time under `target`, tests left out (they are not part of the build). */
function newestChange(target) {
  const stats = statSync(target, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return /\.test\.tsx?$/.test(target) ? 0 : stats.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(target, name))),
    0,
  );
}

/** Built after its sources changed, and of the kind asked for (a test build is not served by `npm start`). */
function isFresh() {
  const built = statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (!built || !existsSync(entry)) return false;
  if (readFileSync(stamp, 'utf8').split('\n')[0] !== buildKind(process.env)) return false;
  return built > Math.max(...sources().map((source) => newestChange(path.join(root, source))));
}

function fail(message) {
  process.stderr.write(`escale: ${message}\n`);
  process.exit(1);
}

const canBuild =
  existsSync(path.join(root, 'node_modules/tsx')) && existsSync(path.join(root, 'scripts/build.ts'));
if (production) {
  if (!existsSync(entry)) {
    // The environment's own refusal (a missing DATABASE_URL, say) matters more than the missing build:
    // with the sources and tsx at hand, the server's configuration check says it first.
    if (canBuild) {
      const checked = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'server/cli.ts'), 'check'],
        {
          cwd: root,
          stdio: 'inherit',
        },
      );
      if (checked.status !== 0) process.exit(checked.status ?? 1);
    }
    fail(`no build in ${buildDir}: run \`npm run build\` first (production never builds at start)`);
  }
} else if (!isFresh()) {
  if (!canBuild) {
    if (!existsSync(entry))
      fail(`no build in ${buildDir}, and the build tools (dev dependencies) are not installed`);
  } else {
    process.stdout.write('building the app…\n');
    const built = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/build.ts')], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
}
if (process.argv[2] !== 'build-if-needed') await import(pathToFileURL(entry).href);

// `node scripts/check-production-install.mjs [postgres-url]`, after `npm run build`: proves the build runs
// with the production dependencies alone. It copies package.json, the lockfile and build/ into a temporary
// folder, installs the production dependencies there (`npm ci --omit=dev`), removes any build tool npm
// brought along anyway, starts `node build/node/escale.js`
// and asks it for pages and the API. Without an argument the server runs as a newcomer's (PGlite, demo
// data); with an empty PostgreSQL database's URL it runs as production does (NODE_ENV=production).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const databaseUrl = process.argv[2];
const BUILD_TOOLS = [
  'tsx',
  'typescript',
  'vite',
  '@react-router/dev',
  '@tailwindcss/vite',
  'esbuild',
  'vitest',
  'drizzle-kit',
];

function fail(message) {
  process.stderr.write(`check-production-install: ${message}\n`);
  process.exitCode = 1;
}

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(url, child) {
  for (let attempt = 0; attempt < 240 && child.exitCode === null; attempt++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not become ready');
}

if (!existsSync(path.join(root, 'build/node/escale.js'))) {
  fail('no build: run `npm run build` first');
  process.exit(1);
}

const folder = mkdtempSync(path.join(os.tmpdir(), 'escale-production-install-'));
let server;
try {
  for (const file of ['package.json', 'package-lock.json'])
    cpSync(path.join(root, file), path.join(folder, file));
  cpSync(path.join(root, 'build'), path.join(folder, 'build'), { recursive: true });

  const started = performance.now();
  const npm = (args) =>
    spawnSync('npm', [...args, '--no-audit', '--no-fund'], { cwd: folder, stdio: 'inherit' });
  console.log(`npm ci --omit=dev in ${folder}`);
  if (npm(['ci', '--omit=dev']).status !== 0) {
    // npm ci refuses a lockfile that lacks an optional package of another platform (as when it was written
    // against a registry mirror without them); npm install --omit=dev installs the same production tree.
    console.log('npm ci refused the lockfile (see above): npm install --omit=dev instead');
    if (npm(['install', '--omit=dev']).status !== 0) throw new Error('npm install --omit=dev failed');
  }
  console.log(`installed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // npm also installs dev packages that a production one names as optional peers (better-auth names vitest
  // and drizzle-kit, which bring vite, tsx, esbuild): removed, so the run below proves nothing needs them.
  const present = BUILD_TOOLS.filter((name) => existsSync(path.join(folder, 'node_modules', name)));
  if (present.length) {
    console.log(`removing build tools npm brought as optional peers: ${present.join(', ')}`);
    for (const name of present)
      rmSync(path.join(folder, 'node_modules', name), { recursive: true, force: true });
  }

  const port = await freePort();
  const url = `http://localhost:${port}`;
  const env = {
    PATH: process.env.PATH,
    PORT: String(port),
    BASE_URL: url,
    DATA_DIR: path.join(folder, 'data'),
    LOG_LEVEL: 'warn',
    ...(databaseUrl
      ? {
          NODE_ENV: 'production',
          DATABASE_URL: databaseUrl,
          AUTH_SECRET: 'check-production-install-secret-0123456789',
        }
      : {}),
  };
  console.log(`node build/node/escale.js (${databaseUrl ? 'production, PostgreSQL' : 'PGlite, demo data'})`);
  server = spawn(process.execPath, ['build/node/escale.js'], { cwd: folder, env, stdio: 'inherit' });
  await waitUntilReady(url, server);

  const checks = [
    ['GET /', () => fetch(`${url}/`), 'text/html'],
    ['GET /search?city=Paris', () => fetch(`${url}/search?city=Paris`), 'text/html'],
    [
      'POST /api/fn/search.spaces',
      () =>
        fetch(`${url}/api/fn/search.spaces`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: url },
          body: JSON.stringify({ data: { city: 'Paris' } }),
        }),
      'application/json',
    ],
  ];
  for (const [name, request, type] of checks) {
    const response = await request();
    const body = await response.text();
    const ok = response.status === 200 && (response.headers.get('content-type') ?? '').includes(type);
    console.log(
      `${ok ? 'ok  ' : 'FAIL'} ${name}: ${response.status} ${response.headers.get('content-type')}`,
    );
    if (!ok) fail(`${name} answered ${response.status}: ${body.slice(0, 200)}`);
  }
  const asset = (await (await fetch(`${url}/`)).text()).match(/\/assets\/[^"']+\.js/)?.[0];
  const assetResponse = asset ? await fetch(`${url}${asset}`) : undefined;
  console.log(`${assetResponse?.ok ? 'ok  ' : 'FAIL'} GET ${asset ?? '(no script in the page)'}`);
  if (!assetResponse?.ok) fail('the page names no script the server serves');
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(folder, { recursive: true, force: true });
}
if (!process.exitCode) console.log('the build runs with production dependencies only');

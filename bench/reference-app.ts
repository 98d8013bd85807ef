/**
 * The bare reference app the first-load and memory benchmarks measure Escale against: a React Router
 * framework-mode app with one route, built here from the installed packages (the same react, react-dom,
 * react-router and vite as Escale), in a temporary folder whose `node_modules` is a link to the project's.
 * It is served the way Escale serves itself (Hono on @hono/node-server, pages gzip-compressed, hashed
 * assets sent as build-time brotli and gzip copies), so what differs between the two is the app.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { precompressAssets } from '../scripts/precompress';

const root = path.resolve(import.meta.dirname, '..');

const FILES: Record<string, string> = {
  'react-router.config.js': `export default { appDirectory: 'app', ssr: true };\n`,
  'vite.config.js': `import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
export default defineConfig({ plugins: [reactRouter()] });
`,
  'app/routes.ts': `import { index } from '@react-router/dev/routes';
export default [index('routes/home.tsx')];
`,
  'app/root.tsx': `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="data:," />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
export default function App() {
  return <Outlet />;
}
`,
  'app/routes/home.tsx': `export function meta() {
  return [{ title: 'Bare app' }, { name: 'description', content: 'A React Router app with one route.' }];
}
export default function Home() {
  return (
    <main>
      <h1>Bare app</h1>
      <p>One route, rendered on the server and hydrated in the browser.</p>
    </main>
  );
}
`,
  'public/robots.txt': 'User-agent: *\nAllow: /\n',
  'server.mjs': `import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { createRequestHandler } from 'react-router';
import * as build from './build/server/index.js';

const app = new Hono();
app.use(compress());
app.use(
  '/assets/*',
  serveStatic({
    root: './build/client',
    precompressed: true,
    onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
  }),
);
app.use('/*', serveStatic({ root: './build/client' }));
const handle = createRequestHandler(build, 'production');
app.all('*', (c) => handle(c.req.raw));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
`,
};

export interface ReferenceApp {
  dir: string;
  /** Versions the bare app was built with, read from the installed packages. */
  versions: Record<string, string>;
  remove(): void;
}

function versionOf(name: string): string {
  const manifest = JSON.parse(
    readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8'),
  ) as {
    version: string;
  };
  return manifest.version;
}

/** Writes and builds the bare app in a new temporary folder; `remove()` deletes it. */
export function buildReferenceApp(): ReferenceApp {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'escale-bare-reference-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    // React Router's build reads the app's dependencies to pick its server runtime and, when its default
    // server entry's isbot is missing from them, runs npm install: every one is listed, nothing installs.
    const dependencies = Object.fromEntries(
      ['react', 'react-dom', 'react-router', '@react-router/node', 'isbot'].map((name) => [
        name,
        versionOf(name),
      ]),
    );
    const manifest = { name: 'bare-reference', private: true, type: 'module', dependencies };
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest));
    for (const [file, content] of Object.entries(FILES)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    }
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const built = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'],
      { cwd: dir, env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' }, encoding: 'utf8' },
    );
    if (built.status !== 0) throw new Error(`the bare reference app did not build:\n${built.stderr}`);
    precompressAssets(path.join(dir, 'build/client/assets'));
  } catch (error) {
    remove();
    throw error;
  }
  const versions = Object.fromEntries(
    ['react', 'react-dom', 'react-router', '@react-router/dev', 'vite'].map((name) => [
      name,
      versionOf(name),
    ]),
  );
  return { dir, versions, remove };
}

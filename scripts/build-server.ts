import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openPglite } from '../server/db/client';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The compiled server in `nodeDir`: `escale.js` (server/cli.ts) and its chunks, the migrations beside them,
 * and with `pgliteTemplate` an initialised, empty PGlite data folder copied into a new DATA_DIR at start.
 * It runs on plain node with the production dependencies; `nodeDir` must be inside the project so that
 * `node_modules` is found.
 */
export async function compileServer(nodeDir: string, options: { pgliteTemplate: boolean }) {
  rmSync(nodeDir, { recursive: true, force: true });
  await build({
    entryPoints: { escale: path.join(root, 'server/cli.ts') },
    outdir: nodeDir,
    bundle: true,
    // The entry reads the configuration before anything else loads: the rest is a chunk it imports.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    // Dependencies stay in node_modules (production dependencies); our code, contract included, is bundled.
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  cpSync(path.join(root, 'server/db/migrations'), path.join(nodeDir, 'migrations'), { recursive: true });
  if (options.pgliteTemplate) {
    const database = await openPglite(path.join(nodeDir, 'pglite-template'), { template: null });
    await database.close();
  }
}

// Starts the app for the browser tests on a fresh data folder (wiped first) so every run sees only demo data.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

// A test harness: it reads the DATA_DIR it is about to wipe; the server validates its environment itself.
const dataDir = process.env.DATA_DIR;
if (!dataDir || !dataDir.includes('escale-e2e')) throw new Error(`refusing to wipe ${dataDir}`);
rmSync(dataDir, { recursive: true, force: true });
// `npm start`'s launcher: the first lane builds when the sources changed, then every lane runs the compiled server.
const child = spawn(process.execPath, ['scripts/start.mjs'], {
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));

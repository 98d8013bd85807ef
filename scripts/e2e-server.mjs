// Starts the app for the browser tests: builds it once when its sources changed, then every lane's server at
// the same time, each on a fresh data folder (wiped first) so every run sees only demo data
// (tests/e2e/lanes.ts). Once every lane answers /readyz, it answers on E2E_READY_PORT: Playwright waits for
// that one address (playwright.config.ts), where one web server per lane would start one after the other.
//
// With E2E_DATABASE_URL (npm test passes DATABASE_URL on), each lane's server runs on a PostgreSQL database of
// its own, made empty here, instead of PGlite in its own process: the same SQL, with the database's work off
// the Node process that also renders the pages (decision 026). Without it, PGlite, as on a newcomer's machine.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import pg from 'pg';

// A test harness: it reads the lanes it is about to start and the folders it is about to wipe; each server
// validates its environment itself.
const lanes = JSON.parse(process.env.E2E_LANES_JSON ?? '[]');
const readyPort = Number(process.env.E2E_READY_PORT);
if (lanes.length === 0 || !readyPort) throw new Error('E2E_LANES_JSON and E2E_READY_PORT are required');
for (const lane of lanes) {
  if (!lane.dataDir.includes('escale-e2e')) throw new Error(`refusing to wipe ${lane.dataDir}`);
}

// `npm start`'s launcher builds when the sources changed; the lanes then start from that build together.
const built = spawnSync(process.execPath, ['scripts/start.mjs', 'build-if-needed'], {
  stdio: 'inherit',
  env: process.env,
});
if (built.status !== 0) process.exit(built.status ?? 1);

const serverUrl = process.env.E2E_DATABASE_URL;
/** A lane's PostgreSQL database, named after its port so runs on other ports never share one. */
const databaseOf = (lane) => `escale_e2e_${lane.port}`;

/** Runs `work` with a client on the PostgreSQL server's own database, for creating and dropping others. */
async function withAdminClient(work) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Each lane's DATABASE_URL: its database dropped and made again; empty for PGlite. */
async function laneDatabases() {
  if (!serverUrl) return lanes.map(() => '');
  return withAdminClient(async (admin) => {
    const urls = [];
    for (const lane of lanes) {
      await admin.query(`DROP DATABASE IF EXISTS ${databaseOf(lane)} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${databaseOf(lane)}`);
      const url = new URL(serverUrl);
      url.pathname = `/${databaseOf(lane)}`;
      urls.push(url.toString());
    }
    return urls;
  });
}
const databaseUrls = await laneDatabases();

const children = lanes.map((lane, index) => {
  rmSync(lane.dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(lane.port),
      DATA_DIR: lane.dataDir,
      DATABASE_URL: databaseUrls[index],
      BASE_URL: lane.origin,
      SMTP_URL: `smtp://127.0.0.1:${lane.smtpPort}`,
      // The app's clock, which a test may set (tests/e2e/clock.ts); empty, the machine's.
      TEST_CLOCK_FILE: lane.clockFile,
    },
  });
  // A lane that stops stops the run: its tests could not reach it.
  child.on('exit', (code) => void stop(code ?? 1));
  return child;
});

let stopping = false;
/** Stops every lane, then drops their PostgreSQL databases (they are made again at the next start). */
async function stop(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map((child) =>
      child.exitCode !== null || child.signalCode !== null
        ? undefined
        : new Promise((resolve) => {
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
    ),
  );
  if (serverUrl) {
    await withAdminClient(async (admin) => {
      for (const lane of lanes) await admin.query(`DROP DATABASE IF EXISTS ${databaseOf(lane)} WITH (FORCE)`);
    }).catch((error) => console.error(`could not drop the lanes' databases: ${error.message}`));
  }
  process.exit(code);
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => void stop(0));

async function answers(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

for (const lane of lanes) {
  while (!(await answers(`${lane.origin}/readyz`))) await new Promise((resolve) => setTimeout(resolve, 250));
}
createServer((_request, response) => response.end('ready')).listen(readyPort, '127.0.0.1');

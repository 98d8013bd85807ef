/**
 * `npm test`: lint, format and types; unit and integration tests (PGlite, and PostgreSQL when DATABASE_URL
 * is set); then the browser tests in real Chromium. Browser tests are never skipped: without a Chromium this
 * installs Debian's when it can (root on Debian), otherwise it stops and says what to run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath, DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL } from '../tests/support/chromium';
import {
  formatSpecSummary,
  formatSummary,
  SUMMARY_FILE,
  type PlaywrightSuite,
  type VitestSummary,
} from '../tests/support/timing-reporter';

// Debian's full Chromium, and its headless shell that the tests prefer (tests/support/chromium.ts).
const INSTALL_COMMAND = 'apt-get update && apt-get install -y chromium chromium-headless-shell';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.status === 0;
}

// CHROMIUM_PATH is the test runner's own setting (which browser to drive), not the server's: read here.
function findChromium(): string | undefined {
  const candidate = chromiumPath();
  if (existsSync(candidate)) {
    if (candidate === DEBIAN_CHROMIUM)
      console.log(
        `Driving ${DEBIAN_CHROMIUM}; Debian's headless shell runs the browser tests about twice as fast:\n` +
          `  sudo apt-get install -y chromium-headless-shell`,
      );
    return candidate;
  }
  const isRoot = process.getuid?.() === 0;
  if (!process.env.CHROMIUM_PATH && isRoot && existsSync('/etc/debian_version')) {
    console.log(`No Chromium at ${DEBIAN_CHROMIUM}: installing Debian's (${INSTALL_COMMAND})`);
    if (run('sh', ['-c', `${INSTALL_COMMAND} >/dev/null`]) && existsSync(DEBIAN_HEADLESS_SHELL))
      return DEBIAN_HEADLESS_SHELL;
  }
  return undefined;
}

const chromium = findChromium();
if (!chromium) {
  console.error(
    `\nThe browser tests need Chromium and none was found at ${chromiumPath()}.\n` +
      `Install it with:\n\n  sudo ${INSTALL_COMMAND}\n\nor point CHROMIUM_PATH at a Chromium binary, then run npm test again.`,
  );
  process.exit(1);
}

const PLAYWRIGHT_REPORT = path.resolve('node_modules/.cache/escale-tests/playwright-report.json');
const env = { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_FILE: PLAYWRIGHT_REPORT };
const steps: Array<{ name: string; command: string; args: string[] }> = [
  { name: 'check', command: 'npm', args: ['run', 'check'] },
  { name: 'vitest', command: 'npx', args: ['vitest', 'run'] },
  { name: 'playwright', command: 'npx', args: ['playwright', 'test', '--reporter=list,json'] },
];
// A report left by an earlier run must not be read as this one's.
rmSync(SUMMARY_FILE, { force: true });
rmSync(PLAYWRIGHT_REPORT, { force: true });

const failed: string[] = [];
const times: Array<[string, number]> = [];
const started = Date.now();
for (const { name, command, args } of steps) {
  const stepStarted = Date.now();
  if (!run(command, args, env)) failed.push(`${command} ${args.join(' ')}`);
  times.push([name, Date.now() - stepStarted]);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
console.log('\n── Summary ──');
for (const [name, ms] of times) console.log(`  ${name.padEnd(11)} ${seconds(ms).padStart(6)}`);
console.log(`  ${'total'.padEnd(11)} ${seconds(Date.now() - started).padStart(6)}`);
if (existsSync(SUMMARY_FILE)) {
  console.log(formatSummary(JSON.parse(readFileSync(SUMMARY_FILE, 'utf8')) as VitestSummary));
}
if (existsSync(PLAYWRIGHT_REPORT)) {
  const { stats, suites } = JSON.parse(readFileSync(PLAYWRIGHT_REPORT, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    suites: PlaywrightSuite[];
  };
  console.log(
    `  ${'browser'.padEnd(8)} ${stats.expected + stats.unexpected + stats.flaky} executed, ` +
      `${stats.skipped} skipped (${stats.unexpected} failed, ${stats.flaky} flaky)`,
  );
  console.log(formatSpecSummary(suites));
}
if (failed.length) {
  console.error(`\n✗ failed: ${failed.join('; ')}`);
  process.exit(1);
}
console.log('\n✓ all checks and tests passed');

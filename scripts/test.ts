/**
 * `npm test`: lint, format and types; unit and integration tests (PGlite, and PostgreSQL when DATABASE_URL
 * is set); then the browser tests in real Chromium. Browser tests are never skipped: without a Chromium this
 * installs Debian's when it can (root on Debian), otherwise it stops and says what to run.
 *
 * The checks and the browser tests' build run beside Vitest (their output is shown after it): Vitest leaves a
 * core idle while it makes its templates and while its last long file runs, and neither step needs the other.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { formatSummary, SUMMARY_FILE, type VitestSummary } from '../tests/support/timing-reporter';

const DEFAULT_CHROMIUM = '/usr/bin/chromium';
const INSTALL_COMMAND = 'apt-get update && apt-get install -y chromium';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.status === 0;
}

// CHROMIUM_PATH is the test runner's own setting (which browser to drive), not the server's: read here.
function findChromium(): string | undefined {
  const candidate = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  if (existsSync(candidate)) return candidate;
  const isRoot = process.getuid?.() === 0;
  if (!process.env.CHROMIUM_PATH && isRoot && existsSync('/etc/debian_version')) {
    console.log(`No Chromium at ${DEFAULT_CHROMIUM}: installing Debian's (${INSTALL_COMMAND})`);
    if (run('sh', ['-c', `${INSTALL_COMMAND} >/dev/null`]) && existsSync(DEFAULT_CHROMIUM))
      return DEFAULT_CHROMIUM;
  }
  return undefined;
}

const chromium = findChromium();
if (!chromium) {
  console.error(
    `\nThe browser tests need Chromium and none was found at ${process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM}.\n` +
      `Install it with:\n\n  sudo ${INSTALL_COMMAND}\n\nor point CHROMIUM_PATH at a Chromium binary, then run npm test again.`,
  );
  process.exit(1);
}

const PLAYWRIGHT_REPORT = path.resolve('node_modules/.cache/escale-tests/playwright-report.json');
const env = { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_FILE: PLAYWRIGHT_REPORT };
// A report left by an earlier run must not be read as this one's.
rmSync(SUMMARY_FILE, { force: true });
rmSync(PLAYWRIGHT_REPORT, { force: true });

const failed: string[] = [];
const times: Array<[string, number]> = [];
const started = Date.now();

interface StepResult {
  name: string;
  ok: boolean;
  ms: number;
  output: string;
}

/** Runs a step; its output goes to the terminal, or is kept to be shown after the step beside it. */
function step(
  name: string,
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; keepOutput?: boolean },
): Promise<StepResult> {
  const stepStarted = Date.now();
  if (!options.keepOutput) console.log(`\n▶ ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: options.env,
      stdio: options.keepOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) =>
      resolve({
        name,
        ok: code === 0,
        ms: Date.now() - stepStarted,
        output: `▶ ${command} ${args.join(' ')}\n${output}`,
      }),
    );
  });
}

function record(result: StepResult) {
  times.push([result.name, result.ms]);
  if (!result.ok) failed.push(result.name);
}

// The browser tests' build, made as their web server would make it (playwright.config.ts): it then finds it
// up to date. It starts once the checks are done, as both write what React Router generates.
const buildEnv = {
  ...env,
  BUILD_DIR: process.env.BUILD_DIR ?? 'build',
  PRECOMPRESS: process.env.PRECOMPRESS ?? 'off',
};
const besideVitest = (async () => {
  const check = await step('check', 'npm', ['run', 'check'], { env, keepOutput: true });
  const build = await step('build', process.execPath, ['scripts/start.mjs', 'build-if-needed'], {
    env: buildEnv,
    keepOutput: true,
  });
  return [check, build];
})();
const vitest = await step('vitest', 'npx', ['vitest', 'run'], { env });
for (const result of await besideVitest) {
  console.log(`\n${result.output}`);
  record(result);
}
record(vitest);
if (!failed.includes('build')) {
  record(await step('playwright', 'npx', ['playwright', 'test', '--reporter=list,json'], { env }));
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
console.log('\n── Summary (check and build ran beside vitest) ──');
for (const [name, ms] of times) console.log(`  ${name.padEnd(11)} ${seconds(ms).padStart(6)}`);
console.log(`  ${'total'.padEnd(11)} ${seconds(Date.now() - started).padStart(6)}`);
if (existsSync(SUMMARY_FILE)) {
  console.log(formatSummary(JSON.parse(readFileSync(SUMMARY_FILE, 'utf8')) as VitestSummary));
}
if (existsSync(PLAYWRIGHT_REPORT)) {
  const { stats } = JSON.parse(readFileSync(PLAYWRIGHT_REPORT, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  console.log(
    `  ${'browser'.padEnd(8)} ${stats.expected + stats.unexpected + stats.flaky} executed, ` +
      `${stats.skipped} skipped (${stats.unexpected} failed, ${stats.flaky} flaky)`,
  );
}
if (failed.length) {
  console.error(`\n✗ failed: ${failed.join('; ')}`);
  process.exit(1);
}
console.log('\n✓ all checks and tests passed');

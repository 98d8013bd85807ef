/**
 * `npm test`: lint, format and types; unit and integration tests (PGlite, and PostgreSQL when DATABASE_URL
 * is set); then the browser tests in real Chromium. Browser tests are never skipped: without a Chromium this
 * installs Debian's when it can (root on Debian), otherwise it stops and says what to run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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

const env = { ...process.env, CHROMIUM_PATH: chromium };
const steps: Array<[string, string[]]> = [
  ['npm', ['run', 'check']],
  ['npx', ['vitest', 'run']],
  ['npx', ['playwright', 'test']],
];
const failed: string[] = [];
for (const [command, args] of steps) {
  if (!run(command, args, env)) failed.push(`${command} ${args.join(' ')}`);
}
if (failed.length) {
  console.error(`\n✗ failed: ${failed.join('; ')}`);
  process.exit(1);
}
console.log('\n✓ all checks and tests passed');

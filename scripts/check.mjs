// `npm run check`: types, lint, dead code and format. Two chains run side by side, each mostly on one core:
// the type check, then knip (which reads the route types the type check generates), then Prettier; and ESLint,
// which alone takes about as long as the other three (decision 026). Each chain's output is printed whole when
// it ends, so the two never interleave.
import { spawn } from 'node:child_process';

const CHAINS = [['typecheck', 'deadcode', 'format:check'], ['lint']];

function runScript(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ script, ok: code === 0, output }));
  });
}

async function runChain(scripts) {
  const results = [];
  for (const script of scripts) {
    const result = await runScript(script);
    results.push(result);
    process.stdout.write(`\n▶ npm run ${script}${result.ok ? '' : ' ✗'}\n${result.output}`);
    if (!result.ok) break;
  }
  return results;
}

const failed = (await Promise.all(CHAINS.map(runChain))).flat().filter((result) => !result.ok);
if (failed.length) {
  console.error(`\n✗ npm run check: ${failed.map((result) => result.script).join(', ')} failed`);
  process.exit(1);
}

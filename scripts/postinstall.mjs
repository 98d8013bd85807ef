// `npm install`'s postinstall: applies patches/ (patch-package) to the build tools they patch. An install
// without dev dependencies (a deployment: `npm ci --omit=dev`) has neither those tools nor patch-package,
// and nothing to patch, so it skips (docs/decisions/014-patched-react-router-dev.md).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const patchPackage = path.join(root, 'node_modules/patch-package/index.js');
if (existsSync(patchPackage)) {
  const result = spawnSync(process.execPath, [patchPackage, '--error-on-fail'], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}

import { existsSync } from 'node:fs';

/**
 * The Chromium the browser tests drive: `CHROMIUM_PATH` when set, else Debian's headless shell when it is
 * installed, else Debian's full Chromium. The headless shell is the same engine without the desktop browser
 * around it: the whole browser suite took 888 s with the full browser and 445 s with the shell and no trace
 * (docs/decisions/026). Read by `npm test` and by `playwright.config.ts`, so both drive the same one.
 */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : DEBIAN_CHROMIUM;
}

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { currentLane } from './lanes';

/**
 * Sets the app's clock (the `now` of every request: server/platform/test-clock.ts) for this lane's server,
 * or gives it back the machine's time with null. Takes effect from the next request.
 */
export function setAppClock(instant: Date | null) {
  const file = currentLane().clockFile;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, instant ? instant.toISOString() : '');
}

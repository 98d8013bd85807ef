import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { currentLane, type Lane } from './lanes';

/**
 * Sets the app's clock (the `now` of every request: server/platform/test-clock.ts) for this lane's server,
 * or gives it back the machine's time with null. Takes effect from the next request.
 *
 * The clock is the lane's, and a lane runs one test at a time (one worker, tests/e2e/lanes.ts): a test that
 * moves it is alone on that server while it does, and puts it back in its after-hook (a worker that starts
 * puts it back too, tests/e2e/fixtures.ts). Tests on other lanes read their own servers' clocks.
 * With `jobs`, the lane's background jobs run on it too (server/platform/test-clock.ts): only forward, and only
 * as far as the job a test waits for, since what the sweep does at that instant stays done.
 */
export function setAppClock(instant: Date | null, options: { jobs?: boolean } = {}) {
  writeClock(currentLane(), instant, options.jobs ?? false);
}

export function resetLaneClock(lane: Lane) {
  writeClock(lane, null);
}

function writeClock(lane: Lane, instant: Date | null, jobs = false) {
  mkdirSync(path.dirname(lane.clockFile), { recursive: true });
  writeFileSync(lane.clockFile, instant ? `${instant.toISOString()}${jobs ? ' jobs' : ''}` : '');
}

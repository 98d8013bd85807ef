import { readFileSync } from 'node:fs';

/**
 * The app's clock for browser tests (`TEST_CLOCK_FILE`, refused in production by the config): the instant
 * written in the file while it holds a valid one, else the machine's time. A test moves time by writing
 * the file (tests/e2e/clock.ts) and puts it back by emptying it; nothing reaches it over HTTP. Read on
 * every request: a few bytes, and only in test runs.
 *
 * The instant may be followed by the word `jobs`: the background jobs then run on it too (a test that waits
 * for the reservations sweep moves the jobs' clock past its next run instead of waiting a real minute).
 * Without it, jobs keep the database's clock: a test that looks days ahead must not run the sweep there.
 */
function readClockFile(file: string): { instant: Date | undefined; jobs: boolean } {
  let text = '';
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch {
    return { instant: undefined, jobs: false };
  }
  const [written = '', flag] = text.split(/\s+/);
  const instant = Date.parse(written);
  return Number.isNaN(instant)
    ? { instant: undefined, jobs: false }
    : { instant: new Date(instant), jobs: flag === 'jobs' };
}

export function fileClock(file: string): () => Date {
  return () => readClockFile(file).instant ?? new Date();
}

/** The background jobs' clock: the file's instant when it says `jobs`, else undefined (the database's clock). */
export function fileJobClock(file: string): () => Date | undefined {
  return () => {
    const { instant, jobs } = readClockFile(file);
    return jobs ? instant : undefined;
  };
}

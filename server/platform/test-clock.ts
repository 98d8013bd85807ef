import { readFileSync } from 'node:fs';

/**
 * The app's clock for browser tests (`TEST_CLOCK_FILE`, refused in production by the config): the instant
 * written in the file while it holds a valid one, else the machine's time. A test moves time by writing
 * the file (tests/e2e/clock.ts) and puts it back by emptying it; nothing reaches it over HTTP. Read on
 * every request: a few bytes, and only in test runs.
 */
export function fileClock(file: string): () => Date {
  return () => {
    let text = '';
    try {
      text = readFileSync(file, 'utf8').trim();
    } catch {
      return new Date();
    }
    const instant = Date.parse(text);
    return Number.isNaN(instant) ? new Date() : new Date(instant);
  };
}

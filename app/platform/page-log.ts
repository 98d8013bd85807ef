/**
 * Logging for the page renderer (entry.server.tsx). The app may not import server code, so this writes the
 * same shape as `server/platform/log.ts`: one JSON line in production, a readable line otherwise.
 */
type Level = 'warn' | 'error';

function serialise(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

export function logPageEvent(level: Level, message: string, fields: Record<string, unknown> = {}) {
  if (process.env.LOG_LEVEL === 'silent') return;
  const entries = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, serialise(value)]));
  const write = level === 'error' ? console.error : console.warn;
  if (process.env.NODE_ENV === 'production') {
    write(JSON.stringify({ time: new Date().toISOString(), level, message, ...entries }));
  } else {
    write(`${level.padEnd(5)} ${message} ${JSON.stringify(entries)}`);
  }
}

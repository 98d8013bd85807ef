/** Structured logs: one JSON line per event in production, readable lines otherwise. Never log secrets. */
type Level = 'debug' | 'info' | 'warn' | 'error';
type Fields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: Fields): void;
  info(message: string, fields?: Fields): void;
  warn(message: string, fields?: Fields): void;
  error(message: string, fields?: Fields): void;
  child(fields: Fields): Logger;
}

const quiet = process.env.LOG_LEVEL === 'silent';
const json = process.env.NODE_ENV === 'production';
const minimum: Level = (process.env.LOG_LEVEL as Level | undefined) ?? (json ? 'info' : 'debug');
const rank: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function serialise(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

function write(level: Level, message: string, fields: Fields) {
  if (quiet || rank[level] < (rank[minimum] ?? 0)) return;
  const entries = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, serialise(value)]));
  const stream = level === 'error' || level === 'warn' ? process.stderr : process.stdout;
  if (json) {
    stream.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...entries })}\n`);
  } else {
    const extra = Object.keys(entries).length ? ` ${JSON.stringify(entries)}` : '';
    stream.write(`${level.padEnd(5)} ${message}${extra}\n`);
  }
}

export function createLogger(base: Fields = {}): Logger {
  return {
    debug: (message, fields = {}) => write('debug', message, { ...base, ...fields }),
    info: (message, fields = {}) => write('info', message, { ...base, ...fields }),
    warn: (message, fields = {}) => write('warn', message, { ...base, ...fields }),
    error: (message, fields = {}) => write('error', message, { ...base, ...fields }),
    child: (fields) => createLogger({ ...base, ...fields }),
  };
}

export const log = createLogger();

/** Structured logs: one JSON line per event in production, readable lines otherwise. Never log secrets. */
import { readLogSettings, type LogSettings } from './config';

type Level = 'debug' | 'info' | 'warn' | 'error';
type Fields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: Fields): void;
  info(message: string, fields?: Fields): void;
  warn(message: string, fields?: Fields): void;
  error(message: string, fields?: Fields): void;
  child(fields: Fields): Logger;
}

const rank: Record<LogSettings['level'], number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 50 };

/** From the environment until the server (or a script) configures it with its validated config. */
function initialSettings(): LogSettings {
  try {
    return readLogSettings();
  } catch {
    // A wrong LOG_LEVEL is reported by readConfig, as one line, when the process starts.
    return { level: 'info', json: false };
  }
}

let settings: LogSettings = initialSettings();

/** Sets the level and format of every logger, existing ones included (the server does it at start). */
export function configureLog(next: LogSettings) {
  settings = next;
}

function serialise(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

function write(level: Level, message: string, fields: Fields) {
  if (rank[level] < rank[settings.level]) return;
  const entries = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, serialise(value)]));
  const stream = level === 'error' || level === 'warn' ? process.stderr : process.stdout;
  if (settings.json) {
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

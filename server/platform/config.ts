import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The one place that reads the environment. Every variable is validated here, once: a wrong value stops the
 * process with a one-line reason naming the variable (`ConfigError`), never later in the middle of a request.
 */

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LogSettings {
  /** The lowest level written; `silent` writes nothing (tests). */
  level: LogLevel;
  /** One JSON object per line (production, for log collectors) rather than readable lines. */
  json: boolean;
}

/**
 * An S3-compatible bucket for uploaded files (`S3_*`): where every process keeps and reads them when the app
 * runs on several machines. Unset, files live in `DATA_DIR/files` (docs/decisions/028).
 */
export interface S3Settings {
  bucket: string;
  /** The service's address (`https://s3.fr-par.scw.cloud`, `http://minio:9000`); unset for AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither; neither leaves the SDK's own chain (an instance's role, `AWS_*` variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key`. */
  forcePathStyle: boolean;
}

/** Every setting the server reads. */
export interface Config {
  port: number;
  production: boolean;
  databaseUrl: string | undefined;
  /**
   * The role that owns the tables, used only to migrate (`migrate`, and the start-up migration step when it
   * is set): `DATABASE_URL` is then a role that reads and writes rows and owns nothing (docs/decisions/027).
   */
  databaseOwnerUrl: string | undefined;
  dataDir: string;
  baseUrl: string;
  rootDomain: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string;
  gtmContainerId: string | undefined;
  /** Map background tiles (`https://tile.example/{z}/{x}/{y}.png`); without it maps show markers on a plain ground. */
  mapTileUrl: string | undefined;
  /** The credit the tile provider requires, shown on the map (HTML allowed: links). */
  mapTileAttribution: string | undefined;
  allowedExternalHosts: string[];
  /** Behind a reverse proxy: read the caller's address from the last `X-Forwarded-For` entry. */
  trustProxy: boolean;
  /** Uploaded files in a bucket; undefined: in `DATA_DIR/files`. */
  s3: S3Settings | undefined;
  log: LogSettings;
  /**
   * Browser tests only (never in production): a file whose content, an ISO instant, is the app's clock
   * while it holds one; empty or absent, the machine's clock. `TEST_CLOCK_FILE`.
   */
  testClockFile?: string;
}

/** A configuration the process cannot run with; its message is one line that names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Unset and empty mean the same: `DATABASE_URL=` in a shell or a compose file is "no value". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const url = (protocols: string[], example: string) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `expected a ${protocols.join(' or ')} URL such as ${example}` },
  );

const ZEnvironment = z.object({
  NODE_ENV: optional(z.string()),
  PORT: optional(
    z.coerce
      .number({ message: 'expected a port number' })
      .int('expected a port number')
      .min(0, 'expected a port number')
      .max(65535, 'expected a port number'),
  ),
  DATABASE_URL: optional(url(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/escale')),
  DATABASE_OWNER_URL: optional(
    url(['postgres:', 'postgresql:'], 'postgres://escale_owner:password@host:5432/escale'),
  ),
  DATA_DIR: optional(z.string()),
  BASE_URL: optional(url(['http:', 'https:'], 'https://escale.example')),
  ROOT_DOMAIN: optional(z.string().regex(/^[a-z0-9.-]+$/i, 'expected a domain name such as escale.example')),
  SMTP_URL: optional(url(['smtp:', 'smtps:'], 'smtp://user:password@smtp.example:587')),
  MAIL_FROM: optional(z.string()),
  AUTH_SECRET: optional(z.string().min(32, 'expected at least 32 characters (openssl rand -base64 32)')),
  GTM_CONTAINER_ID: optional(
    z.string().regex(/^GTM-[A-Z0-9]+$/, 'expected a container id such as GTM-ABC123'),
  ),
  MAP_TILE_URL: optional(url(['http:', 'https:'], 'https://tile.openstreetmap.org/{z}/{x}/{y}.png')),
  MAP_TILE_ATTRIBUTION: optional(z.string()),
  ALLOWED_EXTERNAL_HOSTS: optional(z.string()),
  TRUST_PROXY: optional(
    z
      .enum(['true', 'false', '1', '0'], { message: 'expected true or false' })
      .transform((v) => v === 'true' || v === '1'),
  ),
  S3_BUCKET: optional(
    z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'expected a bucket name such as escale-files'),
  ),
  S3_ENDPOINT: optional(url(['http:', 'https:'], 'https://s3.fr-par.scw.cloud')),
  S3_REGION: optional(z.string().regex(/^[a-z0-9-]+$/, 'expected a region such as eu-west-3')),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(
    z
      .enum(['true', 'false', '1', '0'], { message: 'expected true or false' })
      .transform((v) => v === 'true' || v === '1'),
  ),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { message: `expected one of ${LOG_LEVELS.join(', ')}` })),
  TEST_CLOCK_FILE: optional(z.string()),
});

export type Environment = z.output<typeof ZEnvironment>;

function parseWith<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv): z.output<T> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const name = String(issue?.path[0] ?? 'environment');
  throw new ConfigError(`${name} is not valid: ${issue?.message ?? 'unexpected value'}`);
}

/** The environment, validated; throws a `ConfigError` naming the first wrong variable. */
export function parseEnvironment(env: NodeJS.ProcessEnv = process.env): Environment {
  return parseWith(ZEnvironment, env);
}

/** How to log; read on its own because the logger exists before (and in scripts without) a full config. */
export function readLogSettings(env: NodeJS.ProcessEnv = process.env): LogSettings {
  const { NODE_ENV, LOG_LEVEL } = parseWith(ZEnvironment.pick({ NODE_ENV: true, LOG_LEVEL: true }), env);
  const json = NODE_ENV === 'production';
  return { level: LOG_LEVEL ?? (json ? 'info' : 'debug'), json };
}

const DEFAULT_MAIL_FROM = 'Escale <no-reply@escale.localhost>';

function readAuthSecret(secret: string | undefined, dataDir: string): string {
  if (secret) return secret;
  // Outside production a secret is generated once and kept beside the data, so sessions survive restarts.
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(32).toString('base64url');
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
}

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/** The bucket's settings, or undefined when none is set; a partial set is refused, naming what is missing. */
function readS3Settings(parsed: Environment): S3Settings | undefined {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = parsed;
  if (!bucket) {
    const stray = S3_VARIABLES.find((name) => parsed[name] !== undefined);
    if (stray)
      throw new ConfigError(`S3_BUCKET must be set when ${stray} is: without it files stay in DATA_DIR`);
    return undefined;
  }
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    const missing = accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    throw new ConfigError(
      `${missing} must be set with ${accessKeyId ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'}`,
    );
  }
  return {
    bucket,
    endpoint: parsed.S3_ENDPOINT?.replace(/\/$/, ''),
    region: parsed.S3_REGION ?? 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // A server of one's own (MinIO, Garage, Ceph…) rarely has a DNS name per bucket; AWS prefers them.
    forcePathStyle: parsed.S3_FORCE_PATH_STYLE ?? Boolean(parsed.S3_ENDPOINT),
  };
}

/**
 * The server's configuration. `NODE_ENV=production` is a real deployment: it needs PostgreSQL
 * (`DATABASE_URL`) and a fixed `AUTH_SECRET`, and never gets demo data.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseEnvironment(env);
  const production = parsed.NODE_ENV === 'production';
  if (production && !parsed.DATABASE_URL) {
    throw new ConfigError(
      'DATABASE_URL must be set in production: PGlite, the embedded default, is for trying Escale and for tests',
    );
  }
  if (parsed.DATABASE_OWNER_URL && !parsed.DATABASE_URL) {
    throw new ConfigError(
      'DATABASE_OWNER_URL is the owner of the PostgreSQL database in DATABASE_URL: set DATABASE_URL too',
    );
  }
  if (production && !parsed.AUTH_SECRET) {
    throw new ConfigError('AUTH_SECRET must be set in production (openssl rand -base64 32)');
  }
  if (production && parsed.TEST_CLOCK_FILE) {
    throw new ConfigError('TEST_CLOCK_FILE is for browser tests: it must not be set in production');
  }
  const port = parsed.PORT ?? 3000;
  const dataDir = path.resolve(parsed.DATA_DIR ?? '.data');
  return {
    port,
    production,
    databaseUrl: parsed.DATABASE_URL,
    databaseOwnerUrl: parsed.DATABASE_OWNER_URL,
    dataDir,
    baseUrl: (parsed.BASE_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    rootDomain: (parsed.ROOT_DOMAIN ?? 'localhost').toLowerCase(),
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    authSecret: readAuthSecret(parsed.AUTH_SECRET, dataDir),
    gtmContainerId: parsed.GTM_CONTAINER_ID,
    mapTileUrl: parsed.MAP_TILE_URL,
    mapTileAttribution: parsed.MAP_TILE_ATTRIBUTION,
    allowedExternalHosts: list(parsed.ALLOWED_EXTERNAL_HOSTS),
    trustProxy: parsed.TRUST_PROXY ?? false,
    s3: readS3Settings(parsed),
    log: readLogSettings(env),
    testClockFile: parsed.TEST_CLOCK_FILE ? path.resolve(parsed.TEST_CLOCK_FILE) : undefined,
  };
}

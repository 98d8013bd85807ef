import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Every setting the server reads, from the environment only, once. */
export interface Config {
  port: number;
  production: boolean;
  databaseUrl: string | undefined;
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
}

function readAuthSecret(env: NodeJS.ProcessEnv, dataDir: string, production: boolean): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (production) throw new Error('AUTH_SECRET must be set in production');
  // Outside production a secret is generated once and kept beside the data, so sessions survive restarts.
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port: ${env.PORT}`);
  const dataDir = path.resolve(env.DATA_DIR ?? '.data');
  return {
    port,
    production,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    baseUrl: (env.BASE_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    rootDomain: (env.ROOT_DOMAIN ?? 'localhost').toLowerCase(),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Escale <no-reply@escale.localhost>',
    authSecret: readAuthSecret(env, dataDir, production),
    gtmContainerId: env.GTM_CONTAINER_ID || undefined,
    mapTileUrl: env.MAP_TILE_URL || undefined,
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION || undefined,
    allowedExternalHosts: list(env.ALLOWED_EXTERNAL_HOSTS),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
  };
}

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig, readLogSettings } from './config';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'escale-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const POSTGRES = 'postgres://escale@db.internal:5432/escale';

function refusal(env: Record<string, string>): string {
  try {
    readConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('in production', () => {
  it('refuses to run without DATABASE_URL, saying why in one line', () => {
    const message = refusal({ NODE_ENV: 'production', AUTH_SECRET: SECRET });
    expect(message).toMatch(/^DATABASE_URL must be set in production/);
    expect(message).not.toContain('\n');
  });

  it('refuses to run without AUTH_SECRET', () => {
    expect(refusal({ NODE_ENV: 'production', DATABASE_URL: POSTGRES })).toMatch(/^AUTH_SECRET must be set/);
  });

  it('takes an empty DATABASE_URL for no database', () => {
    expect(refusal({ NODE_ENV: 'production', AUTH_SECRET: SECRET, DATABASE_URL: '' })).toMatch(
      /^DATABASE_URL must be set/,
    );
  });

  it("refuses the browser tests' clock file", () => {
    expect(
      refusal({
        NODE_ENV: 'production',
        DATABASE_URL: POSTGRES,
        AUTH_SECRET: SECRET,
        TEST_CLOCK_FILE: '/tmp/clock',
      }),
    ).toMatch(/^TEST_CLOCK_FILE is for browser tests/);
  });

  it('reads the owner’s connection for the migrations, beside the application’s and never without it', () => {
    const owner = 'postgres://escale_owner:secret@db.internal:5432/escale';
    expect(
      readConfig({
        NODE_ENV: 'production',
        DATABASE_URL: POSTGRES,
        DATABASE_OWNER_URL: owner,
        AUTH_SECRET: SECRET,
      }),
    ).toMatchObject({ databaseUrl: POSTGRES, databaseOwnerUrl: owner });
    expect(readConfig({ DATA_DIR: dataDir, DATABASE_URL: POSTGRES }).databaseOwnerUrl).toBeUndefined();
    expect(refusal({ DATABASE_OWNER_URL: owner })).toMatch(
      /^DATABASE_OWNER_URL is the owner of the PostgreSQL database in DATABASE_URL/,
    );
    expect(refusal({ DATABASE_URL: POSTGRES, DATABASE_OWNER_URL: 'mysql://db/escale' })).toMatch(
      /^DATABASE_OWNER_URL is not valid: expected a postgres: or postgresql: URL/,
    );
  });

  it('runs with both, and logs JSON lines at info', () => {
    const config = readConfig({ NODE_ENV: 'production', DATABASE_URL: POSTGRES, AUTH_SECRET: SECRET });
    expect(config).toMatchObject({ production: true, databaseUrl: POSTGRES, authSecret: SECRET });
    expect(config.log).toEqual({ level: 'info', json: true });
  });
});

describe('outside production', () => {
  it('runs on the embedded database with a secret generated once into DATA_DIR', () => {
    const first = readConfig({ DATA_DIR: dataDir });
    expect(first.production).toBe(false);
    expect(first.databaseUrl).toBeUndefined();
    expect(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8')).toBe(first.authSecret);
    expect(readConfig({ DATA_DIR: dataDir }).authSecret).toBe(first.authSecret);
    expect(first.log).toEqual({ level: 'debug', json: false });
  });
});

describe('a wrong value', () => {
  it.each([
    ['PORT', 'eighty', 'PORT is not valid: expected a port number'],
    ['PORT', '70000', 'PORT is not valid: expected a port number'],
    [
      'DATABASE_URL',
      'mysql://db/escale',
      'DATABASE_URL is not valid: expected a postgres: or postgresql: URL',
    ],
    ['BASE_URL', 'escale.example', 'BASE_URL is not valid'],
    ['SMTP_URL', 'http://mail', 'SMTP_URL is not valid'],
    ['AUTH_SECRET', 'short', 'AUTH_SECRET is not valid: expected at least 32 characters'],
    ['TRUST_PROXY', 'yes', 'TRUST_PROXY is not valid: expected true or false'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL is not valid'],
    ['GTM_CONTAINER_ID', 'UA-1234', 'GTM_CONTAINER_ID is not valid'],
    ['S3_BUCKET', 'My_Bucket', 'S3_BUCKET is not valid: expected a bucket name'],
    ['S3_ENDPOINT', 'minio:9000', 'S3_ENDPOINT is not valid: expected a http: or https: URL'],
    ['S3_FORCE_PATH_STYLE', 'maybe', 'S3_FORCE_PATH_STYLE is not valid: expected true or false'],
  ])('of %s (%s) stops the process naming the variable', (name, value, expected) => {
    expect(refusal({ [name]: value })).toContain(expected);
  });
});

describe('the log settings', () => {
  it('follow LOG_LEVEL whatever NODE_ENV says', () => {
    expect(readLogSettings({ LOG_LEVEL: 'warn' })).toEqual({ level: 'warn', json: false });
    expect(readLogSettings({ NODE_ENV: 'production', LOG_LEVEL: 'silent' })).toEqual({
      level: 'silent',
      json: true,
    });
  });
});

describe('the bucket for uploaded files', () => {
  it('is none by default: files stay in DATA_DIR', () => {
    expect(readConfig({ DATA_DIR: dataDir }).s3).toBeUndefined();
  });

  it('is read from S3_*, path-style by default when an endpoint is named', () => {
    const config = readConfig({
      DATA_DIR: dataDir,
      S3_BUCKET: 'escale-files',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.s3).toEqual({
      bucket: 'escale-files',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
  });

  it("on AWS itself, leaves the credentials to the SDK's chain and uses the bucket's host name", () => {
    const config = readConfig({ DATA_DIR: dataDir, S3_BUCKET: 'escale-files', S3_REGION: 'eu-west-3' });
    expect(config.s3).toEqual({
      bucket: 'escale-files',
      endpoint: undefined,
      region: 'eu-west-3',
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it('refuses a setting without S3_BUCKET, and one key without the other', () => {
    expect(refusal({ S3_ENDPOINT: 'http://minio:9000' })).toBe(
      'S3_BUCKET must be set when S3_ENDPOINT is: without it files stay in DATA_DIR',
    );
    expect(refusal({ S3_BUCKET: 'escale-files', S3_ACCESS_KEY_ID: 'key' })).toBe(
      'S3_SECRET_ACCESS_KEY must be set with S3_ACCESS_KEY_ID',
    );
    expect(refusal({ S3_BUCKET: 'escale-files', S3_SECRET_ACCESS_KEY: 'secret' })).toBe(
      'S3_ACCESS_KEY_ID must be set with S3_SECRET_ACCESS_KEY',
    );
  });
});

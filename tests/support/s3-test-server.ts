import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { readConfig, type S3Settings } from '../../server/platform/config';

/** The only key pair s3rver knows; it checks that the key exists, not the request's signature. */
const ACCESS_KEY = 'S3RVER';

export interface S3TestServer {
  /** The `S3_*` settings that reach it, as an operator would set them. */
  env: Record<string, string>;
  /** The same, as the configuration reads them. */
  settings: S3Settings;
  close(): Promise<void>;
}

/**
 * A real S3 protocol server (s3rver) on loopback, its objects in a throw-away folder, with one bucket.
 * Known gaps (docs/decisions/028): it does not check SigV4 signatures nor bucket policies.
 */
export async function startS3TestServer(bucket = 'escale-test-files'): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'escale-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: ACCESS_KEY,
  };
  const settings = readConfig({ DATA_DIR: directory, AUTH_SECRET: 'x'.repeat(32), ...env }).s3!;
  return {
    env,
    settings,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

// @databases pglite postgres
/**
 * Files in an S3-compatible bucket (docs/decisions/028), as production runs them: two processes of the
 * compiled server (real child processes) on one PostgreSQL database and one S3 server (s3rver on loopback),
 * each with a data folder of its own. What one receives, the other serves, under the same access rules; the
 * demo data's photos are in the bucket; the operator's copy command moves a data folder's files there.
 */
import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { compileServer } from '../scripts/build-server';
import { listening, runCompiledServer, stop } from '../tests/support/compiled-server';
import { PNG_BYTES } from '../tests/support/file-samples';
import { startS3TestServer, type S3TestServer } from '../tests/support/s3-test-server';
import { createAgent, type Agent } from '../tests/support/test-app';
import { testDatabaseKind } from '../tests/support/test-database';
import { openPostgres, type Database } from './db/client';
import { rowsOf } from './db/rows';
import { accounts, users } from './db/schema/auth';
import { storedFiles } from './db/schema/files';
import { databaseUrlWithName, dropDatabase, withAdminClient } from './db/postgres-admin';
import { DEMO_PASSWORD } from './demo/demo-accounts';
import { createFileKey, createLocalFileStore, localFilesFolder } from './platform/storage';

const root = path.resolve(import.meta.dirname, '..');
// Inside the project, so the compiled server finds node_modules as it does in build/.
const buildDir = path.join(root, `.build-storage-test-${process.pid}-${randomBytes(3).toString('hex')}`);
const entry = path.join(buildDir, 'node/escale.js');
const SECRET = 'storage-test-secret-storage-test-secret';
/** The public address both processes share, as behind one reverse proxy; browsers send it as `Origin`. */
const BASE_URL = 'http://localhost:3000';
const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n% Escale test document\n%%EOF\n');

describe.runIf(testDatabaseKind() === 'postgres')('two processes, one database, one bucket', () => {
  const adminUrl = process.env.DATABASE_URL!;
  const name = `escale_test_storage_${randomBytes(5).toString('hex')}`;
  let url: string;
  const children = new Set<ChildProcess>();
  const folders: string[] = [];
  let s3: S3TestServer;
  let database: Database;
  let urlA: string;
  let urlB: string;

  function dataFolder(): string {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'escale-storage-test-'));
    folders.push(folder);
    return folder;
  }

  /** `node build/node/escale.js [command]` with the bucket's settings and `env`, as an operator runs it. */
  const run = (env: Record<string, string>, command?: string) =>
    runCompiledServer(
      { entry, cwd: root, children },
      { DATABASE_URL: url, AUTH_SECRET: SECRET, BASE_URL, LOG_LEVEL: 'info', ...s3.env, ...env },
      command,
    );

  async function signedIn(serverUrl: string, email: string, password = DEMO_PASSWORD): Promise<Agent> {
    const agent = createAgent(serverUrl, { origin: BASE_URL });
    const response = await agent.signIn(email, password);
    expect(response.status, await response.clone().text()).toBe(200);
    return agent;
  }

  /** The same person's session, sent to the other process. */
  function sameSessionOn(serverUrl: string, agent: Agent): Agent {
    const other = createAgent(serverUrl, { origin: BASE_URL });
    for (const [cookie, value] of agent.cookies) other.cookies.set(cookie, value);
    return other;
  }

  async function upload(agent: Agent, purpose: string, bytes: Uint8Array, fileName: string) {
    const response = await agent.request(`/api/files?purpose=${purpose}&name=${fileName}`, {
      method: 'POST',
      body: Buffer.from(bytes),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { key: string }).key;
  }

  async function call<T>(agent: Agent, callable: string, data: unknown): Promise<T> {
    const response = await agent.call(callable, data);
    const body = (await response.json()) as { result?: T; error?: unknown };
    expect(response.status, JSON.stringify(body.error)).toBe(200);
    return body.result as T;
  }

  /** What reading a file answers: the status, the error's code, and the bytes when served. */
  async function read(agent: Agent, pathname: string) {
    const response = await agent.request(pathname);
    if (response.status !== 200) {
      const body = (await response.json().catch(() => ({}))) as { error?: { code?: string } };
      return { status: response.status, code: body.error?.code, bytes: undefined };
    }
    return { status: 200, code: undefined, bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  /** Someone who shares no space with anyone, with a password to sign in with. */
  async function outsider(): Promise<string> {
    const id = randomBytes(12).toString('hex');
    const email = `outsider-${id}@escale.test`;
    await database.db
      .insert(users)
      .values({ id, name: 'Outsider', email, emailVerified: true, locale: 'fr' });
    await database.db.insert(accounts).values({
      id: randomBytes(12).toString('base64url'),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: await hashPassword('outsider-password-2026'),
    });
    return email;
  }

  beforeAll(async () => {
    url = databaseUrlWithName(adminUrl, name);
    const template = inject('templateDatabase');
    [s3] = await Promise.all([
      startS3TestServer(),
      compileServer(path.join(buildDir, 'node'), { pgliteTemplate: false }),
      withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)),
    ]);
    database = openPostgres(url, { max: 2 });
    // Outside production, on an empty database: one of the two loads the demo data, photos into the bucket.
    [urlA, urlB] = await Promise.all([
      listening(run({ DATA_DIR: dataFolder() })),
      listening(run({ DATA_DIR: dataFolder() })),
    ]);
  });

  afterAll(async () => {
    await Promise.all([...children].map(stop));
    await database?.close();
    await dropDatabase(adminUrl, name);
    await s3?.close();
    rmSync(buildDir, { recursive: true, force: true });
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('serves through B an avatar uploaded through A, to whom may see it, and refuses it to an outsider', async () => {
    const camilleOnA = await signedIn(urlA, 'membre@escale.test');
    const key = await upload(camilleOnA, 'avatar', PNG_BYTES, 'camille.png');
    // Made her picture through B, which checks the upload is there.
    await call(sameSessionOn(urlB, camilleOnA), 'profile.setAvatar', { key });

    // Her manager shares Acme with her: allowed; someone sharing no space with her: refused.
    const managerOnB = await signedIn(urlB, 'gerant@escale.test');
    expect(await read(managerOnB, `/api/files/${key}`)).toEqual({
      status: 200,
      code: undefined,
      bytes: PNG_BYTES,
    });
    expect(await read(sameSessionOn(urlB, camilleOnA), `/api/files/${key}`)).toMatchObject({ status: 200 });
    const outsiderOnB = await signedIn(urlB, await outsider(), 'outsider-password-2026');
    expect(await read(outsiderOnB, `/api/files/${key}`)).toMatchObject({
      status: 403,
      code: 'storage/unauthorized',
    });
    expect(await read(createAgent(urlB, { origin: BASE_URL }), `/api/files/${key}`)).toMatchObject({
      status: 401,
      code: 'storage/unauthenticated',
    });
    // Never a public photo, whatever the process.
    expect((await read(createAgent(urlB, { origin: BASE_URL }), `/media/${key}`)).status).toBe(404);
  });

  it("serves through B a document a space shares through A, to the space's members only", async () => {
    const [acme] = await rowsOf<{ id: string }>(
      database.db,
      sql`SELECT id FROM spaces WHERE slug = 'acme-coworking-paris'`,
    );
    const managerOnA = await signedIn(urlA, 'gerant@escale.test');
    const fileKey = await upload(managerOnA, 'shared-document', PDF_BYTES, 'charte.pdf');
    // Attached through B.
    await call(sameSessionOn(urlB, managerOnA), 'documents.create', {
      spaceId: acme!.id,
      fileKey,
      title: 'Charte',
      share: { audience: 'space' },
    });

    const memberOnB = await signedIn(urlB, 'membre@escale.test');
    expect(await read(memberOnB, `/api/files/${fileKey}`)).toEqual({
      status: 200,
      code: undefined,
      bytes: PDF_BYTES,
    });
    const outsiderOnB = await signedIn(urlB, await outsider(), 'outsider-password-2026');
    expect(await read(outsiderOnB, `/api/files/${fileKey}`)).toMatchObject({
      status: 403,
      code: 'storage/unauthorized',
    });
  });

  it("serves the demo data's photos and document from the bucket through either process", async () => {
    const photos = await rowsOf<{ file_key: string }>(
      database.db,
      sql`SELECT file_key FROM space_photos ORDER BY file_key LIMIT 3`,
    );
    expect(photos).toHaveLength(3);
    for (const { file_key: key } of photos) {
      const [fromA, fromB] = await Promise.all(
        [urlA, urlB].map((serverUrl) => read(createAgent(serverUrl, { origin: BASE_URL }), `/media/${key}`)),
      );
      expect(fromA?.status).toBe(200);
      expect(fromB).toEqual(fromA);
    }
    // Neither process keeps files in its own folder.
    for (const folder of folders) expect(existsSync(localFilesFolder({ dataDir: folder }))).toBe(false);

    const [document] = await rowsOf<{ file_key: string }>(
      database.db,
      sql`SELECT file_key FROM shared_documents d JOIN stored_files f ON f.key = d.file_key
        WHERE f.file_name = 'reglement-interieur.pdf'`,
    );
    const memberOnB = await signedIn(urlB, 'membre@escale.test');
    const served = await read(memberOnB, `/api/files/${document!.file_key}`);
    expect(served.status).toBe(200);
    expect(new TextDecoder().decode(served.bytes!.slice(0, 5))).toBe('%PDF-');
  });

  it("copy-files-to-bucket moves a data folder's files into the bucket, once; they are served afterwards", async () => {
    // A process that ran on its folder before the bucket: its file and the row that records it.
    const dataDir = dataFolder();
    const key = createFileKey();
    await createLocalFileStore(localFilesFolder({ dataDir })).put(key, PNG_BYTES);
    const ownerEmail = await outsider();
    const [owner] = await rowsOf<{ id: string }>(
      database.db,
      sql`SELECT id FROM users WHERE email = ${ownerEmail}`,
    );
    await database.db.insert(storedFiles).values({
      key,
      ownerId: owner!.id,
      purpose: 'avatar',
      contentType: 'image/png',
      size: PNG_BYTES.length,
      fileName: 'before.png',
    });
    const ownerOnB = await signedIn(urlB, ownerEmail, 'outsider-password-2026');
    expect(await read(ownerOnB, `/api/files/${key}`)).toMatchObject({
      status: 404,
      code: 'storage/object-not-found',
    });

    const first = run({ DATA_DIR: dataDir }, 'copy-files-to-bucket');
    expect(await first.exited, first.output()).toBe(0);
    expect(first.output()).toContain('1 copied, 0 already there');
    expect(first.output()).toContain('every file the database records is in the bucket');
    expect(await read(ownerOnB, `/api/files/${key}`)).toEqual({
      status: 200,
      code: undefined,
      bytes: PNG_BYTES,
    });

    // Again: nothing to copy. A file the database records that is in neither place is named, and the
    // command fails.
    const lost = createFileKey();
    await database.db.insert(storedFiles).values({
      key: lost,
      ownerId: owner!.id,
      purpose: 'avatar',
      contentType: 'image/png',
      size: 1,
      fileName: 'lost.png',
    });
    const again = run({ DATA_DIR: dataDir }, 'copy-files-to-bucket');
    expect(await again.exited, again.output()).toBe(1);
    expect(again.output()).toContain('0 copied, 1 already there');
    expect(again.output()).toContain(
      `1 file(s) the database records are in neither the folder nor the bucket: ${lost}`,
    );
    await database.db.delete(storedFiles).where(eq(storedFiles.key, lost));
  });

  it('copy-files-to-bucket refuses to run without a bucket, saying which setting', async () => {
    const started = run(
      {
        DATA_DIR: dataFolder(),
        S3_BUCKET: '',
        S3_ENDPOINT: '',
        S3_ACCESS_KEY_ID: '',
        S3_SECRET_ACCESS_KEY: '',
        S3_REGION: '',
      },
      'copy-files-to-bucket',
    );
    expect(await started.exited).toBe(1);
    expect(started.output()).toBe(
      'escale: copy-files-to-bucket needs a bucket: set S3_BUCKET (and the other S3_ settings)\n',
    );
  });
});

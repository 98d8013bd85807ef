// @databases pglite postgres
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { databaseUrlWithName } from '../db/postgres-admin';
import { testDatabaseKind, testDatabaseForFile } from '../../tests/support/test-database';
import { openPostgres } from '../db/client';
import { jobs } from '../db/schema/jobs';
import { z } from 'zod';
import { createJobRunner, defineJob, enqueueJob, retryDelayMs, type JobDefinition } from './jobs';
import type { Mailer } from './mail';

const database = testDatabaseForFile();

beforeEach(async () => {
  await database.db.delete(jobs);
});

async function jobRows() {
  return database.db.select().from(jobs).orderBy(jobs.createdAt);
}

/** No job here sends mail: a mailer that says so if one tries. */
const noMail: Mailer = {
  send: () => Promise.reject(new Error('no mail in these tests')),
};

function runnerOf(jobs: JobDefinition[], options: { db?: typeof database.db; workerId?: string } = {}) {
  return createJobRunner({
    db: options.db ?? database.db,
    jobs,
    baseUrl: 'https://escale.test',
    mailer: noMail,
    workerId: options.workerId,
    batchSize: 5,
  });
}

/** A `count` job that records the numbers it ran. */
function recorder() {
  const seen: number[] = [];
  const job = defineJob({
    kind: 'count',
    payload: z.object({ n: z.number().int() }),
    async handle(payload) {
      seen.push(payload.n);
    },
  });
  return { seen, job };
}

describe('the job runner', () => {
  it('runs a queued job once and marks it done', async () => {
    const { seen, job } = recorder();
    const runner = runnerOf([job]);
    await enqueueJob(database.db, job, { n: 1 });
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toEqual([1]);
    const [row] = await jobRows();
    expect(row).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null });
  });

  it('waits for a job’s run-at time', async () => {
    const { seen, job } = recorder();
    const runner = runnerOf([job]);
    const at = new Date(Date.now() + 3_600_000);
    await enqueueJob(database.db, job, { n: 2 }, { runAt: at });
    expect(await runner.runDue()).toBe(0);
    expect(await runner.runDue(new Date(at.getTime() + 1000))).toBe(1);
    expect(seen).toEqual([2]);
  });

  it('runs each job exactly once when several workers race for the queue', async () => {
    const { seen, job } = recorder();
    for (let n = 0; n < 60; n++) await enqueueJob(database.db, job, { n });
    // On PostgreSQL the workers have their own connections, as separate app processes would.
    const extra = testDatabaseKind() === 'postgres' ? [openPostgres(await ownUrl(), { max: 2 })] : [];
    const databases = [database.db, database.db, ...extra.map((d) => d.db)];
    const runners = databases.map((db, i) => runnerOf([job], { db, workerId: `worker-${i}` }));
    const counts = await Promise.all(runners.map((runner) => runner.runDue()));
    await Promise.all(extra.map((d) => d.close()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, n) => n));
    expect((await jobRows()).every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
  });

  it('retries a failing job later, then leaves it failed after its last attempt', async () => {
    let calls = 0;
    const flaky = defineJob({
      kind: 'flaky',
      payload: z.object({}),
      maxAttempts: 2,
      async handle() {
        calls++;
        throw new Error('smtp down');
      },
    });
    const runner = runnerOf([flaky]);
    await enqueueJob(database.db, flaky, {});
    const start = new Date(Date.now() + 1000);
    expect(await runner.runDue(start)).toBe(1);
    let [row] = await jobRows();
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'smtp down' });
    expect(row!.runAt.getTime()).toBe(start.getTime() + retryDelayMs(1));
    expect(await runner.runDue(start)).toBe(0); // not before the backoff
    expect(await runner.runDue(new Date(start.getTime() + retryDelayMs(1)))).toBe(1);
    [row] = await jobRows();
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(calls).toBe(2);
  });

  it('takes over a job whose worker died mid-run once its lease has ended (a restart loses nothing)', async () => {
    const { seen, job } = recorder();
    await enqueueJob(database.db, job, { n: 7 });
    // A process claimed it and died: the row is `running` with a lease that ended.
    await database.db.execute(sql`
      UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'dead-process',
                      locked_until = now() - interval '1 second'`);
    const restarted = runnerOf([job], { workerId: 'new' });
    expect(await restarted.runDue()).toBe(1);
    expect(seen).toEqual([7]);
    const [row] = await jobRows();
    expect(row).toMatchObject({ status: 'done', attempts: 2, lockedBy: 'new' });
  });

  it('keeps one recurring job queued, re-queued after each run', async () => {
    let runs = 0;
    const tick = defineJob({
      kind: 'tick',
      payload: z.object({}),
      everyMs: 60_000,
      async handle() {
        runs++;
      },
    });
    const options = {
      db: database.db,
      jobs: [tick],
      baseUrl: 'https://escale.test',
      mailer: noMail,
      pollMs: 3_600_000,
    };
    // Two processes start: one row only.
    const first = createJobRunner(options);
    const second = createJobRunner(options);
    await Promise.all([first.start(), second.start()]);
    await Promise.all([first.stop(), second.stop()]);
    // Each start queues the sweep under one key (and may have run it already): never two waiting.
    expect((await jobRows()).filter((row) => row.status === 'queued')).toHaveLength(1);
    const later = new Date(Date.now() + 10 * 60_000);
    await first.runDue(later);
    const rows = await jobRows();
    expect(rows.filter((row) => row.status === 'queued')).toHaveLength(1);
    expect(rows.find((row) => row.status === 'queued')!.runAt.getTime()).toBe(later.getTime() + 60_000);
    expect(runs).toBeGreaterThanOrEqual(1);
  });

  it('does not queue a job twice under the same dedupe key while it waits', async () => {
    const { job } = recorder();
    await enqueueJob(database.db, job, { n: 1 }, { dedupeKey: 'once' });
    await enqueueJob(database.db, job, { n: 2 }, { dedupeKey: 'once' });
    expect(await jobRows()).toHaveLength(1);
  });
});

describe('typed payloads', () => {
  it('refuses to queue a payload its definition does not accept, and writes nothing', async () => {
    const { job } = recorder();
    // @ts-expect-error -- the type refuses it too; the check also holds for untyped callers.
    await expect(enqueueJob(database.db, job, { n: 'one' })).rejects.toThrow(/bad payload for job count/);
    expect(await jobRows()).toEqual([]);
  });

  it('fails a row with a malformed payload at once, with the reason, and runs the good job beside it', async () => {
    const { seen, job } = recorder();
    await enqueueJob(database.db, job, { n: 1 });
    // Rows written by SQL (an older version, a hand-made fix, a migration gone wrong) bypass the type.
    await database.db.execute(sql`
      INSERT INTO jobs (kind, payload) VALUES ('count', '{"n": "two"}'::jsonb), ('count', '{}'::jsonb)`);
    await enqueueJob(database.db, job, { n: 3 });
    const runner = runnerOf([job]);
    expect(await runner.runDue()).toBe(4);
    expect(seen.sort()).toEqual([1, 3]);
    const rows = await jobRows();
    const failed = rows.filter((row) => row.status === 'failed');
    expect(failed).toHaveLength(2);
    for (const row of failed) {
      expect(row.attempts).toBe(1); // not retried: it could never succeed
      expect(row.finishedAt).not.toBeNull();
      expect(row.lastError).toMatch(/^malformed payload for count: .*\n?.*at n/s);
    }
    expect(failed.map((row) => row.lastError).join('\n')).toContain('expected number, received string');
    expect(rows.filter((row) => row.status === 'done')).toHaveLength(2);
    // Nothing is left to run: the malformed rows are not queued again.
    expect(await runner.runDue(new Date(Date.now() + 24 * 3_600_000))).toBe(0);
  });

  it('leaves a row of a kind it does not run to a runner that runs it, and runs its own', async () => {
    const { seen, job } = recorder();
    await database.db.execute(sql`INSERT INTO jobs (kind, payload) VALUES ('other.kind', '{}'::jsonb)`);
    await enqueueJob(database.db, job, { n: 5 });
    expect(await runnerOf([job]).runDue()).toBe(1);
    expect(seen).toEqual([5]);
    const otherRow = async () => (await jobRows()).find((row) => row.kind === 'other.kind');
    expect(await otherRow()).toMatchObject({ status: 'queued', attempts: 0, lastError: null });
    const ran: unknown[] = [];
    const other = defineJob({
      kind: 'other.kind',
      payload: z.object({}),
      async handle(payload) {
        ran.push(payload);
      },
    });
    expect(await runnerOf([other]).runDue()).toBe(1);
    expect(ran).toEqual([{}]);
    expect(await otherRow()).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('hands the handler the parsed payload (defaults and transforms applied)', async () => {
    const received: unknown[] = [];
    const job = defineJob({
      kind: 'parsed',
      payload: z.object({
        at: z.iso.datetime().transform((value) => new Date(value)),
        tries: z.number().default(3),
      }),
      async handle(payload) {
        received.push(payload);
      },
    });
    await database.db.execute(
      sql`INSERT INTO jobs (kind, payload) VALUES ('parsed', '{"at": "2027-03-01T08:00:00Z"}'::jsonb)`,
    );
    await runnerOf([job]).runDue();
    expect(received).toEqual([{ at: new Date('2027-03-01T08:00:00Z'), tries: 3 }]);
  });
});

/** The URL of this file's own PostgreSQL test database, for a second connection pool to it. */
async function ownUrl(): Promise<string> {
  const result = (await database.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
    rows: Array<{ name: string }>;
  };
  return databaseUrlWithName(process.env.DATABASE_URL!, result.rows[0]!.name);
}

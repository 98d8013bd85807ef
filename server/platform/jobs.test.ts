import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseUrlWithName } from '../../tests/support/postgres-template';
import { createTestDatabase, testDatabaseKind } from '../../tests/support/test-database';
import { openPostgres, type Database } from '../db/client';
import { jobs } from '../db/schema/jobs';
import { createJobRunner, enqueueJob, retryDelayMs, type JobHandler } from './jobs';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(jobs);
});

async function jobRows() {
  return database.db.select().from(jobs).orderBy(jobs.createdAt);
}

/** A handler that records the payloads it ran. */
function recorder() {
  const seen: unknown[] = [];
  const handler: JobHandler = async (payload) => {
    seen.push(payload.n);
  };
  return { seen, handler };
}

describe('the job runner', () => {
  it('runs a queued job once and marks it done', async () => {
    const { seen, handler } = recorder();
    const runner = createJobRunner({ db: database.db, handlers: { count: handler } });
    await enqueueJob(database.db, { kind: 'count', payload: { n: 1 } });
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toEqual([1]);
    const [row] = await jobRows();
    expect(row).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null });
  });

  it('waits for a job’s run-at time', async () => {
    const { seen, handler } = recorder();
    const runner = createJobRunner({ db: database.db, handlers: { count: handler } });
    const at = new Date(Date.now() + 3_600_000);
    await enqueueJob(database.db, { kind: 'count', payload: { n: 2 }, runAt: at });
    expect(await runner.runDue()).toBe(0);
    expect(await runner.runDue(new Date(at.getTime() + 1000))).toBe(1);
    expect(seen).toEqual([2]);
  });

  it('runs each job exactly once when several workers race for the queue', async () => {
    const { seen, handler } = recorder();
    for (let n = 0; n < 60; n++) await enqueueJob(database.db, { kind: 'count', payload: { n } });
    // On PostgreSQL the workers have their own connections, as separate app processes would.
    const extra = testDatabaseKind() === 'postgres' ? [openPostgres(await ownUrl(), { max: 2 })] : [];
    const databases = [database.db, database.db, ...extra.map((d) => d.db)];
    const runners = databases.map((db, i) =>
      createJobRunner({ db, handlers: { count: handler }, batchSize: 5, workerId: `worker-${i}` }),
    );
    const counts = await Promise.all(runners.map((runner) => runner.runDue()));
    await Promise.all(extra.map((d) => d.close()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
    expect([...seen].sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 60 }, (_, n) => n));
    expect((await jobRows()).every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
  });

  it('retries a failing job later, then leaves it failed after its last attempt', async () => {
    let calls = 0;
    const runner = createJobRunner({
      db: database.db,
      handlers: {
        flaky: async () => {
          calls++;
          throw new Error('smtp down');
        },
      },
    });
    await enqueueJob(database.db, { kind: 'flaky', maxAttempts: 2 });
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
    const { seen, handler } = recorder();
    await enqueueJob(database.db, { kind: 'count', payload: { n: 7 } });
    // A process claimed it and died: the row is `running` with a lease that ended.
    await database.db.execute(sql`
      UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'dead-process',
                      locked_until = now() - interval '1 second'`);
    const restarted = createJobRunner({ db: database.db, handlers: { count: handler }, workerId: 'new' });
    expect(await restarted.runDue()).toBe(1);
    expect(seen).toEqual([7]);
    const [row] = await jobRows();
    expect(row).toMatchObject({ status: 'done', attempts: 2, lockedBy: 'new' });
  });

  it('keeps one recurring job queued, re-queued after each run', async () => {
    let runs = 0;
    const options = {
      db: database.db,
      handlers: { tick: async () => void runs++ },
      recurring: [{ kind: 'tick', everyMs: 60_000 }],
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
    await enqueueJob(database.db, { kind: 'count', dedupeKey: 'once' });
    await enqueueJob(database.db, { kind: 'count', dedupeKey: 'once' });
    expect(await jobRows()).toHaveLength(1);
  });
});

/** The URL of this file's own PostgreSQL test database, for a second connection pool to it. */
async function ownUrl(): Promise<string> {
  const result = (await database.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
    rows: Array<{ name: string }>;
  };
  return databaseUrlWithName(process.env.DATABASE_URL!, result.rows[0]!.name);
}

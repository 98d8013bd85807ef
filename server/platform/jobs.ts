import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { Tx } from '../db/transaction';
import { log as rootLog, type Logger } from './log';

/**
 * Background jobs kept in the `jobs` table (docs/decisions/011-background-jobs.md).
 *
 * - Durable: a job is a row, written in the same transaction as the change that calls for it (a booking
 *   and its confirmation e-mail commit together or not at all), so a restart loses nothing.
 * - Once: a worker claims due rows with `FOR UPDATE SKIP LOCKED`, so two processes never claim the same
 *   row; the claim is a lease (`locked_until`): a job whose process died is taken over when it ends.
 * - Retried with backoff on failure, up to `max_attempts`, then left `failed` for a person to look at.
 * - Recurring jobs (the reservations sweep) are one queued row under a dedupe key, re-queued when done.
 */

export interface JobContext {
  db: Db;
  log: Logger;
  /** The time the job runs at: the database clock, or the one a test passes. */
  now: Date;
  /** Queues more work (with the runner's own wake-up). */
  enqueue: (executor: Db | Tx, job: NewJob) => Promise<void>;
}

export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<void>;

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  runAt?: Date;
  /** A job with the same key still queued or running makes this one a no-op. */
  dedupeKey?: string;
  maxAttempts?: number;
}

export interface RecurringJob {
  kind: string;
  everyMs: number;
}

export interface JobRunnerOptions {
  db: Db;
  handlers: Record<string, JobHandler>;
  recurring?: RecurringJob[];
  log?: Logger;
  /** How often due jobs are looked for when nothing woke the runner. */
  pollMs?: number;
  /** How long a claim lasts before another process may take the job over. */
  leaseMs?: number;
  batchSize?: number;
  workerId?: string;
}

export interface JobRunner {
  start(): Promise<void>;
  /** Stops polling and waits for the batch in progress. */
  stop(): Promise<void>;
  /** Claims and runs the jobs due at `now` (the database clock by default); returns how many ran. */
  runDue(now?: Date): Promise<number>;
  /** Asks for a look at the queue soon (after something was queued in this process). */
  wake(): void;
  enqueue(executor: Db | Tx, job: NewJob): Promise<void>;
}

const DEFAULT_POLL_MS = 2_000;
const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_BATCH = 20;
const RETRY_BASE_MS = 15_000;

/** Queues one job; with a `dedupeKey` already queued or running, nothing happens. */
export async function enqueueJob(executor: Db | Tx, job: NewJob): Promise<void> {
  const runAt = job.runAt ? sql`${job.runAt.toISOString()}::timestamptz` : sql`now()`;
  await executor.execute(sql`
    INSERT INTO jobs (kind, payload, run_at, dedupe_key, max_attempts)
    VALUES (${job.kind}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${runAt}, ${job.dedupeKey ?? null},
            ${job.maxAttempts ?? 5})
    ON CONFLICT (dedupe_key) WHERE status IN ('queued', 'running') DO NOTHING`);
}

interface ClaimedJob extends Record<string, unknown> {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  dedupe_key: string | null;
}

/** The wait before a failed job's next attempt: 15 s, 60 s, 135 s… */
export function retryDelayMs(attempts: number): number {
  return RETRY_BASE_MS * attempts * attempts;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, handlers } = options;
  const log = (options.log ?? rootLog).child({ component: 'jobs' });
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const recurring = new Map((options.recurring ?? []).map((job) => [job.kind, job.everyMs]));

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  let wakeRequested = false;

  const enqueue = async (executor: Db | Tx, job: NewJob) => {
    await enqueueJob(executor, job);
    runner.wake();
  };

  async function claim(now: Date | undefined): Promise<{ jobs: ClaimedJob[]; at: Date }> {
    const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
    const rows = await rowsOf<ClaimedJob & { claimed_ms: number }>(
      db,
      sql`
      WITH due AS (
        SELECT id FROM jobs WHERE status = 'queued' AND run_at <= ${at}
        ORDER BY run_at LIMIT ${batchSize} FOR UPDATE SKIP LOCKED
      ), abandoned AS (
        SELECT id FROM jobs WHERE status = 'running' AND locked_until < ${at}
        ORDER BY locked_until LIMIT ${batchSize} FOR UPDATE SKIP LOCKED
      )
      UPDATE jobs
      SET status = 'running', attempts = attempts + 1, locked_by = ${workerId},
          locked_until = ${at} + make_interval(secs => ${leaseMs / 1000})
      WHERE id IN (SELECT id FROM due UNION SELECT id FROM abandoned)
      RETURNING id, kind, payload, attempts, max_attempts, dedupe_key,
                (extract(epoch FROM ${at}) * 1000)::float8 AS claimed_ms`,
    );
    const claimedMs = rows[0]?.claimed_ms;
    return { jobs: rows, at: now ?? (claimedMs === undefined ? new Date() : new Date(Number(claimedMs))) };
  }

  async function finish(job: ClaimedJob, at: Date) {
    const every = recurring.get(job.kind);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        UPDATE jobs SET status = 'done', finished_at = ${at.toISOString()}::timestamptz,
                        locked_until = NULL, last_error = NULL
        WHERE id = ${job.id} AND locked_by = ${workerId}`);
      if (every !== undefined) {
        await enqueueJob(tx, {
          kind: job.kind,
          dedupeKey: job.dedupe_key ?? `recurring:${job.kind}`,
          runAt: new Date(at.getTime() + every),
        });
      }
    });
  }

  async function fail(job: ClaimedJob, at: Date, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = job.attempts >= job.max_attempts;
    const retryAt = new Date(at.getTime() + retryDelayMs(job.attempts));
    log.error(giveUp ? 'job failed for good' : 'job failed, will retry', {
      job: job.id,
      kind: job.kind,
      attempts: job.attempts,
      error,
    });
    await db.execute(sql`
      UPDATE jobs
      SET status = ${giveUp ? 'failed' : 'queued'}, last_error = ${message.slice(0, 2000)},
          locked_until = NULL, run_at = ${retryAt.toISOString()}::timestamptz,
          finished_at = ${giveUp ? at.toISOString() : null}::timestamptz
      WHERE id = ${job.id} AND locked_by = ${workerId}`);
    // A recurring job never stops recurring because one run failed for good.
    if (giveUp && recurring.has(job.kind)) {
      await enqueueJob(db, { kind: job.kind, dedupeKey: job.dedupe_key ?? undefined, runAt: retryAt });
    }
  }

  async function runOne(job: ClaimedJob, at: Date) {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, { db, log: log.child({ job: job.id, kind: job.kind }), now: at, enqueue });
      await finish(job, at);
    } catch (error) {
      await fail(job, at, error);
    }
  }

  async function runDue(now?: Date): Promise<number> {
    let total = 0;
    // Keep going while full batches come back: a burst of bookings is mailed without waiting for a poll.
    for (;;) {
      const { jobs: claimed, at } = await claim(now);
      for (const job of claimed) await runOne(job, at);
      total += claimed.length;
      if (claimed.length < batchSize) break;
    }
    return total;
  }

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref();
  }

  function tick() {
    timer = undefined;
    if (stopped || running) {
      wakeRequested = true;
      return;
    }
    wakeRequested = false;
    running = runDue()
      .catch((error: unknown) => log.error('job polling failed', { error }))
      .finally(() => {
        running = undefined;
        schedule(wakeRequested ? 0 : pollMs);
      });
  }

  const runner: JobRunner = {
    async start() {
      if (!stopped) return;
      stopped = false;
      for (const kind of recurring.keys()) {
        await enqueueJob(db, { kind, dedupeKey: `recurring:${kind}` });
      }
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
    runDue,
    wake() {
      if (stopped) return;
      if (running) wakeRequested = true;
      else schedule(0);
    },
    enqueue,
  };
  return runner;
}

let installed: JobRunner | undefined;

/** The process's runner (set by `startServer`), woken by features right after they commit new jobs. */
export function installJobRunner(runner: JobRunner | undefined) {
  installed = runner;
}

/** Asks the process's runner, if any, to look at the queue now rather than at its next poll. */
export function wakeJobRunner() {
  installed?.wake();
}

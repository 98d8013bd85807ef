import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { Tx } from '../db/transaction';
import { z } from 'zod';
import { log as rootLog, type Logger } from './log';
import type { Mailer } from './mail';
import { systemContext, type ServiceContext } from './service-context';
import { PENDING_JOB_STATUSES } from '../db/schema/jobs';
import { parameterList } from '../db/sql-lists';
import { statusIn } from '../db/status-sql';

/**
 * Background jobs kept in the `jobs` table (docs/decisions/011-background-jobs.md, 019 for typed jobs).
 *
 * - Typed: each kind has one definition (`defineJob`): its name, a zod schema of its payload and its handler.
 *   A job is queued from its definition (the payload is checked before the row is written) and the runner
 *   checks a claimed row's payload again; a malformed payload or an unknown kind fails the row for good at
 *   once (with the reason in `last_error`): retrying would never make it right.
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
  /** Where links in messages point (`BASE_URL`). */
  baseUrl: string;
  /** Delivers e-mail (only the mail pipeline uses it: server/platform/mail-jobs.ts). */
  mailer: Mailer;
  /** Queues more work (with the runner's own wake-up). */
  enqueue: <S extends ZPayload>(
    executor: Db | Tx,
    definition: JobDefinition<S>,
    payload: z.input<S>,
    options?: JobOptions,
  ) => Promise<void>;
}

/** A payload is a JSON object: its schema is a zod object (or one built on it). */
type ZPayload = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

export interface JobDefinition<S extends ZPayload = ZPayload> {
  kind: string;
  payload: S;
  /** Attempts before the job is left `failed` (5 by default). */
  maxAttempts?: number;
  /** Recurring: one row under the key `recurring:<kind>`, queued again this long after each run. */
  everyMs?: number;
  // A method (not a property): a list of definitions with different payloads is then one array type.
  handle(payload: z.output<S>, ctx: JobContext): Promise<void>;
}

/** One kind of job: its name, the schema of its payload, what running it does. */
export function defineJob<S extends ZPayload>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

/**
 * A recurring job with no payload (one process at a time): every `everyMs` it runs `sweep` in the system's
 * context, and logs `done` with its counts when any of them is above zero.
 */
export function defineSweepJob<Counts extends Record<keyof Counts, number>>(options: {
  kind: string;
  everyMs: number;
  sweep: (ctx: ServiceContext) => Promise<Counts>;
  done: string;
}): JobDefinition {
  return defineJob({
    kind: options.kind,
    payload: z.object({}),
    everyMs: options.everyMs,
    async handle(_payload, ctx) {
      const counts: Record<string, number> = await options.sweep(systemContext(ctx));
      if (Object.values(counts).some((count) => count > 0)) ctx.log.info(options.done, { ...counts });
    },
  });
}

export interface JobOptions {
  runAt?: Date;
  /** A job with the same key still queued or running makes this one a no-op. */
  dedupeKey?: string;
}

interface JobRow {
  kind: string;
  payload: Record<string, unknown>;
  runAt?: Date;
  dedupeKey?: string;
  maxAttempts?: number;
}

export interface JobRunnerOptions {
  db: Db;
  /** Every kind this process runs (server/jobs.ts lists the app's). */
  jobs: readonly JobDefinition[];
  baseUrl: string;
  mailer: Mailer;
  log?: Logger;
  /** How often due jobs are looked for when nothing woke the runner. */
  pollMs?: number;
  /** How long a claim lasts before another process may take the job over. */
  leaseMs?: number;
  batchSize?: number;
  workerId?: string;
  /** The instant the poller runs jobs at; undefined, or when it returns undefined: the database's clock. */
  clock?: () => Date | undefined;
}

export interface JobRunner {
  start(): Promise<void>;
  /** Stops polling and waits for the batch in progress. */
  stop(): Promise<void>;
  /** Claims and runs the jobs due at `now` (the database clock by default); returns how many ran. */
  runDue(now?: Date): Promise<number>;
  /** Waits for the batch in progress, then runs what is due until nothing is (tests, scripts). */
  drain(): Promise<void>;
  /** Asks for a look at the queue soon (after something was queued in this process). */
  wake(): void;
  enqueue: JobContext['enqueue'];
}

const DEFAULT_POLL_MS = 2_000;
const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_BATCH = 20;
const DEFAULT_MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 15_000;

async function insertJob(executor: Db | Tx, job: JobRow): Promise<void> {
  const runAt = job.runAt ? sql`${job.runAt.toISOString()}::timestamptz` : sql`now()`;
  await executor.execute(sql`
    INSERT INTO jobs (kind, payload, run_at, dedupe_key, max_attempts)
    VALUES (${job.kind}, ${JSON.stringify(job.payload)}::jsonb, ${runAt}, ${job.dedupeKey ?? null},
            ${job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS})
    ON CONFLICT (dedupe_key) WHERE ${statusIn(sql`status`, PENDING_JOB_STATUSES)} DO NOTHING`);
}

/**
 * Queues one job of `definition`, in the caller's transaction when given one; with a `dedupeKey` already
 * queued or running, nothing happens. The payload is checked first: a wrong one throws and writes nothing.
 */
export async function enqueueJob<S extends ZPayload>(
  executor: Db | Tx,
  definition: JobDefinition<S>,
  payload: z.input<S>,
  options: JobOptions = {},
): Promise<void> {
  const parsed = definition.payload.safeParse(payload);
  if (!parsed.success) {
    throw new Error(`bad payload for job ${definition.kind}: ${z.prettifyError(parsed.error)}`);
  }
  // The payload as given (its schema's input): the runner parses it again, so defaults and transforms
  // apply once, when the job runs.
  await insertJob(executor, {
    kind: definition.kind,
    payload,
    runAt: options.runAt,
    dedupeKey: options.dedupeKey,
    maxAttempts: definition.maxAttempts,
  });
}

/** Why a claimed row cannot run at all (unknown kind, malformed payload): it fails at once, for good. */
class UnrunnableJob extends Error {}

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
  const { db } = options;
  const definitions = new Map(options.jobs.map((definition) => [definition.kind, definition]));
  const log = (options.log ?? rootLog).child({ component: 'jobs' });
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const recurring = new Map(
    options.jobs.flatMap((job) => (job.everyMs === undefined ? [] : [[job.kind, job.everyMs] as const])),
  );

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  let wakeRequested = false;

  const enqueue: JobContext['enqueue'] = async (executor, definition, payload, jobOptions) => {
    await enqueueJob(executor, definition, payload, jobOptions);
    runner.wake();
  };

  // Only the kinds this runner defines: a process that runs some of them (an older version during a
  // deploy, a test app without the recurring sweep) leaves the others to a process that knows them,
  // instead of failing them for good as unknown.
  const kindsRun = parameterList([...definitions.keys()]);

  async function claim(now: Date | undefined): Promise<{ jobs: ClaimedJob[]; at: Date }> {
    const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
    if (definitions.size === 0) return { jobs: [], at: now ?? new Date() };
    const rows = await rowsOf<ClaimedJob & { claimed_ms: number }>(
      db,
      sql`
      WITH due AS (
        SELECT id FROM jobs WHERE status = 'queued' AND run_at <= ${at} AND kind IN (${kindsRun})
        ORDER BY run_at LIMIT ${batchSize} FOR UPDATE SKIP LOCKED
      ), abandoned AS (
        SELECT id FROM jobs WHERE status = 'running' AND locked_until < ${at} AND kind IN (${kindsRun})
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
        await insertJob(tx, {
          kind: job.kind,
          payload: {},
          dedupeKey: job.dedupe_key ?? `recurring:${job.kind}`,
          runAt: new Date(at.getTime() + every),
        });
      }
    });
  }

  async function fail(job: ClaimedJob, at: Date, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    // A row that cannot run (unknown kind, malformed payload) would fail the same way each time.
    const unrunnable = error instanceof UnrunnableJob;
    const giveUp = unrunnable || job.attempts >= job.max_attempts;
    const retryAt = new Date(at.getTime() + retryDelayMs(job.attempts));
    log.error(
      unrunnable ? 'job cannot run, failed' : giveUp ? 'job failed for good' : 'job failed, will retry',
      { job: job.id, kind: job.kind, attempts: job.attempts, error: unrunnable ? message : error },
    );
    await db.execute(sql`
      UPDATE jobs
      SET status = ${giveUp ? 'failed' : 'queued'}, last_error = ${message.slice(0, 2000)},
          locked_until = NULL, run_at = ${retryAt.toISOString()}::timestamptz,
          finished_at = ${giveUp ? at.toISOString() : null}::timestamptz
      WHERE id = ${job.id} AND locked_by = ${workerId}`);
    // A recurring job never stops recurring because one run failed for good.
    if (giveUp && recurring.has(job.kind)) {
      await insertJob(db, {
        kind: job.kind,
        payload: {},
        dedupeKey: job.dedupe_key ?? `recurring:${job.kind}`,
        runAt: retryAt,
      });
    }
  }

  /** The row's definition and its payload, checked against the definition's schema. */
  function runnable(job: ClaimedJob) {
    const definition = definitions.get(job.kind);
    if (!definition) throw new UnrunnableJob(`unknown job kind ${job.kind}`);
    const parsed = definition.payload.safeParse(job.payload);
    if (!parsed.success) {
      throw new UnrunnableJob(`malformed payload for ${job.kind}: ${z.prettifyError(parsed.error)}`);
    }
    return { definition, payload: parsed.data };
  }

  async function runOne(job: ClaimedJob, at: Date) {
    try {
      const { definition, payload } = runnable(job);
      await definition.handle(payload, {
        db,
        log: log.child({ job: job.id, kind: job.kind }),
        now: at,
        baseUrl: options.baseUrl,
        mailer: options.mailer,
        enqueue,
      });
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
    running = runDue(options.clock?.())
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
        await insertJob(db, { kind, payload: {}, dedupeKey: `recurring:${kind}` });
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
    async drain() {
      await running;
      // Bounded: a queue that never empties (a job queueing itself due now) stops after 100 rounds.
      for (let round = 0; round < 100; round++) {
        if ((await runDue()) === 0) break;
      }
      await running;
    },
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

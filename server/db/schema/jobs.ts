import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { generatedId, instant } from './columns';
import { statusIn } from '../status-sql';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
/** A job still to run or running: another with its dedupe key is not queued meanwhile. */
export const PENDING_JOB_STATUSES = [
  'queued',
  'running',
] as const satisfies readonly (typeof JOB_STATUSES)[number][];

/**
 * Background work kept in the database (server/platform/jobs.ts), so it survives restarts and is shared by
 * every app process: a worker claims due rows with `FOR UPDATE SKIP LOCKED`, so each job runs in one
 * process; a claim is a lease (`locked_until`) that another process takes over if the first one died.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: generatedId(),
    kind: text('kind').notNull(),
    payload: jsonb('payload')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    runAt: instant('run_at').notNull().defaultNow(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: instant('locked_until'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** Jobs with the same key are never queued twice at once (a recurring job, one reminder per booking). */
    dedupeKey: text('dedupe_key'),
    createdAt: instant('created_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
  },
  (table) => [
    index('jobs_due_idx')
      .on(table.runAt)
      .where(sql`${table.status} = 'queued'`),
    index('jobs_lease_idx')
      .on(table.lockedUntil)
      .where(sql`${table.status} = 'running'`),
    index('jobs_finished_idx')
      .on(table.finishedAt)
      .where(sql`${table.status} in ('done', 'failed')`),
    uniqueIndex('jobs_dedupe_key_live')
      .on(table.dedupeKey)
      .where(statusIn(table.status, PENDING_JOB_STATUSES)),
    check('jobs_status_known', statusIn(table.status, JOB_STATUSES)),
  ],
);

import { sql } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import type { Db } from './client';
import { rowsOf } from './rows';
import { TransactionClient } from './transaction-client';

/** At most this many attempts for a transaction that keeps losing a serialization race (seed: 5). */
export const TRANSACTION_ATTEMPTS = 5;

/** PostgreSQL's "try again" answers: serialization failure and deadlock. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);
export const UNIQUE_VIOLATION = '23505';
const EXCLUSION_VIOLATION = '23P01';
/** Text PostgreSQL cannot store: a NUL character, or bytes that are not UTF-8. */
const UNSTORABLE_TEXT_SQLSTATES = new Set(['22021', '22P05']);

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function sqlStateOf(error: unknown): string | undefined {
  for (let current: unknown = error; current && typeof current === 'object';) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Runs `work` (one statement, or a whole transaction at any isolation level) again while PostgreSQL
 * answers "try again" (a serialization failure or a deadlock), at most TRANSACTION_ATTEMPTS times in all:
 * the one retry helper. Anything else it throws is thrown at once; so is the last "try again", which the
 * callable router answers as `aborted`.
 */
export async function retryingConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const state = sqlStateOf(error);
      if (attempt >= TRANSACTION_ATTEMPTS || !state || !RETRYABLE_SQLSTATES.has(state)) throw error;
    }
  }
}

/**
 * Makes concurrent changes to one thing take turns: locks its row until the transaction ends. Each later
 * statement of the transaction (read committed) then sees what the previous holder committed, so a
 * "replace all" or a "check, then change" is never interleaved with another. False when there is no row.
 */
export async function lockRow(tx: Tx, table: 'spaces' | 'users', id: string): Promise<boolean> {
  const rows = await rowsOf(tx, sql`SELECT 1 FROM ${sql.identifier(table)} WHERE id = ${id} FOR UPDATE`);
  return rows.length > 0;
}

/**
 * What a database refusal that the caller's own request caused means to them, in one place for every
 * operation: a unique or exclusion constraint is `already-exists` (someone got there first), a lost
 * serialization race or a deadlock is `aborted` (try again), text the database cannot store is
 * `invalid-argument`. Anything else is not the caller's doing: null.
 */
export function appErrorOfDatabaseRefusal(error: unknown): AppError | null {
  const state = sqlStateOf(error);
  if (!state) return null;
  if (state === UNIQUE_VIOLATION || state === EXCLUSION_VIOLATION) {
    return new AppError('already-exists', 'A concurrent change got there first');
  }
  if (RETRYABLE_SQLSTATES.has(state)) return new AppError('aborted', 'Conflicting change, try again');
  if (UNSTORABLE_TEXT_SQLSTATES.has(state))
    return new AppError('invalid-argument', 'Text that cannot be stored');
  return null;
}

/**
 * Runs `statement`, the last of transaction `tx`, and commits: on PostgreSQL the COMMIT goes with the
 * statement, one round trip for both, so what the statement locks stays locked only while the transaction
 * commits (transaction-client.ts); should the statement fail, nothing is committed. Elsewhere (PGlite) the
 * statement runs and the transaction commits after it, as usual. Nothing may be sent on `tx` afterwards.
 */
export async function lastStatementWithCommit<T>(tx: Tx, statement: () => Promise<T>): Promise<T> {
  // Drizzle's node-postgres session keeps the pool's client it checked out for the transaction here.
  const client = (tx._.session as unknown as { client?: unknown }).client;
  if (client instanceof TransactionClient) client.commitWithNextStatement();
  return statement();
}

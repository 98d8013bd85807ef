import type { Db } from './client';

/** At most this many attempts for a transaction that keeps losing a serialization race (seed: 5). */
export const TRANSACTION_ATTEMPTS = 5;

/** PostgreSQL's "try again" answers: serialization failure and deadlock. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function sqlStateOf(error: unknown): string | undefined {
  for (let current: unknown = error; current && typeof current === 'object';) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Runs `work` in a serializable transaction, retried while PostgreSQL asks for a retry. */
export async function inSerializableTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work, { isolationLevel: 'serializable' });
    } catch (error) {
      const state = sqlStateOf(error);
      if (attempt >= TRANSACTION_ATTEMPTS || !state || !RETRYABLE_SQLSTATES.has(state)) throw error;
    }
  }
}

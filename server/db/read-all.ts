import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client';
import { rowsOf } from './rows';
import type { Tx } from './transaction';

/** Whether `db` spreads its queries over a pool's connections (not a transaction, a session, PGlite). */
export function spreadsOverConnections(db: Db | Tx): boolean {
  return (db as { $client?: unknown }).$client instanceof pg.Pool;
}

/**
 * Independent reads, each given as a function that starts it: side by side on the PostgreSQL pool, where
 * each takes its own connection, and one after the other on a single connection (a transaction, the startup
 * lock's session, PGlite), which must not be asked a second query before the first answers: node-postgres
 * deprecates it and its next major version refuses it.
 */
export async function readAll<const Reads extends readonly (() => PromiseLike<unknown>)[]>(
  db: Db | Tx,
  reads: Reads,
): Promise<{ -readonly [K in keyof Reads]: Awaited<ReturnType<Reads[K]>> }> {
  type Results = { -readonly [K in keyof Reads]: Awaited<ReturnType<Reads[K]>> };
  if (spreadsOverConnections(db)) return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}

/**
 * `rowsOf` for a read PostgreSQL should not compile before running it (JIT, `jit_above_cost`): a query over
 * many spaces is estimated costly enough to be compiled, and compiling it can take longer than running it
 * (/statistics for every space: 8 s of compilation for 0.2 s of work, docs/decisions/030-statistics.md).
 * On the pool, it runs in a transaction of its own with `SET LOCAL jit = off`; elsewhere (PGlite, which
 * has no JIT, or the caller's transaction) as it is.
 */
export async function rowsWithoutJit<TRow extends Record<string, unknown>>(
  db: Db | Tx,
  query: SQL,
): Promise<TRow[]> {
  if (!spreadsOverConnections(db)) return rowsOf<TRow>(db, query);
  return (db as Db).transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return rowsOf<TRow>(tx, query);
  });
}

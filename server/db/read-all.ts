import pg from 'pg';
import type { Db } from './client';
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

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

/** A read to send with others (`rowsTogether`): its query, and the type of its rows (as JSON gives them). */
export interface Read<TRow extends Record<string, unknown>> {
  readonly query: SQL;
  /** Never set: carries the rows' type. */
  readonly row?: TRow;
}

export const read = <TRow extends Record<string, unknown>>(query: SQL): Read<TRow> => ({ query });

type RowsOfReads<Reads extends Record<string, Read<Record<string, unknown>>>> = {
  [K in keyof Reads]: Reads[K] extends Read<infer TRow> ? TRow[] : never;
};

/**
 * Several reads sent as one statement, each a subquery whose rows come back as a JSON array, without JIT
 * (`rowsWithoutJit`): one round trip, one transaction and one connection instead of one each, for reads too
 * small to be worth a connection of their own (/statistics: a period's 10–12 reads are two statements, and a
 * page view sends 17 statements instead of 95, docs/decisions/030-statistics.md). PostgreSQL runs the
 * subqueries one after the other: put reads that should run side by side in separate calls under `readAll`.
 * Values come as JSON has them: numbers (bigint too) as numbers, text as strings, instants as ISO text.
 */
export async function rowsTogether<const Reads extends Record<string, Read<Record<string, unknown>>>>(
  db: Db | Tx,
  reads: Reads,
): Promise<RowsOfReads<Reads>> {
  const names = Object.keys(reads);
  if (!names.length) return {} as RowsOfReads<Reads>;
  const columns = names.map(
    (name) =>
      sql`(SELECT coalesce(json_agg(q), '[]'::json) FROM (${reads[name]!.query}) AS q) AS ${sql.identifier(name)}`,
  );
  const [row] = await rowsWithoutJit<Record<string, unknown[]>>(
    db,
    sql`SELECT ${sql.join(columns, sql`, `)}`,
  );
  return row as RowsOfReads<Reads>;
}

import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The rows of a raw SQL query, on PGlite and node-postgres alike (both answer `{ rows }`). Cast `date`
 * columns to text in the query: node-postgres would turn them into a Date at the machine's midnight.
 */
export async function rowsOf<TRow extends Record<string, unknown>>(db: Db, query: SQL): Promise<TRow[]> {
  const result = (await db.execute<TRow>(query)) as unknown as { rows: TRow[] };
  return result.rows;
}

import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/transaction';

/**
 * The rows of a raw query, in or out of a transaction, on PGlite and node-postgres alike (both answer
 * `{ rows }`). Instants are read as text or JSON and parsed with `new Date`, never left to a driver.
 */
export async function rowsOf<TRow extends Record<string, unknown>>(
  executor: Db | Tx,
  query: SQL,
): Promise<TRow[]> {
  const result = (await executor.execute(query)) as unknown as { rows: TRow[] };
  return result.rows;
}

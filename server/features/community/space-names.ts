import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Tx } from '../../db/transaction';

/**
 * The names of spaces grouped by what they are listed for (an ad, a person), each list in name order:
 * `keyedNames` selects `key` and `s.name` from `spaces s` and what links them. No query for no keys.
 */
export async function spaceNamesByKey(
  db: Db | Tx,
  keys: readonly string[],
  keyedNames: SQL,
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (!keys.length) return result;
  const rows = await rowsOf<{ key: string; name: string }>(db, sql`${keyedNames} order by s.name`);
  for (const row of rows) result.set(row.key, [...(result.get(row.key) ?? []), row.name]);
  return result;
}

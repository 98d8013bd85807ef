import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Status lists in SQL, from the one definition of each set (contract/: `ACTIVE_RESERVATION_STATUSES`,
 * `PLACE_HOLDING_STATUSES`, `SPENDABLE_PLAN_STATUSES`…). A query never writes `status IN ('…')` by hand:
 * a test (server/one-place-for-each-rule.test.ts) refuses the literal form.
 */

/** A fixed list of the contract as SQL literals, `('a', 'b')`: never for a value from outside. */
export function literalList(values: readonly string[]): SQL {
  return sql.raw(`(${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')})`);
}

/**
 * `status in ('a', 'b')`. Literals, not parameters, so that the planner can match the condition with the
 * predicate of a partial index (and an `ON CONFLICT … WHERE` with its unique index).
 */
export function statusIn(status: SQL | AnyColumn, statuses: readonly string[]): SQL {
  return sql`${status} in ${literalList(statuses)}`;
}

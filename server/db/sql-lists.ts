import { sql, type SQL } from 'drizzle-orm';

/**
 * Lists of values as SQL parameters, one each (drizzle would otherwise bind an array as one value). A list
 * is never empty where it is used: `in ()` is not SQL, so callers return before querying nothing.
 */

/** `$1, $2, …`: for `in (…)` and `ARRAY[…]`. */
export function parameterList(values: readonly unknown[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** `$1::uuid, $2::uuid, …`: ids compared with a uuid column. */
export function uuidList(ids: readonly string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}

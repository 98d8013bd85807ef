import { createHash } from 'node:crypto';
import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import type { Tx } from './transaction';

/**
 * The rows of a raw SQL query, in or out of a transaction, on PGlite and node-postgres alike (both answer
 * `{ rows }`): the one place that reads them. Read instants as text or JSON and parse them with
 * `new Date`, and cast `date` columns to text in the query: node-postgres would turn a date into a Date at
 * the machine's midnight, and the drivers disagree on bigint (a string from node-postgres, a number from
 * PGlite).
 */
export async function rowsOf<TRow extends Record<string, unknown>>(
  executor: Db | Tx,
  query: SQL,
): Promise<TRow[]> {
  const result = (await executor.execute(query)) as unknown as { rows: TRow[] };
  return result.rows;
}

const dialect = new PgDialect();
/** Each prepared statement's name, by its text (a few texts: see `preparedStatement`). */
const statementNames = new Map<string, string>();

/**
 * A statement every request of a kind sends (a booking's), written once with named placeholders
 * (`sql.placeholder('name')`, or a query builder's values) and compiled to text on its first call (`build`
 * sees that call's values, to name them); each call then only fills the values in (compiling a booking's
 * statements from their SQL at every call was about a tenth of the server's CPU per booking,
 * docs/decisions/036). Sent as a named prepared statement, named after its text, so that each connection of
 * node-postgres parses it once and PostgreSQL may keep its plan rather than plan it at every call (two thirds
 * of the booking context's cost was planning). Same rows as `rowsOf`. PGlite, one connection in-process, runs
 * it as `rowsOf` does. Only for statements whose text does not grow with the input (no lists): each text is a
 * statement kept per connection.
 */
export function preparedStatement<TRow extends Record<string, unknown>>(
  build: (executor: Db | Tx, values: Record<string, unknown>) => SQL | { toSQL(): Query },
): (executor: Db | Tx, values: Record<string, unknown>) => Promise<TRow[]> {
  let compiled: Query | undefined;
  return (executor, values) => {
    if (!compiled) {
      const query = build(executor, values);
      compiled = 'toSQL' in query ? query.toSQL() : dialect.sqlToQuery(query);
    }
    return runPrepared<TRow>(executor, compiled, values);
  };
}

/** The statement's name: after its text, so each connection keeps one copy of it. */
function nameOf(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `escale_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

async function runPrepared<TRow>(
  executor: Db | Tx,
  compiled: Query,
  values: Record<string, unknown>,
): Promise<TRow[]> {
  const prepared = executor._.session.prepareQuery(compiled, undefined, nameOf(compiled.sql), false);
  const result = (await prepared.execute(values)) as unknown as { rows: TRow[] };
  return result.rows;
}

/** PostgreSQL `time` (`09:30:00`) as the contract's `HH:MM`. */
export function clockOf(time: string): string {
  return time.slice(0, 5);
}

/** An instant as a driver gives it (a Date, or text from a raw query) as the contract's ISO text. */
export function isoOf(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/**
 * The one number `query` selects `AS value` from a settings row (a space's), or `fallback` when there is no
 * row (a space that never changed its settings). Numbers: the drivers disagree on bigint (above).
 */
export async function settingOf(executor: Db | Tx, query: SQL, fallback: number): Promise<number> {
  const [row] = await rowsOf<{ value: number | string }>(executor, query);
  return row ? Number(row.value) : fallback;
}

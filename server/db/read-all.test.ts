// @databases pglite postgres
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseKind, testDatabaseForFile } from '../../tests/support/test-database';
import type { Database } from './client';
import { readAll, spreadsOverConnections } from './read-all';
import { rowsOf } from './rows';
import type { Tx } from './transaction';

const database = testDatabaseForFile();

/** Three reads of 50 ms each, noting when each starts and answers. */
function sleepingReads(db: Database['db'] | Tx, events: string[]) {
  return [1, 2, 3].map((n) => async () => {
    events.push(`start ${n}`);
    const [row] = await rowsOf<{ n: number }>(db, sql`SELECT pg_sleep(0.05), ${n}::int AS n`);
    events.push(`end ${n}`);
    return row!.n;
  });
}

describe('readAll', () => {
  it('in a transaction, asks its one connection one query at a time, and answers in order', async () => {
    const events: string[] = [];
    const answers = await database.db.transaction(async (tx) => {
      expect(spreadsOverConnections(tx)).toBe(false);
      return readAll(tx, sleepingReads(tx, events));
    });
    expect(answers).toEqual([1, 2, 3]);
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it(
    testDatabaseKind() === 'postgres'
      ? 'on the PostgreSQL pool, sends the reads together'
      : 'on PGlite (one connection), asks one query at a time',
    async () => {
      const events: string[] = [];
      const answers = await readAll(database.db, sleepingReads(database.db, events));
      expect(answers).toEqual([1, 2, 3]);
      if (testDatabaseKind() === 'postgres') {
        expect(spreadsOverConnections(database.db)).toBe(true);
        expect(events.slice(0, 3)).toEqual(['start 1', 'start 2', 'start 3']);
      } else {
        expect(spreadsOverConnections(database.db)).toBe(false);
        expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
      }
    },
  );

  it('keeps each read’s own type, tuples included', async () => {
    const [count, [row]] = await readAll(database.db, [
      async () => 2,
      () => rowsOf<{ one: number }>(database.db, sql`SELECT 1 AS one`),
    ]);
    const doubled: number = count * 2;
    expect(doubled).toBe(4);
    expect(Number(row!.one)).toBe(1);
  });
});

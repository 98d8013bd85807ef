// @databases pglite postgres
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseKind, testDatabaseForFile } from '../../tests/support/test-database';
import type { Database } from './client';
import { read, readAll, rowsTogether, spreadsOverConnections } from './read-all';
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

describe('rowsTogether', () => {
  it('answers each read’s rows in one statement, as JSON gives them, an empty read as no rows', async () => {
    const answers = await rowsTogether(database.db, {
      numbers: read<{ n: number; big: number; label: string }>(
        sql`SELECT n, (n * 10000000000)::bigint AS big, 'n' || n AS label FROM generate_series(1, 3) AS n ORDER BY n`,
      ),
      grouped: read<{ odd: boolean; total: number }>(
        sql`WITH x AS MATERIALIZED (SELECT n FROM generate_series(1, 4) AS n)
          SELECT n % 2 = 1 AS odd, sum(n)::int AS total FROM x GROUP BY 1 ORDER BY 1`,
      ),
      none: read<{ n: number }>(sql`SELECT 1 AS n WHERE false`),
    });
    expect(answers.numbers).toEqual([
      { n: 1, big: 10000000000, label: 'n1' },
      { n: 2, big: 20000000000, label: 'n2' },
      { n: 3, big: 30000000000, label: 'n3' },
    ]);
    expect(answers.grouped).toEqual([
      { odd: false, total: 6 },
      { odd: true, total: 4 },
    ]);
    expect(answers.none).toEqual([]);
  });
});

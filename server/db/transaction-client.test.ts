// @databases pglite postgres
/**
 * A transaction's BEGIN sent with its first statement and its COMMIT with its last
 * (server/db/transaction-client.ts, docs/decisions/036): on both databases the unit of work still commits all
 * of its change or none of it; on PostgreSQL, a BEGIN that fails keeps its statement from running at all, and
 * the connection goes on serving prepared statements afterwards.
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalOf } from '../../tests/support/database-refusal';
import { testDatabaseForFile, testDatabaseKind } from '../../tests/support/test-database';
import { log } from '../platform/log';
import { logActivity, systemContext, unitOfWork } from '../platform/service-context';
import { preparedStatement, rowsOf } from './rows';
import { lastStatementWithCommit } from './transaction';

const plusOne = preparedStatement<{ n: number }>(() => sql`SELECT ${sql.placeholder('n')}::int + 1 AS n`);

const database = testDatabaseForFile();
const onPostgres = testDatabaseKind() === 'postgres';

beforeAll(async () => {
  await database.db.execute(sql`CREATE TABLE ride_notes (id serial PRIMARY KEY, body text NOT NULL)`);
});
afterAll(async () => {
  await database.db.execute(sql`DROP TABLE ride_notes`);
});

const bodies = async () =>
  (await rowsOf<{ body: string }>(database.db, sql`SELECT body FROM ride_notes ORDER BY id`)).map(
    (row) => row.body,
  );
const note = (body: string) => sql`INSERT INTO ride_notes (body) VALUES (${body}) RETURNING id`;
const refused = sql`INSERT INTO ride_notes (body) VALUES (${null}::text)`;
/** How the database refuses `refused`: its NOT NULL, not any error (a typo would throw too). */
const NOT_NULL_REFUSAL = { sqlState: '23502' };

describe('a transaction whose BEGIN and COMMIT go with its statements', () => {
  it('keeps its first statement inside the transaction: a later failure takes it back', async () => {
    expect(
      await refusalOf(
        database.db.transaction(async (tx) => {
          await tx.execute(note('first, then rolled back'));
          await tx.execute(refused);
        }),
      ),
    ).toMatchObject(NOT_NULL_REFUSAL);
    expect(await bodies()).not.toContain('first, then rolled back');
  });

  it('commits a last statement sent with the COMMIT, and the connection serves the next transaction', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(note('before the last'));
      await lastStatementWithCommit(tx, () => tx.execute(note('the last, with the commit')));
    });
    await database.db.transaction(async (tx) => {
      await lastStatementWithCommit(tx, () => tx.execute(note('alone, with begin and commit')));
    });
    expect(await bodies()).toEqual(
      expect.arrayContaining([
        'before the last',
        'the last, with the commit',
        'alone, with begin and commit',
      ]),
    );
  });

  it('commits nothing when the last statement, sent with the COMMIT, fails', async () => {
    expect(
      await refusalOf(
        database.db.transaction(async (tx) => {
          await tx.execute(note('taken back with the last'));
          await lastStatementWithCommit(tx, () => tx.execute(refused));
        }),
      ),
    ).toMatchObject(NOT_NULL_REFUSAL);
    expect(await bodies()).not.toContain('taken back with the last');
    // The pool's connections still work, prepared statements included.
    const [row] = await plusOne(database.db, { n: 41 });
    expect(row!.n).toBe(42);
  });

  it('writes activity entries kept for the commit with the change, and neither when the change fails', async () => {
    const ctx = systemContext({ db: database.db, log, now: new Date('2027-03-01T08:00:00Z') });
    const entry = (id: string) => ({
      kind: 'calendar_feed.created' as const,
      subject: { type: 'user' as const, id },
    });
    await unitOfWork(ctx, async (work) => {
      await work.db.execute(note('with its entry'));
      await logActivity(work, entry('ride-kept'), { atCommit: true });
    });
    expect(
      await refusalOf(
        unitOfWork(ctx, async (work) => {
          await logActivity(work, entry('ride-dropped'), { atCommit: true });
          await work.db.execute(refused);
        }),
      ),
    ).toMatchObject(NOT_NULL_REFUSAL);
    const subjects = await rowsOf<{ subject_id: string }>(
      database.db,
      sql`SELECT subject_id FROM activity_entries WHERE subject_id LIKE 'ride-%'`,
    );
    expect(subjects.map((row) => row.subject_id)).toEqual(['ride-kept']);
    expect(await bodies()).toContain('with its entry');
  });

  it.skipIf(!onPostgres)('never runs the first statement when its BEGIN fails', async () => {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    try {
      await client.query('begin isolation level nonsense');
      await expect(
        client.query('INSERT INTO ride_notes (body) VALUES ($1)', ['after a failed begin']),
      ).rejects.toThrow(/syntax error/);
      // Not left inside a transaction: the next statement commits on its own, as any outside one.
      expect((client as unknown as { getTransactionStatus(): string | null }).getTransactionStatus()).toBe(
        'I',
      );
      const { rows } = await client.query('SELECT $1::int AS n', [7]);
      expect(rows).toEqual([{ n: 7 }]);
    } finally {
      client.release();
    }
    expect(await bodies()).not.toContain('after a failed begin');
  });
});

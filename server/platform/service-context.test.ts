// @databases pglite postgres
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseForFile } from '../../tests/support/test-database';
import { rowsOf } from '../db/rows';
import { insertPerson, type TestPerson } from '../db/factories.fixtures';
import { log } from './log';
import { logActivity, systemContext, unitOfWork, type WorkContext } from './service-context';

/** The one writer of the activity log for services, inside the change's unit of work. */

const NOW = new Date('2027-03-01T09:00:00Z');
const database = testDatabaseForFile();
let person: TestPerson;

beforeAll(async () => {
  person = await insertPerson(database.db);
});

type Row = {
  kind: string;
  actor_type: string;
  actor_id: string | null;
  occurred_at: string;
  details: unknown;
};
const entriesOf = (subjectId: string) =>
  rowsOf<Row>(
    database.db,
    sql`SELECT kind, actor_type, actor_id, to_json(occurred_at) #>> '{}' AS occurred_at, details
        FROM activity_entries WHERE subject_id = ${subjectId} ORDER BY id`,
  );

describe('logActivity', () => {
  it('writes a sweep’s entries in one go, as the system, at the unit of work’s instant', async () => {
    const subjectId = randomUUID();
    const ctx = systemContext({ db: database.db, log, now: NOW });
    await unitOfWork(ctx, (work) =>
      logActivity(work, [
        { kind: 'plan.ended', subject: { type: 'plan', id: subjectId }, details: { formulaName: 'Pass' } },
        {
          kind: 'plan.suspended',
          subject: { type: 'plan', id: subjectId },
          details: { formulaName: 'Pass' },
        },
      ]),
    );
    const rows = await entriesOf(subjectId);
    expect(rows.map((row) => [row.kind, row.actor_type, row.actor_id])).toEqual([
      ['plan.ended', 'system', null],
      ['plan.suspended', 'system', null],
    ]);
    expect(rows.every((row) => new Date(row.occurred_at).getTime() === NOW.getTime())).toBe(true);
    expect(rows[0]!.details).toEqual({ formulaName: 'Pass' });
  });

  it('is refused outside a unit of work, even when a context is passed off as one', async () => {
    const subjectId = randomUUID();
    const ctx = { ...systemContext({ db: database.db, log, now: NOW }), actor: person.session.user };
    await expect(
      logActivity(ctx as unknown as WorkContext, {
        kind: 'calendar_feed.created',
        subject: { type: 'calendar_feed', id: subjectId },
      }),
    ).rejects.toThrow('logActivity outside a unit of work');
    expect(await entriesOf(subjectId)).toEqual([]);
  });
});

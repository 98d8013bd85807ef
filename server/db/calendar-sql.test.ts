// @databases pglite
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseForFile } from '../../tests/support/test-database';
import { openIntervalsOfSpacesSql, openSecondsOfSpacesSql } from './calendar-sql';
import { ALWAYS_OPEN, insertSpace } from './factories.fixtures';
import { rowsOf } from './rows';
import { uuidList } from './sql-lists';

/**
 * `openSecondsOfSpacesSql` (weekday counts, and the clock-change days alone expanded) gives what summing
 * `openIntervalsOfSpacesSql`'s intervals gives, in zones whose clocks change by an hour (Paris, New York,
 * on other days), by half an hour (Lord Howe Island) or never (Tokyo), across closures, one on a change day.
 */

const database = testDatabaseForFile();
const spaces: string[] = [];

beforeAll(async () => {
  const overnight = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '00:00', closes: '24:00' }));
  const split = [1, 2, 3, 4, 5].flatMap((weekday) => [
    { weekday, opens: '01:30', closes: '02:45' },
    { weekday, opens: '08:00', closes: '12:00' },
    { weekday, opens: '13:00', closes: '19:30' },
  ]);
  const sunday = [{ weekday: 7, opens: '01:00', closes: '04:00' }];
  for (const timeZone of ['Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Tokyo']) {
    spaces.push(await insertSpace(database.db, { timeZone, hours: overnight }));
    spaces.push(await insertSpace(database.db, { timeZone, hours: [...split, ...sunday] }));
    spaces.push(
      await insertSpace(database.db, {
        timeZone,
        hours: ALWAYS_OPEN,
        closures: [
          { startsOn: '2026-03-29', endsOn: '2026-03-29' },
          { startsOn: '2026-12-24', endsOn: '2026-12-26' },
          { startsOn: '2026-12-26', endsOn: '2026-12-27' },
        ],
      }),
    );
  }
  spaces.push(await insertSpace(database.db, { hours: [] }));
});

async function bothWays(from: string, to: string) {
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  const inScope = (column: SQL) => sql`${column} IN (${uuidList(spaces)})`;
  const range = [sql`${from}::date`, sql`${to}::date`] as const;
  const counted = await rowsOf<{ space_id: string; seconds: string | number }>(
    database.db,
    openSecondsOfSpacesSql(...range, days, inScope),
  );
  const expanded = await rowsOf<{ space_id: string; seconds: string | number }>(
    database.db,
    sql`SELECT o.space_id, sum(extract(epoch FROM upper(o.open) - lower(o.open))) AS seconds
      FROM (${openIntervalsOfSpacesSql(...range, days, inScope)}) AS o GROUP BY o.space_id`,
  );
  const bySpace = (rows: typeof counted) =>
    Object.fromEntries(
      rows.filter((row) => Number(row.seconds) !== 0).map((row) => [row.space_id, Number(row.seconds)]),
    );
  return { counted: bySpace(counted), expanded: bySpace(expanded) };
}

describe('open seconds of many spaces', () => {
  it('equal the sum of the expanded intervals over a year with both changes', async () => {
    const { counted, expanded } = await bothWays('2026-01-01', '2026-12-31');
    expect(Object.keys(expanded)).toHaveLength(12);
    expect(counted).toEqual(expanded);
  });

  it('equal it over a week holding one change, and a single change day', async () => {
    for (const [from, to] of [
      ['2026-10-22', '2026-10-28'],
      ['2026-03-29', '2026-03-29'],
      ['2026-04-05', '2026-04-05'],
      ['2026-11-01', '2026-11-01'],
    ] as const) {
      const { counted, expanded } = await bothWays(from, to);
      expect(counted, `${from}..${to}`).toEqual(expanded);
    }
  });
});

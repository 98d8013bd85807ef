// @databases pglite
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_SCOPE, verifySpaceLedgers, verifyTriggerChain } from '../billing/ledger-chains';
import { openPglite, type Database } from './client';
import { insertPerson, insertSpace } from './factories.fixtures';
import { insertFormula } from '../features/formulas/formulas.fixtures';
import { rowsOf } from './rows';

/**
 * A database made before the ledgers were chained (migrations up to 0029) holds activity entries and credit
 * entries without footprints: migration 0031 chains them in the order they were written (by id), each
 * space's and the platform's from the genesis, and records the heads; new rows then chain after them.
 */
const migrations = fileURLToPath(new URL('./migrations', import.meta.url));
const BEFORE_CHAINS = 29;
let folder = '';
let database: Database;

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'escale-migrations-'));
  cpSync(migrations, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= BEFORE_CHAINS);
  writeFileSync(journalFile, JSON.stringify(journal));
  database = await openPglite('memory://');
  await migratePglite(database.db as Parameters<typeof migratePglite>[0], { migrationsFolder: folder });
}, 120_000);

afterAll(async () => {
  await database?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the chains of a database older than them', () => {
  it('are filled in the order rows were written, and continue with new rows', async () => {
    const { db } = database;
    const member = await insertPerson(db);
    const [first, second] = [await insertSpace(db), await insertSpace(db)];
    const formulaId = await insertFormula(db, first);
    const [plan] = await rowsOf<{ id: string }>(
      db,
      sql`INSERT INTO plans (space_id, user_id, formula_id, status) VALUES (${first}, ${member.id}, ${formulaId}, 'active')
          RETURNING id`,
    );
    const [lot] = await rowsOf<{ id: string }>(
      db,
      sql`INSERT INTO credit_lots (plan_id, space_id, user_id, period_index, source, unit, room_kinds, valid_from, valid_until, created_at)
          VALUES (${plan!.id}, ${first}, ${member.id}, 0, 'period', 'minutes', ARRAY['meeting'],
                  '2027-01-01T00:00:00Z', '2027-12-31T00:00:00Z', '2027-01-01T00:00:00Z')
          RETURNING id`,
    );
    const credit = (kind: string, amount: number, reason: string | null) =>
      db.execute(
        sql`INSERT INTO credit_entries (lot_id, user_id, kind, amount, reason, occurred_at)
            VALUES (${lot!.id}, ${member.id}, ${kind}, ${amount}, ${reason}, '2027-01-02T08:00:00Z')`,
      );
    const activity = (spaceId: string | null, month: string) =>
      db.execute(
        sql`INSERT INTO activity_entries (occurred_at, kind, actor_type, actor_id, subject_type, subject_id, space_id, details)
            VALUES ('2027-01-02T08:00:00.123456Z', 'invoicing.month_closed', 'user', ${member.id}, 'invoicing_month',
                    ${`${spaceId}:${month}`}, ${spaceId}, ${JSON.stringify({ month })}::jsonb)`,
      );
    await credit('grant', 600, null);
    await activity(first, '2026-10');
    await activity(null, '2026-10');
    await activity(second, '2026-10');
    await credit('adjustment', -60, 'Correction');
    await activity(first, '2026-11');

    await database.migrate();

    const entries = await rowsOf<{ id: number; space_id: string | null; chain_position: number }>(
      db,
      sql`SELECT id, space_id, chain_position FROM activity_entries ORDER BY id`,
    );
    expect(entries.map((row) => [row.space_id, Number(row.chain_position)])).toEqual([
      [first, 1],
      [null, 1],
      [second, 1],
      [first, 2],
    ]);
    const firstReports = await verifySpaceLedgers(db, first);
    expect(firstReports.map(({ ledger, intact, checked }) => ({ ledger, intact, checked }))).toEqual([
      { ledger: 'journal', intact: true, checked: 0 },
      { ledger: 'credit', intact: true, checked: 2 },
      { ledger: 'activity', intact: true, checked: 2 },
    ]);
    expect(await verifyTriggerChain(db, 'activity', PLATFORM_SCOPE)).toMatchObject({
      intact: true,
      checked: 1,
    });

    // New rows chain after the filled ones, through the triggers.
    await credit('adjustment', 30, 'Geste commercial');
    await activity(first, '2026-12');
    const after = await verifySpaceLedgers(db, first);
    expect(after.map(({ intact, checked }) => ({ intact, checked }))).toEqual([
      { intact: true, checked: 0 },
      { intact: true, checked: 3 },
      { intact: true, checked: 3 },
    ]);
  });
});

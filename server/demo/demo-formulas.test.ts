// @databases pglite
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseForFile } from '../../tests/support/test-database';
import { rowsOf } from '../db/rows';
import { users } from '../db/schema/auth';
import { spaces } from '../db/schema/spaces';

const database = testDatabaseForFile({ seeded: true });

describe('demo formulas', () => {
  it('give every demo space a day pass, a pack and a membership', async () => {
    const rows = await rowsOf<{ slug: string; kinds: string[] }>(
      database.db,
      sql`SELECT s.slug, array_agg(f.kind ORDER BY f.kind) AS kinds FROM spaces s
          LEFT JOIN formulas f ON f.space_id = s.id AND f.status = 'active' GROUP BY s.slug`,
    );
    const [{ count }] = (await database.db.select({ count: sql<number>`count(*)::int` }).from(spaces)) as [
      { count: number },
    ];
    expect(rows).toHaveLength(count);
    for (const row of rows) expect(row.kinds).toEqual(['day_pass', 'membership', 'pack']);
  });

  it('let the demo member hold an active membership and pack at Acme, with a few ledger lines', async () => {
    const [member] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'membre@escale.test'));
    const held = await rowsOf<{ kind: string; status: string; balance: number; lines: number }>(
      database.db,
      sql`SELECT f.kind, p.status,
                 (SELECT coalesce(sum(e.amount), 0) FROM credit_entries e JOIN credit_lots l ON l.id = e.lot_id WHERE l.plan_id = p.id)::int AS balance,
                 (SELECT count(*) FROM credit_entries e JOIN credit_lots l ON l.id = e.lot_id WHERE l.plan_id = p.id)::int AS lines
          FROM plans p JOIN formulas f ON f.id = p.formula_id JOIN spaces s ON s.id = p.space_id
          WHERE p.user_id = ${member!.id} AND s.slug = 'acme-coworking-paris' ORDER BY f.kind`,
    );
    expect(held.map((plan) => [plan.kind, plan.status])).toEqual([
      ['membership', 'active'],
      ['pack', 'active'],
    ]);
    // The pack: 10 h granted and 30 min added by the manager.
    expect(held[1]).toMatchObject({ balance: 630, lines: 2 });
    expect(held[0]!.balance).toBeGreaterThanOrEqual(0);
    expect(held[0]!.balance).toBeLessThanOrEqual(300);
  });
});

// @databases pglite postgres
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseForFile } from '../../tests/support/test-database';
import { rowsOf } from '../db/rows';
import { activityEntries } from '../db/schema/activity';
import { insertPerson } from '../db/factories.fixtures';
import { anonymiseActivityOf, changesBetween, recordActivity, truncatedAddress } from './activity';
import { refusalOf } from '../../tests/support/database-refusal';

const AT = new Date('2027-03-01T09:00:00Z');

const database = testDatabaseForFile();
let userId: string;

beforeAll(async () => {
  userId = (await insertPerson(database.db)).id;
});

/** The trigger's refusal: SQLSTATE 42501 (insufficient privilege). */
async function expectRefused(statement: Promise<unknown>): Promise<void> {
  expect(await refusalOf(statement)).toMatchObject({ sqlState: '42501' });
}

async function oneEntry(): Promise<number> {
  const subjectId = randomUUID();
  await recordActivity(database.db, {
    kind: 'profile.updated',
    actor: { type: 'user', id: userId, requestId: 'req-1', ip: '203.0.113.77' },
    subject: { type: 'user', id: userId },
    changes: { company: { before: 'Old', after: subjectId } },
    occurredAt: AT,
  });
  const [row] = await database.db
    .select({ id: activityEntries.id })
    .from(activityEntries)
    .where(sql`${activityEntries.changes}->'company'->>'after' = ${subjectId}`);
  return row!.id;
}

describe('the activity log in the database', () => {
  it('keeps what happened, with the address truncated', async () => {
    const id = await oneEntry();
    const [row] = await database.db.select().from(activityEntries).where(eq(activityEntries.id, id));
    expect(row).toMatchObject({
      kind: 'profile.updated',
      actorType: 'user',
      actorId: userId,
      actorIp: '203.0.113.0',
      requestId: 'req-1',
      occurredAt: AT,
    });
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    const id = await oneEntry();
    await expectRefused(
      database.db.execute(sql`UPDATE activity_entries SET kind = 'profile.deleted' WHERE id = ${id}`),
    );
    await expectRefused(database.db.execute(sql`DELETE FROM activity_entries WHERE id = ${id}`));
    await expectRefused(database.db.execute(sql`TRUNCATE activity_entries`));
    // Setting the anonymisation mark is not a way around it: the other columns still may not change.
    await expectRefused(
      database.db.execute(
        sql`UPDATE activity_entries SET anonymised_at = now(), kind = 'space.updated' WHERE id = ${id}`,
      ),
    );
    const [row] = await database.db.select().from(activityEntries).where(eq(activityEntries.id, id));
    expect(row?.kind).toBe('profile.updated');
  });

  it("lets an account deletion clear the person's traces, once", async () => {
    const id = await oneEntry();
    await database.db.execute(sql`
      UPDATE activity_entries SET actor_id = NULL, actor_ip = NULL, changes = '{}'::jsonb, anonymised_at = now()
      WHERE id = ${id}`);
    const [row] = await rowsOf<{ actor_id: string | null; actor_ip: string | null; kind: string }>(
      database.db,
      sql`SELECT actor_id, actor_ip, kind FROM activity_entries WHERE id = ${id}`,
    );
    expect(row).toEqual({ actor_id: null, actor_ip: null, kind: 'profile.updated' });
    await expectRefused(
      database.db.execute(sql`UPDATE activity_entries SET anonymised_at = now() WHERE id = ${id}`),
    );
  });

  it('anonymises an entry naming two people once for each of them (migration 0012)', async () => {
    const member = (await insertPerson(database.db)).id;
    await recordActivity(database.db, {
      kind: 'reservation.declined',
      actor: { type: 'user', id: userId, ip: '203.0.113.77' },
      subject: { type: 'reservation', id: randomUUID() },
      aboutUserId: member,
      details: { roomName: 'Salle', reason: 'Travaux' },
      occurredAt: AT,
    });
    const [{ id } = { id: 0 }] = await rowsOf<{ id: number }>(
      database.db,
      sql`SELECT id FROM activity_entries WHERE about_user_id = ${member}`,
    );
    expect(await anonymiseActivityOf(database.db, member, AT)).toBe(1);
    expect(await anonymiseActivityOf(database.db, userId, AT)).toBeGreaterThanOrEqual(1);
    const [row] = await database.db.select().from(activityEntries).where(eq(activityEntries.id, id));
    expect(row).toMatchObject({
      actorId: null,
      actorIp: null,
      aboutUserId: null,
      details: { roomName: 'Salle' },
    });
    // Nobody left to clear: any further change is refused.
    await expectRefused(
      database.db.execute(
        sql`UPDATE activity_entries SET details = '{}'::jsonb, anonymised_at = now() WHERE id = ${id}`,
      ),
    );
  });

  it('refuses a kind that is not `subject.verb`', async () => {
    expect(
      await refusalOf(
        database.db.execute(sql`
        INSERT INTO activity_entries (occurred_at, kind, actor_type, subject_type, subject_id)
        VALUES (now(), 'Drop table', 'system', 'user', 'x')`),
      ),
    ).toMatchObject({ sqlState: '23514', constraint: 'activity_kind_shape' });
  });
});

describe('truncatedAddress', () => {
  it('keeps an IPv4 /24 and an IPv6 /48, and nothing of what is not an address', () => {
    expect(truncatedAddress('192.0.2.201')).toBe('192.0.2.0');
    expect(truncatedAddress('::ffff:192.0.2.201')).toBe('192.0.2.0');
    expect(truncatedAddress('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::');
    expect(truncatedAddress('2001:db8::1')).toBe('2001:db8:0::');
    expect(truncatedAddress('::1')).toBe('0:0:0::');
    expect(truncatedAddress('not an address')).toBeNull();
  });
});

describe('changesBetween', () => {
  it('records only the listed fields that changed', () => {
    const before = { name: 'A', price: 3000, secret: 'x' };
    const after = { name: 'A', price: 3500, secret: 'y' };
    expect(changesBetween(before, after, ['name', 'price'])).toEqual({
      price: { before: 3000, after: 3500 },
    });
  });
});

// @databases pglite postgres
/**
 * A change and its activity entry commit together or not at all (docs/decisions/020-activity-log.md), on
 * both databases: on PostgreSQL the unit of work is a real transaction on a pooled connection.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalOf } from '../tests/support/database-refusal';
import { startTestApp, type Agent, type TestApp } from '../tests/support/test-app';
import { activityEntries } from './db/schema/activity';
import { jobs } from './db/schema/jobs';
import { reservations, spaceBookingPolicies } from './db/schema/reservations';
import { createReservation } from './features/reservations/booking.service';
import { updateBookingPolicy } from './features/reservations/queries.service';
import { localInstant } from './features/reservations/reservations.fixtures';
import { insertPerson, insertRoom, insertSpace } from './db/factories.fixtures';
import { log } from './platform/log';
import { unitOfWork, type ServiceContext } from './platform/service-context';
import type { SessionUser } from './platform/session';

// Monday 1 March 2027, 08:00 in Paris.
const START = new Date(localInstant('2027-03-01T08:00'));

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ clock: () => START });
});
afterAll(() => app.close());

/** Calls an operation; fails with the error body when it is refused. */
async function ok<T = Record<string, unknown>>(agent: Agent, name: string, data: unknown) {
  const response = await agent.call(name, data);
  const body = (await response.json()) as { result?: T; error?: unknown };
  if (response.status !== 200) throw new Error(`${name} → ${response.status} ${JSON.stringify(body.error)}`);
  return { result: body.result as T };
}

describe('a change and its entry', () => {
  async function someoneManaging(): Promise<{ ctx: ServiceContext; spaceId: string }> {
    const manager = await app.signedIn();
    const { result } = await ok<{ id: string }>(manager.agent, 'backoffice.createSpace', { name: 'Le Môle' });
    const actor: SessionUser = {
      id: manager.user.id,
      email: manager.user.email,
      name: 'Manager',
      emailVerified: true,
      isAdmin: false,
      locale: 'fr',
      image: null,
    };
    const ctx: ServiceContext = {
      db: app.database.db,
      actor,
      now: START,
      locale: 'fr',
      log,
      requestId: crypto.randomUUID(),
      clientAddress: '198.51.100.23',
    };
    return { ctx, spaceId: result.id };
  }

  async function policyOf(spaceId: string) {
    return app.database.db
      .select()
      .from(spaceBookingPolicies)
      .where(eq(spaceBookingPolicies.spaceId, spaceId));
  }

  async function entriesOf(ctx: ServiceContext) {
    return app.database.db
      .select({ kind: activityEntries.kind, actorIp: activityEntries.actorIp })
      .from(activityEntries)
      .where(eq(activityEntries.requestId, ctx.requestId!));
  }

  it('commit together', async () => {
    const { ctx, spaceId } = await someoneManaging();
    await updateBookingPolicy(ctx, { spaceId, freeCancellationHours: 12 });
    expect(await policyOf(spaceId)).toMatchObject([{ freeCancellationHours: 12 }]);
    expect(await entriesOf(ctx)).toEqual([{ kind: 'space.policy_changed', actorIp: '198.51.100.0' }]);
  });

  it('leave neither when the unit of work fails after the change', async () => {
    const { ctx, spaceId } = await someoneManaging();
    await expect(
      unitOfWork(ctx, async (work) => {
        // The service joins the unit: its change and its entry are written, then something fails.
        await updateBookingPolicy(work, { spaceId, freeCancellationHours: 12 });
        throw new Error('injected after the change');
      }),
    ).rejects.toThrow('injected after the change');
    expect(await policyOf(spaceId)).toEqual([]);
    expect(await entriesOf(ctx)).toEqual([]);
  });

  it('leave neither when the entry cannot be written', async () => {
    const { ctx, spaceId } = await someoneManaging();
    // The database refuses this one entry (a constraint added for the test): the change goes with it.
    await app.database.db.execute(
      sql`ALTER TABLE activity_entries ADD CONSTRAINT test_refuse_policy CHECK (kind <> 'space.policy_changed') NOT VALID`,
    );
    try {
      expect(await refusalOf(updateBookingPolicy(ctx, { spaceId, freeCancellationHours: 12 }))).toMatchObject(
        {
          sqlState: '23514',
          constraint: 'test_refuse_policy',
        },
      );
    } finally {
      await app.database.db.execute(sql`ALTER TABLE activity_entries DROP CONSTRAINT test_refuse_policy`);
    }
    expect(await policyOf(spaceId)).toEqual([]);
    expect(await entriesOf(ctx)).toEqual([]);
  });

  it('leave neither for a booking that a failure undoes: no reservation, no e-mail job, no entry', async () => {
    const spaceId = await insertSpace(app.database.db);
    const roomId = await insertRoom(app.database.db, spaceId);
    const booker = await insertPerson(app.database.db);
    const ctx: ServiceContext = {
      db: app.database.db,
      actor: booker.session.user,
      now: START,
      locale: 'fr',
      log,
      requestId: crypto.randomUUID(),
      clientAddress: '198.51.100.23',
    };
    const jobsBefore = await app.database.db.$count(jobs);
    await expect(
      unitOfWork(ctx, async (work) => {
        await createReservation(work, {
          roomId,
          startsAt: localInstant('2027-03-02T09:00'),
          endsAt: localInstant('2027-03-02T10:00'),
          attendees: 1,
          title: '',
          idempotencyKey: crypto.randomUUID(),
          anyDesk: false,
        });
        throw new Error('injected after the booking');
      }),
    ).rejects.toThrow('injected after the booking');
    expect(await app.database.db.select().from(reservations).where(eq(reservations.roomId, roomId))).toEqual(
      [],
    );
    expect(await app.database.db.$count(jobs)).toBe(jobsBefore);
    expect(await entriesOf(ctx)).toEqual([]);
  });
});

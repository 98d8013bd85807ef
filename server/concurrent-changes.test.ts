// @databases pglite postgres
/**
 * The same change sent many times at once (a double click, a retry storm, two tabs): each gives a clear
 * answer, never `internal`. On PostgreSQL (the `postgres` project) the requests really run in parallel over
 * the test database's pool; on PGlite they take turns.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Agent, type TestApp } from '../tests/support/test-app';
import { users } from './db/schema/auth';
import { spaceInvitations } from './db/schema/invitations';
import { spaceMembers } from './db/schema/memberships';
import { calendarFeedTokens } from './db/schema/reservations';
import { spaceClosures, spaceOpeningHours, spaces } from './db/schema/spaces';

const AT_ONCE = 10;

let app: TestApp;
let owner: { agent: Agent; user: { email: string } };

beforeAll(async () => {
  app = await startTestApp();
  owner = await app.signedIn();
});
afterAll(() => app.close());

interface Answer {
  status: number;
  code: string | null;
  result: unknown;
}

async function call(agent: Agent, name: string, data: unknown): Promise<Answer> {
  const response = await agent.call(name, data);
  const body = (await response.json()) as { result?: unknown; error?: { status: string } };
  return { status: response.status, code: body.error?.status ?? null, result: body.result };
}

/** The same call `AT_ONCE` times at once. */
function atOnce(agent: Agent, name: string, data: unknown): Promise<Answer[]> {
  return Promise.all(Array.from({ length: AT_ONCE }, () => call(agent, name, data)));
}

async function userIdOf(email: string): Promise<string> {
  const [user] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

async function newSpace(name: string): Promise<string> {
  const answer = await call(owner.agent, 'backoffice.createSpace', { name });
  return (answer.result as { id: string }).id;
}

const WEEKDAYS_9_TO_18 = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '09:00', closes: '18:00' }));

describe('the same change sent ten times at once', () => {
  it('creates ten calendar feed links one after the other: all succeed, one link stays active', async () => {
    const answers = await atOnce(owner.agent, 'reservations.createFeedToken', {});
    expect(answers.map((answer) => answer.status)).toEqual(Array(AT_ONCE).fill(200));
    const active = await app.database.db
      .select({ id: calendarFeedTokens.id })
      .from(calendarFeedTokens)
      .where(
        and(
          eq(calendarFeedTokens.userId, await userIdOf(owner.user.email)),
          isNull(calendarFeedTokens.revokedAt),
        ),
      );
    expect(active).toHaveLength(1);
  });

  it('creates ten spaces of one name, each with its own address', async () => {
    const answers = await atOnce(owner.agent, 'backoffice.createSpace', { name: 'Le Grand Large' });
    expect(answers.map((answer) => answer.status)).toEqual(Array(AT_ONCE).fill(200));
    const slugs = await app.database.db
      .select({ slug: spaces.slug })
      .from(spaces)
      .where(eq(spaces.name, 'Le Grand Large'));
    expect(new Set(slugs.map((row) => row.slug)).size).toBe(AT_ONCE);
  });

  it('replaces the opening hours ten times: all succeed and the hours are the ones sent, once', async () => {
    const spaceId = await newSpace('Les Heures');
    const answers = await atOnce(owner.agent, 'backoffice.setOpeningHours', {
      spaceId,
      hours: WEEKDAYS_9_TO_18,
    });
    expect(answers.map((answer) => answer.status)).toEqual(Array(AT_ONCE).fill(200));
    const hours = await app.database.db
      .select()
      .from(spaceOpeningHours)
      .where(eq(spaceOpeningHours.spaceId, spaceId));
    expect(hours).toHaveLength(WEEKDAYS_9_TO_18.length);
  });

  it('replaces the closures ten times: all succeed and the closure is there once', async () => {
    const spaceId = await newSpace('Les Fermetures');
    const closures = [{ startsOn: '2027-08-01', endsOn: '2027-08-15', label: 'Été' }];
    const answers = await atOnce(owner.agent, 'backoffice.setClosures', { spaceId, closures });
    expect(answers.map((answer) => answer.status)).toEqual(Array(AT_ONCE).fill(200));
    const stored = await app.database.db
      .select()
      .from(spaceClosures)
      .where(eq(spaceClosures.spaceId, spaceId));
    expect(stored).toHaveLength(1);
  });

  it('accepts one invitation ten times as accepting it once: one membership, no error but not-found', async () => {
    const spaceId = await newSpace('Les Invités');
    const guest = await app.signedIn();
    await call(owner.agent, 'backoffice.invite', { spaceId, email: guest.user.email, role: 'member' });
    const [invitation] = await app.database.db
      .select({ id: spaceInvitations.id })
      .from(spaceInvitations)
      .where(eq(spaceInvitations.spaceId, spaceId));
    const answers = await atOnce(guest.agent, 'backoffice.acceptInvitation', {
      invitationId: invitation!.id,
    });
    // Those that arrive once it is accepted find no open invitation; those that arrived with the first are no-ops.
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.code)).toEqual(
      answers.filter((answer) => answer.status !== 200).map(() => 'NOT_FOUND'),
    );
    const memberships = await app.database.db
      .select()
      .from(spaceMembers)
      .where(
        and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.userId, await userIdOf(guest.user.email))),
      );
    expect(memberships).toHaveLength(1);
  });

  it('never leaves a space without an owner when two owners remove each other at once', async () => {
    const spaceId = await newSpace('Les Associés');
    const partner = await app.signedIn();
    const [ownerId, partnerId] = await Promise.all([
      userIdOf(owner.user.email),
      userIdOf(partner.user.email),
    ]);
    await app.database.db.insert(spaceMembers).values({ spaceId, userId: partnerId, role: 'owner' });
    const answers = await Promise.all([
      call(owner.agent, 'backoffice.removeFromTeam', { spaceId, userId: partnerId }),
      call(partner.agent, 'backoffice.removeFromTeam', { spaceId, userId: ownerId }),
    ]);
    // The second to go finds itself no longer an owner, or the other one the last owner: refused either way.
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.map((answer) => answer.code).filter(Boolean)).toEqual([
      expect.stringMatching(/^(FAILED_PRECONDITION|PERMISSION_DENIED)$/),
    ]);
    const owners = await app.database.db
      .select()
      .from(spaceMembers)
      .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.role, 'owner')));
    expect(owners).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#contract/errors';
import { createTestDatabase } from '../../tests/support/test-database';
import { createTestUser } from '../../tests/support/test-app';
import type { Database } from '../db/client';
import { spaceMembers } from '../db/schema/memberships';
import { spaces } from '../db/schema/spaces';
import { requireSpaceRole, spaceRoleOf, type SpaceRole } from './authorization';
import type { Session } from './session';

let database: Database;
let spaceId: string;
let otherSpaceId: string;
const people: Record<SpaceRole | 'outsider' | 'admin', Session> = {} as never;

function sessionOf(id: string, isAdmin = false): Session {
  return {
    id: `session-${id}`,
    user: {
      id,
      email: `${id}@example.com`,
      name: id,
      emailVerified: true,
      isAdmin,
      locale: null,
      image: null,
    },
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const rows = await database.db
    .insert(spaces)
    .values([
      { slug: 'role-test', name: 'Role test' },
      { slug: 'role-test-other', name: 'Other' },
    ])
    .returning({ id: spaces.id });
  spaceId = rows[0]!.id;
  otherSpaceId = rows[1]!.id;
  for (const key of ['owner', 'manager', 'member', 'outsider', 'admin'] as const) {
    const user = await createTestUser(database.db, { isAdmin: key === 'admin' });
    people[key] = sessionOf(user.id, key === 'admin');
  }
  await database.db.insert(spaceMembers).values([
    { spaceId, userId: people.owner.user.id, role: 'owner' },
    { spaceId, userId: people.manager.user.id, role: 'manager' },
    { spaceId, userId: people.member.user.id, role: 'member' },
    { spaceId: otherSpaceId, userId: people.outsider.user.id, role: 'owner' },
  ]);
});
afterAll(() => database.close());

const ctxOf = (session: Session | null) => ({ db: database.db, session });

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 'passed';
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
}

describe('spaceRoleOf', () => {
  it('reads each role, and null for a stranger or a malformed id', async () => {
    expect(await spaceRoleOf(database.db, people.owner.user.id, spaceId)).toBe('owner');
    expect(await spaceRoleOf(database.db, people.manager.user.id, spaceId)).toBe('manager');
    expect(await spaceRoleOf(database.db, people.member.user.id, spaceId)).toBe('member');
    expect(await spaceRoleOf(database.db, people.outsider.user.id, spaceId)).toBeNull();
    expect(await spaceRoleOf(database.db, people.owner.user.id, 'not-a-uuid')).toBeNull();
  });
});

describe('requireSpaceRole', () => {
  const managers: SpaceRole[] = ['owner', 'manager'];

  it('lets the owner and a manager manage the space', async () => {
    expect(await requireSpaceRole(ctxOf(people.owner), spaceId, managers)).toBe('owner');
    expect(await requireSpaceRole(ctxOf(people.manager), spaceId, managers)).toBe('manager');
  });

  it('refuses a member where managers are required, but admits them where members are', async () => {
    expect(await codeOf(requireSpaceRole(ctxOf(people.member), spaceId, managers))).toBe('permission-denied');
    expect(await requireSpaceRole(ctxOf(people.member), spaceId, ['owner', 'manager', 'member'])).toBe(
      'member',
    );
  });

  it('refuses the owner of another space', async () => {
    expect(await codeOf(requireSpaceRole(ctxOf(people.outsider), spaceId, ['member']))).toBe(
      'permission-denied',
    );
  });

  it('lets a platform admin through anywhere', async () => {
    expect(await requireSpaceRole(ctxOf(people.admin), spaceId, ['owner'])).toBe('admin');
  });

  it('asks a signed-out caller to sign in', async () => {
    expect(await codeOf(requireSpaceRole(ctxOf(null), spaceId, ['member']))).toBe('unauthenticated');
  });
});

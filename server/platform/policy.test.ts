// @databases pglite postgres
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '#contract/callable';
import { AppError } from '#contract/errors';
import { answersFor } from '../../tests/support/permission-matrix';
import { createTestUser } from '../../tests/support/test-app';
import { testDatabaseForFile } from '../../tests/support/test-database';
import { users } from '../db/schema/auth';
import { spaceMembers } from '../db/schema/memberships';
import { spaces } from '../db/schema/spaces';
import {
  isSelf,
  may,
  mayReadFile,
  requireCallableAccess,
  requireRight,
  requireSignedIn,
  reservationStanding,
  roleGrants,
  SPACE_RIGHTS,
  spaceRoleOf,
  spacesWhere,
  type Actor,
  type SpaceRight,
} from './policy';
import type { SessionUser } from './session';

/**
 * Every question the policy answers, asked by each kind of actor: nobody (anonymous), a signed-in stranger
 * to the space (who owns another one), a member, a manager and the owner of the space, a platform admin,
 * and the person a thing belongs to (self).
 */
const ROLES = ['anonymous', 'stranger', 'member', 'manager', 'owner', 'admin', 'self'] as const;
type Role = (typeof ROLES)[number];

const database = testDatabaseForFile();
let spaceId: string;
let otherSpaceId: string;
const actors = {} as Record<Role, Actor>;

function userOf(id: string, isAdmin = false): SessionUser {
  return {
    id,
    email: `${id}@example.com`,
    name: id,
    emailVerified: true,
    isAdmin,
    locale: null,
    image: null,
  };
}

beforeAll(async () => {
  const rows = await database.db
    .insert(spaces)
    .values([
      { slug: 'policy-test', name: 'Policy test' },
      { slug: 'policy-test-other', name: 'Other' },
    ])
    .returning({ id: spaces.id });
  spaceId = rows[0]!.id;
  otherSpaceId = rows[1]!.id;
  actors.anonymous = null;
  for (const role of ROLES.filter((role) => role !== 'anonymous')) {
    const user = await createTestUser(database.db, { isAdmin: role === 'admin' });
    actors[role] = userOf(user.id, role === 'admin');
  }
  await database.db.insert(spaceMembers).values([
    { spaceId, userId: actors.owner!.id, role: 'owner' },
    { spaceId, userId: actors.manager!.id, role: 'manager' },
    { spaceId, userId: actors.member!.id, role: 'member' },
    // "self" is a member of the space too: what is theirs is theirs whatever their role.
    { spaceId, userId: actors.self!.id, role: 'member' },
    { spaceId: otherSpaceId, userId: actors.stranger!.id, role: 'owner' },
  ]);
});

const scopeOf = (role: Role) => ({ db: database.db, actor: actors[role] });

/** `passed`, or the code of the AppError it threw. */
async function outcomeOf(run: () => unknown): Promise<string> {
  try {
    await run();
    return 'passed';
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
}

/** Runs `ask` for every role and returns the answers by role, for one `toEqual` per question. */
async function answersOf<T>(ask: (role: Role) => Promise<T> | T): Promise<Record<Role, T>> {
  const answers = {} as Record<Role, T>;
  for (const role of ROLES) answers[role] = await ask(role);
  return answers;
}

describe('requireSignedIn: the signed-in check', () => {
  it('asks nobody to sign in and lets every signed-in person through', async () => {
    expect(await answersOf((role) => outcomeOf(() => requireSignedIn(actors[role])))).toEqual(
      answersFor(ROLES, 'passed', { anonymous: 'unauthenticated' }),
    );
  });
});

describe("requireCallableAccess: a callable's declared access", () => {
  const accessTable: Record<Access, Record<Role, string>> = {
    public: answersFor(ROLES, 'passed'),
    'signed-in': answersFor(ROLES, 'passed', { anonymous: 'unauthenticated' }),
    admin: answersFor(ROLES, 'permission-denied', { anonymous: 'unauthenticated', admin: 'passed' }),
  };
  for (const [access, expected] of Object.entries(accessTable) as Array<[Access, Record<Role, string>]>) {
    it(`lets through exactly who a "${access}" operation is for`, async () => {
      expect(await answersOf((role) => outcomeOf(() => requireCallableAccess(actors[role], access)))).toEqual(
        expected,
      );
    });
  }
});

/** Who may do each thing to the space: the table of PRODUCT.md's roles. */
const RIGHTS_TABLE: Record<SpaceRight, Record<Role, boolean>> = {
  preview: answersFor(ROLES, false, { manager: true, owner: true, admin: true }),
  manage: answersFor(ROLES, false, { manager: true, owner: true, admin: true }),
  govern: answersFor(ROLES, false, { owner: true, admin: true }),
};

describe('may and requireRight: what each role may do to a space', () => {
  for (const right of Object.keys(SPACE_RIGHTS) as SpaceRight[]) {
    it(`answers "may ${right}" for each role`, async () => {
      expect(await answersOf((role) => may(scopeOf(role), right, spaceId))).toEqual(RIGHTS_TABLE[right]);
    });

    it(`refuses "${right}" with the right code, and names the standing of who may`, async () => {
      const expected = await answersOf((role) =>
        role === 'anonymous'
          ? 'unauthenticated'
          : RIGHTS_TABLE[right][role]
            ? role === 'admin'
              ? 'admin'
              : role
            : 'permission-denied',
      );
      expect(
        await answersOf(async (role) => {
          try {
            return await requireRight(scopeOf(role), right, spaceId);
          } catch (error) {
            return error instanceof AppError ? error.code : String(error);
          }
        }),
      ).toEqual(expected);
    });
  }

  it('gives nobody but an admin a right on a space that does not exist, or an id that is not one', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect(await answersOf((role) => may(scopeOf(role), 'manage', id))).toEqual(
        answersFor(ROLES, false, { admin: true }),
      );
    }
  });

  it("gives the owner of another space no right on this one, and this space's owner none on the other", async () => {
    expect(await may(scopeOf('stranger'), 'govern', otherSpaceId)).toBe(true);
    expect(await may(scopeOf('owner'), 'preview', otherSpaceId)).toBe(false);
  });

  it('reads the role inside a transaction when given one', async () => {
    let insideTransaction: boolean | undefined;
    await database.db
      .transaction(async (tx) => {
        await tx
          .update(spaceMembers)
          .set({ role: 'owner' })
          .where(eq(spaceMembers.userId, actors.member!.id));
        insideTransaction = await may({ db: tx, actor: actors.member }, 'govern', spaceId);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(insideTransaction).toBe(true);
    expect(await may(scopeOf('member'), 'govern', spaceId)).toBe(false);
  });
});

describe('spacesWhere: the spaces where each role holds a right', () => {
  it('lists the spaces each role manages, every space for an admin, none for nobody', async () => {
    const answers = await answersOf((role) => spacesWhere(scopeOf(role), 'manage'));
    expect(answers).toEqual({
      anonymous: [],
      stranger: [otherSpaceId],
      member: [],
      manager: [spaceId],
      owner: [spaceId],
      admin: 'all',
      self: [],
    });
  });

  it('lists only the spaces each role governs', async () => {
    const answers = await answersOf((role) => spacesWhere(scopeOf(role), 'govern'));
    expect(answers).toMatchObject({ manager: [], owner: [spaceId], admin: 'all', anonymous: [] });
  });
});

describe("reservationStanding: a reservation is its member's and its space managers'", () => {
  it('answers member for its own member, manager for who manages the space, nothing for the rest', async () => {
    const reservation = () => ({ memberId: actors.self!.id, spaceId });
    expect(await answersOf((role) => reservationStanding(scopeOf(role), reservation()))).toEqual(
      answersFor(ROLES, null, { manager: 'manager', owner: 'manager', admin: 'manager', self: 'member' }),
    );
  });
});

describe('mayReadFile: uploads are their owner’s', () => {
  it('lets only its owner and admins read a document', async () => {
    const file = () => ({ ownerId: actors.self!.id, purpose: 'space-photo' });
    expect(await answersOf((role) => mayReadFile(scopeOf(role), file()))).toEqual(
      answersFor(ROLES, false, { admin: true, self: true }),
    );
  });

  it('shows an avatar to the people of its owner’s spaces once its owner appears in the directory', async () => {
    const avatar = () => ({ ownerId: actors.self!.id, purpose: 'avatar' });
    await database.db.update(users).set({ communityVisible: false }).where(eq(users.id, actors.self!.id));
    expect(await answersOf((role) => mayReadFile(scopeOf(role), avatar()))).toMatchObject({
      member: false,
      manager: false,
      owner: false,
      self: true,
      admin: true,
    });
    await database.db.update(users).set({ communityVisible: true }).where(eq(users.id, actors.self!.id));
    expect(await answersOf((role) => mayReadFile(scopeOf(role), avatar()))).toEqual(
      answersFor(ROLES, true, { anonymous: false, stranger: false }),
    );
  });
});

describe('isSelf and roleGrants', () => {
  it('knows a person only as themselves', async () => {
    expect(await answersOf((role) => isSelf(actors[role], actors.self?.id))).toEqual(
      answersFor(ROLES, false, { self: true }),
    );
    expect(isSelf(actors.self, null)).toBe(false);
  });

  it('reads the role a person holds in the space, and what it grants without the admin flag', async () => {
    const roles = await answersOf((role) =>
      actors[role] ? spaceRoleOf(database.db, actors[role]!.id, spaceId) : null,
    );
    expect(roles).toEqual(
      answersFor(ROLES, null, { member: 'member', manager: 'manager', owner: 'owner', self: 'member' }),
    );
    expect(roleGrants('manager', 'manage')).toBe(true);
    expect(roleGrants('manager', 'govern')).toBe(false);
    expect(roleGrants(null, 'preview')).toBe(false);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import type { CallableRouter } from '../../server/platform/callables';
import type { Session } from '../../server/platform/session';
import type { Agent, TestApp } from './test-app';
import { testDatabaseForFile } from './test-database';
import { callerOutcome, localInstant } from '../../server/features/reservations/reservations.fixtures';
import {
  addRole,
  CALLER_ROLES,
  insertCallerCast,
  insertSpace,
  type CallerRole,
  type TestPerson,
} from '../../server/db/factories.fixtures';

/**
 * Who may call each operation of an API, as a table: one row an operation (its input, made fresh for each
 * caller when the call changes something) and what each caller is answered: `ok` or the refusal's code.
 */

/** An answer for every caller: `answer` for all of them but those named in `except`. */
export function answersFor<Caller extends string, Answer = string>(
  callers: readonly Caller[],
  answer: Answer,
  except: Partial<Record<Caller, Answer>> = {},
): Record<Caller, Answer> {
  return Object.fromEntries(callers.map((caller) => [caller, except[caller] ?? answer])) as Record<
    Caller,
    Answer
  >;
}

/**
 * Who may, by name, for any set of callers (a caller a table does not have is left out): the owner, when a
 * table has one, is answered as the manager.
 */
const AUDIENCES = {
  /** Public: everyone, anonymous visitors included. */
  anyone: { answer: 'ok', except: {} },
  /** Anyone signed in, whether their address is confirmed or not. */
  'signed-in': { answer: 'ok', except: { anonymous: 'unauthenticated' } },
  /** Anyone signed in with a confirmed address. */
  confirmed: { answer: 'ok', except: { anonymous: 'unauthenticated', unconfirmed: 'failed-precondition' } },
  /** The space's owners and managers, and admins; everyone else signed in is refused. */
  'space-managers': {
    answer: 'permission-denied',
    except: { anonymous: 'unauthenticated', manager: 'ok', owner: 'ok', admin: 'ok' },
  },
} satisfies Record<string, { answer: string; except: Record<string, string> }>;

export type Audience = keyof typeof AUDIENCES;

/** What each of `callers` is answered when only `audience` may call. */
function answersOfAudience<Caller extends string>(callers: readonly Caller[], audience: Audience) {
  const { answer, except } = AUDIENCES[audience];
  return answersFor<Caller>(callers, answer, except as Partial<Record<Caller, string>>);
}

/** Who calls, on which database: each caller's session (none for an anonymous visitor). */
export interface Callers<Caller extends string> {
  readonly db: Db;
  sessionOf(caller: Caller): Session | null;
}

/** The usual callers around a new space (`insertCallerCast`), on this test file's database. */
export interface CallerCast extends Callers<CallerRole> {
  readonly spaceId: string;
  readonly people: Record<Exclude<CallerRole, 'anonymous'>, TestPerson>;
}

/** This test file's database with the usual callers around a new space, made before its tests. */
function callerCastForFile(options: { otherMemberInSpace?: boolean } = {}): CallerCast {
  const database = testDatabaseForFile();
  let cast: Awaited<ReturnType<typeof insertCallerCast>> | undefined;
  beforeAll(async () => {
    cast = await insertCallerCast(database.db, options);
  });
  const made = () => {
    if (!cast) throw new Error('the callers are made in beforeAll: read them in a hook or a test');
    return cast;
  };
  return {
    get db() {
      return database.db;
    },
    get spaceId() {
      return made().spaceId;
    },
    get people() {
      return made().people;
    },
    sessionOf: (caller) => (caller === 'anonymous' ? null : made().people[caller].session),
  };
}

export interface PermissionCase<Caller extends string> {
  /** The callable's name. */
  name: string;
  /** The test's name when one operation has several rows. */
  label?: string;
  /** The input for one caller's call, made (with any data it needs) just before that call. */
  input: (caller: Caller) => unknown;
  /** Each caller's answer, or the audience that may call (everyone else refused as the audience says). */
  expected: Record<Caller, string> | Audience;
}

/**
 * One test a row: each caller in turn (in `callers`' order) gets a fresh input and calls; the answers are
 * compared as a whole. With `operations`, one more test checks that every operation of the router whose name
 * matches has a row.
 */
export function describePermissions<Caller extends string>(
  title: string,
  options: {
    router: CallableRouter;
    /** Who calls: `permissionTestFile(…).cast`, or the file's own. */
    cast: Callers<Caller>;
    /** In the order they call; `CALLER_ROLES` by default. */
    callers?: readonly Caller[];
    cases: ReadonlyArray<PermissionCase<Caller>>;
    operations?: RegExp;
    /** Runs after each call (puts back a clock an input moved). */
    afterCall?: () => void;
  },
) {
  const { router, cast, cases, operations, afterCall } = options;
  const callers = options.callers ?? (CALLER_ROLES as readonly string[] as readonly Caller[]);
  describe(title, () => {
    it.each(cases.map((row) => [row.label ?? row.name, row] as const))(
      '%s answers each caller as it should',
      async (_label, row) => {
        const answers = {} as Record<Caller, string>;
        for (const caller of callers) {
          const input = await row.input(caller);
          answers[caller] = await callerOutcome(router, cast.db, cast.sessionOf(caller), row.name, input);
          afterCall?.();
        }
        const expected =
          typeof row.expected === 'string' ? answersOfAudience(callers, row.expected) : row.expected;
        expect(answers).toEqual(expected);
      },
    );

    if (operations)
      it(`covers every operation matching ${operations}`, () => {
        const served = router
          .definitions()
          .map((definition) => definition.name)
          .filter((name) => operations.test(name));
        expect([...new Set(cases.map((row) => row.name))].sort()).toEqual(served.sort());
      });
  });
}

/**
 * Each operation called over HTTP by each of `callers`, with a fresh input: only platform admins get through
 * (200); a visitor who is signed out gets 401, anyone else 403. One test an operation and caller.
 */
export function itServesAdminsOnly<Caller extends string>(
  operations: ReadonlyArray<readonly [name: string, input: () => unknown]>,
  callers: readonly Caller[],
  agentOf: (caller: Caller) => Agent,
) {
  const expected = answersFor(callers, 403, { anonymous: 401, admin: 200 } as Partial<
    Record<Caller, number>
  >);
  for (const [name, input] of operations)
    it.each(callers)(`${name}: %s`, async (caller) => {
      const response = await agentOf(caller).call(name, await input());
      const body = (await response.json()) as { error?: unknown };
      expect(response.status, JSON.stringify(body.error)).toBe(expected[caller]);
    });
}

/** The callers of the HTTP tables: signed out, a member, a member of another space, a manager, an admin. */
export const HTTP_CALLERS = ['anonymous', 'member', 'otherMember', 'manager', 'admin'] as const;
export type HttpCaller = (typeof HTTP_CALLERS)[number];

/**
 * An agent of `app` for each HTTP caller around a new space: its member, a member of another space, its
 * manager (or owner), a platform admin, and an anonymous visitor.
 */
export async function signInAroundASpace(
  app: TestApp,
  { managerRole = 'manager' }: { managerRole?: 'manager' | 'owner' } = {},
): Promise<Record<HttpCaller, Agent>> {
  const db = app.database.db;
  const space = await insertSpace(db);
  const other = await insertSpace(db);
  const member = await app.signedIn();
  const otherMember = await app.signedIn();
  const manager = await app.signedIn();
  const admin = await app.signedIn({ isAdmin: true });
  await addRole(db, space, member.user.id, 'member');
  await addRole(db, other, otherMember.user.id, 'member');
  await addRole(db, space, manager.user.id, managerRole);
  return {
    anonymous: app.agent(),
    member: member.agent,
    otherMember: otherMember.agent,
    manager: manager.agent,
    admin: admin.agent,
  };
}

/**
 * A permission test file: the usual callers on its database (`callerCastForFile`), and the feature's router
 * (`routerAt`, one of the features' `…Router` fixtures) at a fixed Paris wall-clock time, `now`.
 */
export function permissionTestFile(
  routerAt: (now: () => Date) => CallableRouter,
  localTime: string,
  options: { otherMemberInSpace?: boolean } = {},
) {
  const now = new Date(localInstant(localTime));
  return { now, router: routerAt(() => now), cast: callerCastForFile(options) };
}

import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import type { CallableRouter } from '../../server/platform/callables';
import type { Session } from '../../server/platform/session';
import { callerOutcome } from '../../server/features/reservations/reservations.fixtures';
import { CALLER_ROLES } from '../../server/db/factories.fixtures';

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

/** Public: everyone, anonymous visitors included. */
export const ANYONE = answersFor(CALLER_ROLES, 'ok');
/** Anyone signed in, whether their address is confirmed or not. */
export const SIGNED_IN = answersFor(CALLER_ROLES, 'ok', { anonymous: 'unauthenticated' });
/** Anyone signed in with a confirmed address. */
export const CONFIRMED = answersFor(CALLER_ROLES, 'ok', {
  anonymous: 'unauthenticated',
  unconfirmed: 'failed-precondition',
});
/** The space's owners and managers, and admins; everyone else signed in is refused. */
export const SPACE_MANAGERS = answersFor(CALLER_ROLES, 'permission-denied', {
  anonymous: 'unauthenticated',
  manager: 'ok',
  admin: 'ok',
});

export interface PermissionCase<Caller extends string> {
  /** The callable's name. */
  name: string;
  /** The test's name when one operation has several rows. */
  label?: string;
  /** The input for one caller's call, made (with any data it needs) just before that call. */
  input: (caller: Caller) => unknown;
  expected: Record<Caller, string>;
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
    db: () => Db;
    callers: readonly Caller[];
    sessionOf: (caller: Caller) => Session | null;
    cases: ReadonlyArray<PermissionCase<Caller>>;
    operations?: RegExp;
    /** Runs after each call (puts back a clock an input moved). */
    afterCall?: () => void;
  },
) {
  const { router, db, callers, sessionOf, cases, operations, afterCall } = options;
  describe(title, () => {
    it.each(cases.map((row) => [row.label ?? row.name, row] as const))(
      '%s answers each caller as it should',
      async (_label, row) => {
        const answers = {} as Record<Caller, string>;
        for (const caller of callers) {
          const input = await row.input(caller);
          answers[caller] = await callerOutcome(router, db(), sessionOf(caller), row.name, input);
          afterCall?.();
        }
        expect(answers).toEqual(row.expected);
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

import { AppError } from '#contract/errors';
import type { Db } from '../../server/db/client';
import type { CallableRouter } from '../../server/platform/callables';
import { log } from '../../server/platform/log';
import { systemContext, type ServiceContext } from '../../server/platform/service-context';
import type { TestPerson } from '../../server/db/factories.fixtures';
import { contextFor, localInstant } from '../../server/features/reservations/reservations.fixtures';
import { testDatabaseForFile } from './test-database';

/** The clock of a test file: the instant its operations see, which its tests move. */
export interface FileClock {
  now: Date;
  /** Moves the clock to a Paris wall-clock time (`2027-02-05T12:00`) and returns that instant. */
  set(localDateTime: string): Date;
}

export interface FeatureTestFile {
  /** This file's database (read `.db` in hooks and tests). */
  database: { readonly db: Db };
  clock: FileClock;
  /** The feature's router: every operation runs at the clock's `now`. */
  router: CallableRouter;
  /** Calls an operation as `person` (null: signed out). */
  call<T>(person: TestPerson | null, name: string, data: unknown): Promise<T>;
  /** The system's context at the clock's `now` (for sweeps and jobs). */
  system(): ServiceContext;
}

/**
 * A feature's test file on a fixed clock: its own database, the feature's router (`routerAt`, one of the
 * features' `…Router` fixtures) reading the clock, which starts at `startsAt` in Paris.
 */
export function featureTestFile(
  routerAt: (now: () => Date) => CallableRouter,
  startsAt: string,
): FeatureTestFile {
  const database = testDatabaseForFile();
  const clock: FileClock = {
    now: new Date(localInstant(startsAt)),
    set(localDateTime) {
      clock.now = new Date(localInstant(localDateTime));
      return clock.now;
    },
  };
  const router = routerAt(() => clock.now);
  return {
    database,
    clock,
    router,
    call: <T>(person: TestPerson | null, name: string, data: unknown) =>
      router.invoke(name, data, contextFor(database.db, person?.session ?? null)) as Promise<T>,
    system: () => systemContext({ db: database.db, log, now: clock.now }),
  };
}

/** What a call answered: `ok`, or the refusal's code and, when it gives one, its reason (`code:reason`). */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError)
      return `${error.code}${error.details?.reason ? `:${String(error.details.reason)}` : ''}`;
    throw error;
  }
}

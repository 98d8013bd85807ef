import { randomUUID } from 'node:crypto';
import { AppError } from '#contract/errors';
import { wallClockInstant } from '#contract/dates';
import {
  createCallableRouter,
  type CallableRouter,
  type CallContext,
  type Implementation,
} from '../../platform/callables';
import type { Db } from '../../db/client';
import { log } from '../../platform/log';
import type { Mailer, MailMessage } from '../../platform/mail';
import type { Session } from '../../platform/session';
import { testConfig } from '../../../tests/support/test-config';
import { reservationsCallables } from './reservations.callables';

/**
 * For tests of reservations and of every feature that calls through a router: the reservations router at the
 * test's clock, a call context for a session, a Paris wall-clock time as an instant. People, spaces and rooms
 * are made by tests/support/factories.ts.
 */

/** A router holding `implementations`, every call made at `now()` (the test's clock). */
export function routerAtClock(implementations: Implementation[], now: () => Date): CallableRouter {
  const router = createCallableRouter(implementations);
  return { ...router, invoke: (name, data, ctx) => router.invoke(name, data, { ...ctx, now: now() }) };
}

/** A router holding only the reservations API, every call made at `now()` (the test's clock). */
export function reservationsRouter(now: () => Date): CallableRouter {
  return routerAtClock(reservationsCallables, now);
}

export function contextFor(db: Db, session: Session | null, now = new Date()): CallContext {
  return {
    db,
    config: testConfig(),
    actor: session?.user ?? null,
    session,
    now,
    locale: 'fr',
    requestId: randomUUID(),
    clientAddress: '203.0.113.77',
    log,
    headers: new Headers(),
  };
}

/** A mailer that keeps what it is given, for the e-mail tests. */
export function recordingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

/** `2026-03-29T09:00` in Paris (or `zone`) as the UTC ISO instant (`wallClockInstant`'s reading of it). */
export function localInstant(localDateTime: string, zone = 'Europe/Paris'): string {
  const [date, time] = localDateTime.split('T') as [string, string];
  return wallClockInstant(date, time, zone).toISOString();
}

/** What a call answers `session` (null: anonymous): 'ok', or the code of the AppError it throws. */
export async function callerOutcome(
  router: CallableRouter,
  db: Db,
  session: Session | null,
  name: string,
  input: unknown,
): Promise<string> {
  try {
    await router.invoke(name, input, contextFor(db, session));
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { Tx } from '../db/transaction';
import { AppError } from '#contract/errors';
import type { RateRule } from './auth-rate-limits';

export interface RateVerdict {
  allowed: boolean;
  /** Seconds until the window frees up (when refused). */
  retryAfterSeconds: number;
}

interface CounterRow extends Record<string, unknown> {
  count: number;
  /** bigint: node-postgres gives a string, PGlite a number. */
  last_request: string | number;
}

function verdictOf(row: CounterRow | undefined, rule: RateRule, now: number): RateVerdict {
  if (!row) return { allowed: true, retryAfterSeconds: 0 };
  const windowStart = Number(row.last_request);
  const expired = now - windowStart >= rule.window * 1000;
  return {
    allowed: expired || row.count <= rule.max,
    retryAfterSeconds: expired ? 0 : Math.max(1, Math.ceil((windowStart + rule.window * 1000 - now) / 1000)),
  };
}

/**
 * Counts one attempt for `key` and says whether it is within `rule` (a fixed window that starts at the first
 * attempt). One statement, so concurrent attempts in several processes are all counted.
 */
export async function consumeRateLimit(db: Db | Tx, key: string, rule: RateRule): Promise<RateVerdict> {
  const now = Date.now();
  const windowStart = now - rule.window * 1000;
  const rows = await rowsOf<CounterRow>(
    db,
    sql`
    insert into rate_limits (id, key, count, last_request)
    values (${randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.last_request <= ${windowStart} then 1 else rate_limits.count + 1 end,
      last_request = case when rate_limits.last_request <= ${windowStart} then ${now} else rate_limits.last_request end
    returning count, last_request`,
  );
  return verdictOf(rows[0], rule, now);
}

/** Whether one more attempt would be refused, without counting it (the wrong-password counter). */
export async function peekRateLimit(db: Db, key: string, rule: RateRule): Promise<RateVerdict> {
  const now = Date.now();
  const [row] = await rowsOf<CounterRow>(
    db,
    sql`select count, last_request from rate_limits where key = ${key}`,
  );
  if (!row) return { allowed: true, retryAfterSeconds: 0 };
  // The next attempt would make it count + 1.
  return verdictOf({ ...row, count: row.count + 1 }, rule, now);
}

/**
 * Counts one attempt for `key`, or refuses it with `resource-exhausted` and when to try again (the client
 * shows the wait). In a change's transaction, an attempt whose change fails is not counted.
 */
export async function requireWithinRateLimit(
  db: Db | Tx,
  key: string,
  rule: RateRule,
  message = 'Too many attempts, try again later',
): Promise<void> {
  const verdict = await consumeRateLimit(db, key, rule);
  if (!verdict.allowed) {
    throw new AppError('resource-exhausted', message, { retryAfterSeconds: verdict.retryAfterSeconds });
  }
}

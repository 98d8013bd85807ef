/**
 * What the in-process benchmarks count besides time, figures the machine's load does not inflate: the
 * statements this process sends to PostgreSQL, and the CPU a piece of work costs, this process's and, on
 * PostgreSQL on this machine, that of the backends serving it (read from /proc).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { cpuSecondsOf } from './servers';

/**
 * Every statement this process sends to PostgreSQL (node-postgres's `Client#query`, inside transactions too):
 * counted, and its text kept while `capture` is set. A BEGIN or COMMIT sent with a statement
 * (server/db/transaction-client.ts) is not a call of its own: the count is of exchanges with PostgreSQL, each
 * a message batch and a wait for its answer.
 */
export const sent = { count: 0, capture: null as string[] | null };
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  sent.count++;
  if (sent.capture) {
    // A statement sent with its transaction's BEGIN or COMMIT (server/db/transaction-client.ts) says so.
    const first = args[0] as string | { text?: string; ride?: { begin: string | null; commit: boolean } };
    const text = typeof first === 'string' ? first : (first.text ?? '?');
    const ride = typeof first === 'string' ? undefined : first.ride;
    sent.capture.push(`${ride?.begin ? '[with BEGIN] ' : ''}${ride?.commit ? '[with COMMIT] ' : ''}${text}`);
  }
  // node-postgres's overloads cannot be named generically here: the arguments go on as they came.
  return (clientQuery as (...all: unknown[]) => unknown).apply(this, args);
} as typeof clientQuery;

/** CPU seconds (user + system) this process has used so far, all its threads. */
export const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/**
 * CPU seconds (user + system) used so far by each connection's backend on database `name`, from /proc
 * (autovacuum's workers left out: they come and go with the inserts, not with what is measured); null when
 * the database runs on another machine. The backend answering this query is counted too: left out, a pool
 * connection asked before but not after would count its whole life's CPU as spent in between.
 */
export async function backendCpu(db: Db, name: string): Promise<Map<number, number> | null> {
  const backends = await rowsOf<{ pid: number }>(
    db,
    sql`SELECT pid FROM pg_stat_activity
        WHERE datname = ${name} AND backend_type = 'client backend'`,
  );
  const seconds = new Map<number, number>();
  for (const { pid } of backends) {
    try {
      seconds.set(pid, cpuSecondsOf(pid));
    } catch {
      if (!seconds.size && pid === backends[0]!.pid) return null; // another machine's PostgreSQL
    }
  }
  return seconds;
}

/** CPU seconds the backends used between two readings (a backend opened since counts from zero). */
export function backendCpuBetween(
  before: Map<number, number> | null,
  after: Map<number, number> | null,
): number | null {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

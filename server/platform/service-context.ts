import type { ActivityChanges, ActivityKind, ActivitySubjectType } from '#contract/activity';
import type { ActivityDetailsOf } from '#contract/activity-details';
import { DEFAULT_LOCALE, type Locale } from '#contract/locale';
import type { Db } from '../db/client';
import { lastStatementWithCommit, retryingConflicts, type Tx } from '../db/transaction';
import { recordActivity, type ActivityActor, type ActivityEntry } from './activity';
import type { Logger } from './log';
import type { Actor } from './policy';

/**
 * What every service function takes first, `(ctx, input)` (ARCHITECTURE.md, "Shared mechanisms"): where to
 * read and write, who is asking, what time it is, in which language, where to log, and what the activity
 * log keeps of the request. A callable's context is one (server/platform/callables.ts); jobs and sweeps
 * make theirs with `systemContext`.
 */
export interface ServiceContext {
  /** The database, or the transaction of the unit of work the service runs in. */
  db: Db;
  /** Who is asking; null for a signed-out visitor and for the system. */
  actor: Actor;
  /** What time it is for the rules and the records: one instant per request, fixed by tests. */
  now: Date;
  locale: Locale;
  log: Logger;
  /** The request's id (the log's and the response's `X-Request-Id`), null for the system's own work. */
  requestId: string | null;
  /** The caller's network address (kept truncated by the activity log), null when unknown. */
  clientAddress: string | null;
}

/** A context inside a unit of work: its `db` is the transaction every write of the change joins. */
export interface WorkContext extends ServiceContext {
  db: Tx;
  readonly inUnitOfWork: true;
  /** The entries `logActivity` was asked to write as the unit of work commits (`atCommit`), in order. */
  readonly activityAtCommit: ActivityEntry[];
}

/** The context of work nobody asked for right now: a sweep, a job, a script. */
export function systemContext(options: {
  db: Db;
  log: Logger;
  now: Date;
  locale?: Locale;
  requestId?: string | null;
}): ServiceContext {
  return {
    db: options.db,
    actor: null,
    now: options.now,
    locale: options.locale ?? DEFAULT_LOCALE,
    log: options.log,
    requestId: options.requestId ?? null,
    clientAddress: null,
  };
}

function isWorkContext<C extends ServiceContext>(ctx: C): ctx is C & WorkContext {
  return 'inUnitOfWork' in ctx && ctx.inUnitOfWork === true;
}

/**
 * Runs a change and everything that must commit with it (its activity entry, the jobs it queues, a credit
 * debit, an invoice number) in one transaction: all of it commits, or none of it. The transaction runs
 * again while PostgreSQL answers "try again" (`retryingConflicts`, the one retry helper), so `work` must
 * only write through `ctx.db` and leave what happens outside the database (waking the job runner, deleting
 * a file) to its caller, after the unit returns. Called inside a unit of work, it joins it: the retry
 * belongs to the outermost one.
 */
export async function unitOfWork<C extends ServiceContext, T>(
  ctx: C,
  work: (ctx: C & WorkContext) => Promise<T>,
): Promise<T> {
  if (isWorkContext(ctx)) return work(ctx);
  return retryingConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const activityAtCommit: ActivityEntry[] = [];
      const result = await work({ ...ctx, db: tx, inUnitOfWork: true, activityAtCommit });
      // The change's last statement: on PostgreSQL it carries the COMMIT, so the activity chain's head it
      // locks is held only while the transaction commits.
      if (activityAtCommit.length)
        await lastStatementWithCommit(tx, () => recordActivity(tx, activityAtCommit));
      return result;
    }),
  );
}

/** The activity log's "who": the person asking with their request, or the system. */
export function activityActorOf(ctx: ServiceContext): ActivityActor {
  const requestId = ctx.requestId ?? undefined;
  if (!ctx.actor) return { type: 'system', requestId };
  return { type: 'user', id: ctx.actor.id, requestId, ip: ctx.clientAddress ?? undefined };
}

type DetailsField<K extends ActivityKind> =
  Record<never, never> extends ActivityDetailsOf<K>
    ? { details?: ActivityDetailsOf<K> }
    : { details: ActivityDetailsOf<K> };

/**
 * An entry of the change a unit of work makes: its kind, what it is about, what changed, and that kind's
 * data (contract/activity-details.ts), required when the kind has any that must be there.
 */
export type LoggedActivity<K extends ActivityKind = ActivityKind> = K extends ActivityKind
  ? {
      kind: K;
      subject: { type: ActivitySubjectType; id: string };
      /** The space it happened in, for its managers' feed. */
      spaceId?: string | null;
      /** The person it is about when not the actor (the member whose booking a manager cancelled). */
      aboutUserId?: string | null;
      changes?: ActivityChanges;
      /** `account.deleted`: written by the person being deleted, already anonymised (it names nobody). */
      byDeletedAccount?: true;
    } & DetailsField<K>
  : never;

/**
 * The one writer of the activity log for services: the entries of the change the unit of work is making
 * (one, or several in one statement, as a sweep makes), as its actor at its `now`, in its transaction
 * (docs/decisions/020-activity-log.md). Refused outside a unit of work, so an entry cannot be written
 * beside its change. With `{ atCommit: true }`, for a change that writes nothing after its entry, the entries
 * are written as the unit of work commits, its last statement, with the COMMIT on PostgreSQL (one round trip
 * fewer, and the chain's head locked only while committing: docs/decisions/036); they still commit with the
 * change or not at all.
 */
export async function logActivity<K extends ActivityKind>(
  ctx: WorkContext,
  entries: LoggedActivity<K> | readonly LoggedActivity<K>[],
  options: { atCommit?: boolean } = {},
): Promise<void> {
  if (!isWorkContext(ctx)) throw new Error('logActivity outside a unit of work');
  const list: readonly LoggedActivity<K>[] = Array.isArray(entries)
    ? entries
    : [entries as LoggedActivity<K>];
  const actor = activityActorOf(ctx);
  const rows = list.map(({ byDeletedAccount, ...entry }) => ({
    ...entry,
    actor: byDeletedAccount ? { type: 'deleted-user' as const, requestId: actor.requestId } : actor,
    occurredAt: ctx.now,
  }));
  if (options.atCommit) ctx.activityAtCommit.push(...rows);
  else await recordActivity(ctx.db, rows);
}

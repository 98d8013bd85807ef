import { isIP } from 'node:net';
import type {
  ActivityChanges,
  ActivityDetails,
  ActivityKind,
  ActivitySubjectType,
  ActivityValue,
} from '#contract/activity';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { preparedStatement, rowsOf } from '../db/rows';
import { parameterList } from '../db/sql-lists';
import { activityEntries } from '../db/schema/activity';
import type { Tx } from '../db/transaction';

/**
 * Who did it: a person (with the request they made), the system (a sweep, a job), or a person whose
 * account is being deleted (`account.deleted`: written already anonymised, naming nobody).
 */
export type ActivityActor =
  | { type: 'user'; id: string; requestId?: string; ip?: string }
  | { type: 'system'; requestId?: string }
  | { type: 'deleted-user'; requestId?: string };

export interface ActivityEntry {
  kind: ActivityKind;
  actor: ActivityActor;
  subject: { type: ActivitySubjectType; id: string };
  /** The space it happened in, for its managers' feed. */
  spaceId?: string | null;
  /** The person it is about when not the actor (the member whose booking a manager cancelled). */
  aboutUserId?: string | null;
  changes?: ActivityChanges;
  details?: ActivityDetails;
  occurredAt: Date;
}

/**
 * Inserts entries of the activity log (several in one statement; nothing for none) with the executor given.
 * Services never call it: they write theirs with `logActivity(work, …)` (server/platform/service-context.ts),
 * the one writer, inside the change's unit of work, typed per kind (the lint refuses this import in
 * features). Besides that writer, only better-auth's hooks (server/platform/auth.ts, outside any unit of
 * work we could join) and tests writing history as it was call it.
 */
export async function recordActivity(
  executor: Db | Tx,
  entries: ActivityEntry | readonly ActivityEntry[],
): Promise<void> {
  const list: readonly ActivityEntry[] = isList(entries) ? entries : [entries];
  // One entry (nearly every change's) goes as a prepared statement compiled once: each connection parses and
  // plans it once. Several (a sweep's) go as they are, their text as long as the list.
  if (list.length === 1) await insertOneEntry(executor, driverValuesOf(rowOf(list[0]!)));
  else if (list.length) await executor.insert(activityEntries).values(list.map(rowOf));
}

/**
 * The insert of one entry, compiled on its first call: every value a placeholder named after its column
 * (`rowOf` gives every column, null when empty, so the text never changes), filled with the value as the
 * driver takes it (`driverValuesOf`).
 */
const insertOneEntry = preparedStatement((executor, values) =>
  executor.insert(activityEntries).values(
    // Built from the row's keys, which `rowOf` makes every column's: TypeScript cannot see that.
    Object.fromEntries(
      Object.keys(values).map((key) => [key, sql`${sql.placeholder(key)}`]),
    ) as PgInsertValue<typeof activityEntries>,
  ),
);

const ENTRY_COLUMNS: Record<string, { mapToDriverValue(value: unknown): unknown }> =
  getTableColumns(activityEntries);

/** A row's values as Drizzle hands them to the driver (a date as text, a JSON value as its text). */
function driverValuesOf(row: typeof activityEntries.$inferInsert): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value === null || value === undefined ? null : ENTRY_COLUMNS[key]!.mapToDriverValue(value),
    ]),
  );
}

function isList(entries: ActivityEntry | readonly ActivityEntry[]): entries is readonly ActivityEntry[] {
  return Array.isArray(entries);
}

function rowOf(entry: ActivityEntry): typeof activityEntries.$inferInsert {
  const { actor } = entry;
  return {
    occurredAt: entry.occurredAt,
    kind: entry.kind,
    actorType: actor.type === 'system' ? 'system' : 'user',
    anonymisedAt: actor.type === 'deleted-user' ? entry.occurredAt : null,
    actorId: actor.type === 'user' ? actor.id : null,
    actorIp: actor.type === 'user' && actor.ip ? truncatedAddress(actor.ip) : null,
    requestId: actor.requestId ?? null,
    aboutUserId: entry.aboutUserId ?? null,
    subjectType: entry.subject.type,
    subjectId: entry.subject.id,
    spaceId: entry.spaceId ?? null,
    changes: entry.changes ?? {},
    details: entry.details ?? {},
  };
}

/**
 * What an entry may hold of a person besides their id and address, removed from `changes` and `details`
 * when their account is deleted: an address, text they wrote. The rest (a room's name, a slot, a role)
 * says what happened, not who.
 */
export const PERSONAL_ACTIVITY_KEYS = ['email', 'newEmail', 'message', 'reason', 'name'] as const;

/**
 * An account deletion's part of the log (in the deletion's transaction): the person's entries stay, with
 * their id cleared as actor and as the one concerned, their address cleared, and their personal values
 * removed; entries about their own account (profile, sessions, password) lose all recorded values. The
 * database allows this and nothing else (migrations 0011 and 0012). Returns how many entries it touched.
 */
export async function anonymiseActivityOf(executor: Db | Tx, userId: string, at: Date): Promise<number> {
  const keys = sql`ARRAY[${parameterList(PERSONAL_ACTIVITY_KEYS)}]::text[]`;
  const own = sql`(subject_type = 'user' AND subject_id = ${userId})`;
  const rows = await rowsOf<{ id: number }>(
    executor,
    sql`
    UPDATE activity_entries SET
      actor_ip = CASE WHEN actor_id = ${userId} THEN NULL ELSE actor_ip END,
      actor_id = CASE WHEN actor_id = ${userId} THEN NULL ELSE actor_id END,
      about_user_id = CASE WHEN about_user_id = ${userId} THEN NULL ELSE about_user_id END,
      changes = CASE WHEN ${own} THEN '{}'::jsonb ELSE changes - ${keys} END,
      details = CASE WHEN ${own} THEN '{}'::jsonb ELSE details - ${keys} END,
      anonymised_at = ${at.toISOString()}::timestamptz
    WHERE actor_id = ${userId} OR about_user_id = ${userId}
    RETURNING id`,
  );
  return rows.length;
}

/**
 * The fields whose value differs between `before` and `after`, as the log records them; only the keys
 * listed are looked at, so a secret never slips in with a whole row.
 */
export function changesBetween<K extends string>(
  before: Record<K, ActivityValue>,
  after: Record<K, ActivityValue>,
  keys: readonly K[],
): ActivityChanges {
  const changes: ActivityChanges = {};
  for (const key of keys) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changes[key] = { before: before[key], after: after[key] };
    }
  }
  return changes;
}

/**
 * An address kept only as far as it says where from, not who: an IPv4 address to its /24 (`203.0.113.0`),
 * an IPv6 one to its /48 (`2001:db8:85a3::`). Null for what is not an address.
 */
export function truncatedAddress(address: string): string | null {
  const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  const version = isIP(plain);
  if (version === 4) return `${plain.split('.').slice(0, 3).join('.')}.0`;
  if (version !== 6) return null;
  return `${expandedIpv6(plain).slice(0, 3).join(':')}::`;
}

/** The eight groups of an IPv6 address, without leading zeros (`::1` → 0,0,0,0,0,0,0,1). */
function expandedIpv6(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const groupsOf = (part: string) => (part ? part.split(':') : []);
  const headGroups = groupsOf(head);
  const tailGroups = tail === undefined ? [] : groupsOf(tail);
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailGroups];
  return groups.map((group) => (group.includes('.') ? group : Number.parseInt(group, 16).toString(16)));
}

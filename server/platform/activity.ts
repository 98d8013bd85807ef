import { isIP } from 'node:net';
import type {
  ActivityChanges,
  ActivityDetails,
  ActivityKind,
  ActivitySubjectType,
  ActivityValue,
} from '#contract/activity';
import type { Db } from '../db/client';
import { activityEntries } from '../db/schema/activity';
import type { Tx } from '../db/transaction';

/** Who did it: a person (with the request they made) or the system (a sweep, a job). */
export type ActivityActor =
  { type: 'user'; id: string; requestId?: string; ip?: string } | { type: 'system'; requestId?: string };

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
 * Writes one entry of the activity log with the executor of the change it records: called with the change's
 * transaction, the entry commits with the change or not at all (docs/decisions/020-activity-log.md).
 * Services write theirs with `logActivity(ctx, …)` (server/platform/service-context.ts) in a unit of work.
 */
export async function recordActivity(executor: Db | Tx, entry: ActivityEntry): Promise<void> {
  await executor.insert(activityEntries).values(rowOf(entry));
}

/** Several entries in one statement (a sweep that changed many reservations); nothing for none. */
export async function recordActivities(executor: Db | Tx, entries: ActivityEntry[]): Promise<void> {
  if (entries.length) await executor.insert(activityEntries).values(entries.map(rowOf));
}

function rowOf(entry: ActivityEntry): typeof activityEntries.$inferInsert {
  const { actor } = entry;
  return {
    occurredAt: entry.occurredAt,
    kind: entry.kind,
    actorType: actor.type,
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

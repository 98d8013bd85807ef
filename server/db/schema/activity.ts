import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import type { ActivityChanges, ActivityDetails } from '../../../contract/activity';
import { users } from './auth';

/**
 * What happened, one row per committed change (docs/decisions/020-activity-log.md): the audit trail, the
 * /activity feed and a source for statistics. Written in the change's own transaction; append-only: a
 * trigger (migration 0011) refuses DELETE, TRUNCATE and every UPDATE except an account deletion's
 * anonymisation, which clears the person's traces once and sets `anonymised_at`.
 *
 * No foreign key to spaces or subjects: the log outlives what it talks about. Users are never deleted
 * (an account deletion anonymises the row), so the actor keeps one.
 */
export const activityEntries = pgTable(
  'activity_entries',
  {
    /** Increasing; with `occurred_at`, the feed's cursor. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The service's `now` (a test's fixed clock), not the database's. */
    occurredAt: instant('occurred_at').notNull(),
    /** `<subject>.<verb in the past>`: `reservation.created`, `room.price_changed`, … (contract/activity.ts). */
    kind: text('kind').notNull(),
    /** Who did it; null for the system (a sweep, a job) or once an account deletion anonymised it. */
    actorId: text('actor_id').references(() => users.id),
    actorType: text('actor_type', { enum: ['user', 'system'] }).notNull(),
    /** The person the change is about, when not the actor (the member whose booking a manager cancelled). */
    aboutUserId: text('about_user_id').references(() => users.id),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** The space it happened in, for a manager's feed. */
    spaceId: uuid('space_id'),
    /** Before and after of the fields that changed; never secrets or password hashes. */
    changes: jsonb('changes')
      .$type<ActivityChanges>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** What a sentence needs when the subject is gone or renamed: the room's name, the slot. */
    details: jsonb('details')
      .$type<ActivityDetails>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    requestId: text('request_id'),
    /** For people only, truncated: an IPv4 /24 or an IPv6 /48. */
    actorIp: text('actor_ip'),
    anonymisedAt: instant('anonymised_at'),
    /**
     * The entry's link in its space's activity chain (the platform's when it has no space), set by the
     * insert's trigger (migration 0031, docs/decisions/027); never given by the caller. NOT NULL in the
     * database once the migration filled them for older rows.
     */
    chainPosition: bigint('chain_position', { mode: 'number' }),
    previousFootprint: text('previous_footprint'),
    /** SHA-256 of the values an anonymisation may rewrite (people, address, changes, details), as inserted. */
    valuesDigest: text('values_digest'),
    footprint: text('footprint'),
  },
  (table) => [
    index('activity_space_idx').on(table.spaceId, table.occurredAt.desc(), table.id.desc()),
    index('activity_space_kind_idx').on(table.spaceId, table.kind, table.occurredAt.desc(), table.id.desc()),
    index('activity_actor_idx').on(table.actorId, table.occurredAt.desc(), table.id.desc()),
    index('activity_about_idx').on(table.aboutUserId, table.occurredAt.desc(), table.id.desc()),
    index('activity_all_idx').on(table.occurredAt.desc(), table.id.desc()),
    unique('activity_entries_chain_key').on(table.spaceId, table.chainPosition).nullsNotDistinct(),
    check('activity_kind_shape', sql`${table.kind} ~ '^[a-z][a-z_]*\\.[a-z][a-z_]*$'`),
    check(
      'activity_actor_known',
      sql`${table.actorType} = 'system' and ${table.actorId} is null or ${table.actorType} = 'user'`,
    ),
  ],
);

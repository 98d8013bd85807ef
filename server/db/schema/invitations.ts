import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { spaces } from './spaces';

/**
 * A manager asked someone to join a space by e-mail before that person had an account. Whoever signs up
 * (or already is) with that confirmed address sees it on /myspaces and accepts it; then it becomes a row
 * of `space_members`.
 */
export const spaceInvitations = pgTable(
  'space_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    /** Lower case. */
    email: text('email').notNull(),
    role: text('role', { enum: ['manager', 'member'] }).notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [
    // One open invitation per person and space; an accepted one stays as a record.
    uniqueIndex('space_invitations_open_key')
      .on(table.spaceId, table.email)
      .where(sql`${table.acceptedAt} is null`),
    index('space_invitations_email_idx').on(table.email),
    check('space_invitations_role_known', sql`${table.role} in ('manager', 'member')`),
  ],
);

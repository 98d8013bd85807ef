import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { generatedId, instant } from './columns';
import { users } from './auth';
import { spaceReference } from './spaces';

/**
 * A manager asked someone to join a space by e-mail before that person had an account. Whoever signs up
 * (or already is) with that confirmed address sees it on /myspaces and accepts it; then it becomes a row
 * of `space_members`.
 */
export const spaceInvitations = pgTable(
  'space_invitations',
  {
    id: generatedId(),
    spaceId: spaceReference('cascade'),
    /** Lower case. */
    email: text('email').notNull(),
    role: text('role', { enum: ['manager', 'member'] }).notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    acceptedAt: instant('accepted_at'),
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

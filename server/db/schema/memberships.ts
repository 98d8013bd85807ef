import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { spaces } from './spaces';
import { statusIn } from '../status-sql';
import { SPACE_ROLES } from '../../../contract/roles';

export { SPACE_ROLES };

/** One person's role in one space; `server/platform/policy.ts` reads it for every space operation. */
export const spaceMembers = pgTable(
  'space_members',
  {
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: SPACE_ROLES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.spaceId, table.userId] }),
    index('space_members_user_id_idx').on(table.userId),
    check('space_members_role_known', statusIn(table.role, SPACE_ROLES)),
  ],
);

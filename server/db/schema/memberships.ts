import { check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { userReference } from './auth';
import { spaceReference } from './spaces';
import { statusIn } from '../status-sql';
import { SPACE_ROLES } from '../../../contract/roles';

export { SPACE_ROLES };

/** One person's role in one space; `server/platform/policy.ts` reads it for every space operation. */
export const spaceMembers = pgTable(
  'space_members',
  {
    spaceId: spaceReference('cascade'),
    userId: userReference('user_id', 'cascade'),
    role: text('role', { enum: SPACE_ROLES }).notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.spaceId, table.userId] }),
    index('space_members_user_id_idx').on(table.userId),
    check('space_members_role_known', statusIn(table.role, SPACE_ROLES)),
  ],
);

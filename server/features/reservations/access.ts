import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import type { Db } from '../../db/client';
import { spaceMembers } from '../../db/schema/memberships';
import type { Tx } from '../../db/transaction';
import { spaceRoleOf } from '../../platform/authorization';
import type { Session, SessionUser } from '../../platform/session';

/** The roles that run a space's bookings: approve, decline, cancel any time, see the planning. */
export const MANAGING_ROLES = ['owner', 'manager'] as const;

export function signedInUser(session: Session | null): SessionUser {
  if (!session) throw new AppError('unauthenticated', 'Sign-in required');
  return session.user;
}

/** Whether the person runs the space's bookings: its owner or a manager, or a platform admin. */
export async function managesSpace(db: Db | Tx, user: SessionUser, spaceId: string): Promise<boolean> {
  if (user.isAdmin) return true;
  return holdsManagingRole(db, user.id, spaceId);
}

/** Whether the person is an owner or a manager of the space (their own role; admins are not counted). */
export async function holdsManagingRole(db: Db | Tx, userId: string, spaceId: string): Promise<boolean> {
  const role = await spaceRoleOf(db as Db, userId, spaceId);
  return role !== null && (MANAGING_ROLES as readonly string[]).includes(role);
}

/** The spaces the person owns or manages (admins: see `listManagedSpaces`, which takes every space). */
export async function managedSpaceIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ spaceId: spaceMembers.spaceId })
    .from(spaceMembers)
    .where(and(eq(spaceMembers.userId, userId), inArray(spaceMembers.role, [...MANAGING_ROLES])));
  return rows.map((row) => row.spaceId);
}

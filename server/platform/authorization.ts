import { and, eq } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import type { Db } from '../db/client';
import { spaceMembers, type SPACE_ROLES } from '../db/schema/memberships';
import type { CallContext } from './callables';

/** A person's role in one space (PRODUCT.md); platform admins hold the global `isAdmin` flag instead. */
export type SpaceRole = (typeof SPACE_ROLES)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's role in a space, or null when they have none (or the id names no space at all). */
export async function spaceRoleOf(db: Db, userId: string, spaceId: string): Promise<SpaceRole | null> {
  if (!UUID.test(spaceId)) return null;
  const [row] = await db
    .select({ role: spaceMembers.role })
    .from(spaceMembers)
    .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/**
 * The one check services make before touching a space: the caller must be signed in (`unauthenticated`)
 * and hold one of `allowed` in that space (`permission-denied`); platform admins always pass.
 * Returns the role that let them in.
 */
export async function requireSpaceRole(
  ctx: Pick<CallContext, 'db' | 'session'>,
  spaceId: string,
  allowed: readonly SpaceRole[],
): Promise<SpaceRole | 'admin'> {
  const user = ctx.session?.user;
  if (!user) throw new AppError('unauthenticated', 'Sign-in required');
  if (user.isAdmin) return 'admin';
  const role = await spaceRoleOf(ctx.db, user.id, spaceId);
  if (!role || !allowed.includes(role)) {
    throw new AppError('permission-denied', 'Your role in this space does not allow this');
  }
  return role;
}

import { eq } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import type { RateRule } from '../../platform/auth-rate-limits';
import { consumeRateLimit } from '../../platform/rate-limit';
import type { Db } from '../../db/client';
import { spaceMembers } from '../../db/schema/memberships';
import { spaces } from '../../db/schema/spaces';
import type { Tx } from '../../db/transaction';
import { requireSignedIn, type Actor } from '../../platform/policy';
import type { TSpaceOption } from '#contract/community';

/**
 * Who sees what in the community (docs/decisions/023): a person sees the members and ads of the spaces
 * they belong to, whatever their role there; nobody else does (admins included: the directory and the ads
 * are the members' own, the reports are where admins step in).
 */

/** The spaces a person belongs to (any role), by name. */
export async function spacesOf(db: Db | Tx, userId: string): Promise<TSpaceOption[]> {
  return db
    .select({ id: spaces.id, name: spaces.name })
    .from(spaceMembers)
    .innerJoin(spaces, eq(spaces.id, spaceMembers.spaceId))
    .where(eq(spaceMembers.userId, userId))
    .orderBy(spaces.name);
}

/** The signed-in person, or `unauthenticated`. */
export function personOf(ctx: { actor: Actor }): string {
  return requireSignedIn(ctx.actor).id;
}

/** The spam limits of the community, one counter per person and action (COMMUNITY_RATES). */
export type QuotaKind = 'ad' | 'reply' | 'contact' | 'report';

/**
 * Counts one more of `kind` for the person, in the change's transaction (a change that fails is not
 * counted), or refuses with `resource-exhausted` and when to try again.
 */
export async function spendQuota(db: Tx, userId: string, kind: QuotaKind, rule: RateRule): Promise<void> {
  const verdict = await consumeRateLimit(db, `community:${kind}:${userId}`, rule);
  if (!verdict.allowed) {
    throw new AppError('resource-exhausted', `Too many ${kind}s for now`, {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
}

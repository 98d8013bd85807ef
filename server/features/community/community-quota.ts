import type { RateRule } from '../../platform/auth-rate-limits';
import { requireWithinRateLimit } from '../../platform/rate-limit';
import type { Tx } from '../../db/transaction';

/** The spam limits of the community, one counter per person and action (COMMUNITY_RATES). */
export type QuotaKind = 'ad' | 'reply' | 'contact' | 'report';

/**
 * Counts one more of `kind` for the person, in the change's transaction (a change that fails is not
 * counted), or refuses with `resource-exhausted` and when to try again.
 */
export async function spendQuota(db: Tx, userId: string, kind: QuotaKind, rule: RateRule): Promise<void> {
  await requireWithinRateLimit(db, `community:${kind}:${userId}`, rule, `Too many ${kind}s for now`);
}

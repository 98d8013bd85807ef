/**
 * The per-space roles (PRODUCT.md), the one list of them: who owns, manages or belongs to a space. What
 * each may do is server/platform/policy.ts's table (`SPACE_RIGHTS`); platform admins hold `isAdmin` instead.
 */
export const SPACE_ROLES = ['owner', 'manager', 'member'] as const;
export type SpaceRole = (typeof SPACE_ROLES)[number];
/** The roles that run a space (policy.ts's `preview` and `manage` rights). */
export const MANAGING_ROLES = ['owner', 'manager'] as const satisfies readonly SpaceRole[];

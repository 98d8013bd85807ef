import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Access } from '#contract/callable';
import { AppError } from '#contract/errors';
import { isUuid } from '#contract/input';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { users } from '../db/schema/auth';
import { spaceMembers } from '../db/schema/memberships';
import { spaces } from '../db/schema/spaces';
import { statusIn } from '../db/status-sql';
import type { Tx } from '../db/transaction';
import type { SessionUser } from './session';
import { MANAGING_ROLES, type SpaceRole } from '#contract/roles';
import type { TSpaceOption } from '#contract/community';

/**
 * The one place that answers "may this actor do this to that" (docs/decisions/017-one-place-for-each-rule.md).
 * Services ask it before they read or change anything; none reads a role or the admin flag itself. Every
 * question takes the actor and a database handle (a transaction when the answer must hold until it
 * commits), never a request: jobs and scripts ask it too.
 *
 * Who can be asking: nobody (signed out), a signed-in person (a stranger to the space, or its member,
 * manager or owner), a platform admin (may do anything), and, for what belongs to a person (their
 * profile, their files, their bookings), that person themselves ("self").
 */

/** Who is asking: a signed-in person, or null when nobody is signed in. */
export type Actor = SessionUser | null;

/** The actor and where to read their roles from: a service's context fits it as it is. */
export interface PolicyScope {
  db: Db | Tx;
  actor: Actor;
}

/** A person's role in one space (contract/roles.ts); platform admins hold the global `isAdmin` flag instead. */
export type { SpaceRole };
/** Why someone may act on a space: their role there, or being a platform admin. */
export type Standing = SpaceRole | 'admin';

/** What can be done to a space, and the roles that may do it. Platform admins may do all of it. */
export const SPACE_RIGHTS = {
  /** See it while it is not published: its page, its rooms, its booking policy. */
  preview: MANAGING_ROLES,
  /**
   * Run it: change its identity, address, hours, closures, branding, rooms, photos, booking policy, publish
   * it; run its bookings (planning, approvals, cancelling with a reason, no-shows); see its team and invite
   * members. Also who is e-mailed when a member asks the space to cancel.
   */
  manage: MANAGING_ROLES,
  /** Archive it, invite managers, remove a manager or an owner from its team. */
  govern: ['owner'],
} as const satisfies Record<string, readonly SpaceRole[]>;
export type SpaceRight = keyof typeof SPACE_RIGHTS;

/** The signed-in check: the person asking, or `unauthenticated`. */
export function requireSignedIn(actor: Actor): SessionUser {
  if (!actor) throw new AppError('unauthenticated', 'Sign-in required');
  return actor;
}

/** Whether the actor is that person: what belongs to someone is theirs alone (admins aside, where said). */
export function isSelf(actor: Actor, userId: string | null | undefined): boolean {
  return actor !== null && userId != null && actor.id === userId;
}

/**
 * The right it takes to give someone a role or take it away: a member is the managers' business, a
 * manager or an owner the owners'.
 */
export function rightOverRole(role: SpaceRole): SpaceRight {
  return role === 'member' ? 'manage' : 'govern';
}

/** Whether the actor is a platform admin (who may do anything to any space, and sees every feed). */
export function isPlatformAdmin(actor: Actor): boolean {
  return actor?.isAdmin === true;
}

/**
 * In SQL, whether a role column (`m.role`) carries a right: `m.role in ('owner', 'manager')` written from
 * `SPACE_RIGHTS`, so a query never lists roles itself.
 */
export function roleGrantsSql(role: SQL, right: SpaceRight): SQL {
  return statusIn(role, SPACE_RIGHTS[right]);
}

/**
 * In SQL, whether the signed-in `actor` may do `right` to the space whose id `spaceId` names (a column):
 * true for a platform admin, else whether their role there carries it. For a read that checks the right in
 * the statement that reads the space (one round trip instead of two); the service still throws
 * `permission-denied` when it comes back false, as `requireRight` would.
 */
export function maySql(actor: SessionUser, right: SpaceRight, spaceId: SQL): SQL {
  if (actor.isAdmin) return sql`TRUE`;
  return sql`EXISTS (SELECT 1 FROM space_members role_of
    WHERE role_of.space_id = ${spaceId} AND role_of.user_id = ${actor.id}
      AND ${roleGrantsSql(sql`role_of.role`, right)})`;
}

/** The check a callable's declared access makes before its input is even read (the callable router). */
export function requireCallableAccess(actor: Actor, access: Access): void {
  if (access === 'public') return;
  const user = requireSignedIn(actor);
  if (access === 'admin' && !user.isAdmin) throw new AppError('permission-denied', 'Admins only');
}

/** Whether a role in a space carries a right, admins aside (for whom to e-mail, say). */
export function roleGrants(role: SpaceRole | null, right: SpaceRight): boolean {
  return role !== null && (SPACE_RIGHTS[right] as readonly SpaceRole[]).includes(role);
}

/** A person's role in a space, or null when they have none (or the id names no space at all). */
export async function spaceRoleOf(db: Db | Tx, userId: string, spaceId: string): Promise<SpaceRole | null> {
  if (!isUuid(spaceId)) return null;
  const [row] = await db
    .select({ role: spaceMembers.role })
    .from(spaceMembers)
    .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/** The actor's standing in a space: `admin` for a platform admin, else their role; null for none. */
export async function standingIn({ db, actor }: PolicyScope, spaceId: string): Promise<Standing | null> {
  if (!actor) return null;
  if (actor.isAdmin) return 'admin';
  return spaceRoleOf(db, actor.id, spaceId);
}

/** Whether the actor may do `right` to the space. */
export async function may(scope: PolicyScope, right: SpaceRight, spaceId: string): Promise<boolean> {
  const standing = await standingIn(scope, spaceId);
  return standing === 'admin' || roleGrants(standing, right);
}

/**
 * The check services make before touching a space: the actor must be signed in (`unauthenticated`) and
 * hold the right there (`permission-denied`). Returns their standing.
 */
export async function requireRight<R extends SpaceRight>(
  scope: PolicyScope,
  right: R,
  spaceId: string,
): Promise<(typeof SPACE_RIGHTS)[R][number] | 'admin'> {
  requireSignedIn(scope.actor);
  const standing = await standingIn(scope, spaceId);
  if (standing === 'admin') return standing;
  if (!roleGrants(standing, right)) {
    throw new AppError('permission-denied', 'Your role in this space does not allow this');
  }
  return standing as (typeof SPACE_RIGHTS)[R][number];
}

/** The spaces where the actor holds a right: their ids, `all` for an admin, none when signed out. */
export async function spacesWhere(scope: PolicyScope, right: SpaceRight): Promise<string[] | 'all'> {
  const { db, actor } = scope;
  if (!actor) return [];
  if (actor.isAdmin) return 'all';
  const rows = await db
    .select({ spaceId: spaceMembers.spaceId })
    .from(spaceMembers)
    .where(and(eq(spaceMembers.userId, actor.id), inArray(spaceMembers.role, [...SPACE_RIGHTS[right]])));
  return rows.map((row) => row.spaceId);
}

/** The first of these spaces where the actor holds the right, or null (a report's subject shown in several). */
export async function firstSpaceWhere(
  scope: PolicyScope,
  right: SpaceRight,
  spaceIds: readonly string[],
): Promise<string | null> {
  for (const spaceId of spaceIds) {
    if (await may(scope, right, spaceId)) return spaceId;
  }
  return null;
}

/**
 * The spaces whose community (directory, ads) a person sees, by name: those they belong to, whatever their
 * role there (docs/decisions/023). Admins see no more than their own: the directory and the ads are the
 * members' own; the reports are where admins step in.
 */
export async function communitySpacesOf(db: Db | Tx, userId: string): Promise<TSpaceOption[]> {
  return db
    .select({ id: spaces.id, name: spaces.name })
    .from(spaceMembers)
    .innerJoin(spaces, eq(spaces.id, spaceMembers.spaceId))
    .where(eq(spaceMembers.userId, userId))
    .orderBy(spaces.name);
}

/**
 * The actor's standing towards a reservation: `manager` when they may manage its space (admins too),
 * `member` when it is their own, null for anyone else (who is told it does not exist).
 */
export async function reservationStanding(
  scope: PolicyScope,
  reservation: { memberId: string; spaceId: string },
): Promise<'manager' | 'member' | null> {
  if (await may(scope, 'manage', reservation.spaceId)) return 'manager';
  return isSelf(scope.actor, reservation.memberId) ? 'member' : null;
}

/**
 * Who may read an uploaded file: its owner and platform admins; an avatar also the members of a space its
 * owner belongs to, once the owner has chosen to appear in the community directory.
 */
export async function mayReadFile(
  { db, actor, now }: PolicyScope & { now?: Date },
  file: { key?: string; ownerId: string | null; purpose: string },
): Promise<boolean> {
  if (!actor) return false;
  if (actor.isAdmin || isSelf(actor, file.ownerId)) return true;
  if (file.purpose === 'shared-document') return mayReadSharedDocumentFile({ db, actor }, file.key);
  if (file.purpose === 'ad-image') return mayReadAdImage({ db, actor }, file.key, now ?? new Date());
  if (file.purpose === 'event-cover') return mayReadEventCover({ db, actor }, file.key);
  if (file.purpose !== 'avatar' || !file.ownerId) return false;
  const mine = db
    .select({ spaceId: spaceMembers.spaceId })
    .from(spaceMembers)
    .where(eq(spaceMembers.userId, actor.id));
  const [shared] = await db
    .select({ one: sql<number>`1` })
    .from(spaceMembers)
    .innerJoin(users, eq(users.id, spaceMembers.userId))
    .where(
      and(
        eq(spaceMembers.userId, file.ownerId),
        eq(users.communityVisible, true),
        sql`${spaceMembers.spaceId} in ${mine}`,
      ),
    )
    .limit(1);
  return Boolean(shared);
}

/**
 * A document a space shares (purpose `shared-document`, docs/decisions/024): the managers of its space, and
 * the people a live share names: one member, or every member of the space while they belong to it.
 */
async function mayReadSharedDocumentFile(scope: PolicyScope, key: string | undefined): Promise<boolean> {
  const { db, actor } = scope;
  if (!actor || !key) return false;
  const [document] = await rowsOf<{ id: string; space_id: string }>(
    db,
    sql`SELECT id, space_id FROM shared_documents WHERE file_key = ${key}`,
  );
  if (!document) return false;
  if (await may(scope, 'manage', document.space_id)) return true;
  return isSharedWith(db, document.id, actor.id);
}

/** Whether a live share of the document names the person, directly or as a member of its space. */
export async function isSharedWith(db: Db | Tx, documentId: string, userId: string): Promise<boolean> {
  const [share] = await rowsOf<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM document_shares s JOIN shared_documents d ON d.id = s.document_id
        WHERE s.document_id = ${documentId} AND s.revoked_at IS NULL
          AND (s.user_id = ${userId}
               OR (s.user_id IS NULL AND EXISTS (SELECT 1 FROM space_members m
                                                 WHERE m.space_id = d.space_id AND m.user_id = ${userId})))
        LIMIT 1`,
  );
  return Boolean(share);
}

/**
 * An ad's image is read by whoever may read the ad (server/features/community/ads.service.ts,
 * `visibleAdFor`): its author; a member of one of its spaces while it is open and before its end; the
 * owners and managers of those spaces (to decide on a report). A hidden, closed or expired ad's image is
 * hidden with it. Admins and the uploader are let in by `mayReadFile` itself.
 */
async function mayReadAdImage(
  { db, actor }: PolicyScope,
  key: string | undefined,
  now: Date,
): Promise<boolean> {
  if (!actor || !key) return false;
  const [row] = await rowsOf<{ one: number }>(
    db,
    sql`
    SELECT 1 AS one FROM ads a
    WHERE a.image_key = ${key} AND (
      a.author_id = ${actor.id}
      OR EXISTS (
        SELECT 1 FROM ad_spaces x JOIN space_members m ON m.space_id = x.space_id AND m.user_id = ${actor.id}
        WHERE x.ad_id = a.id
          AND (${roleGrantsSql(sql`m.role`, 'manage')} OR (a.status = 'open' AND a.ends_at > ${now.toISOString()}::timestamptz))
      )
    )
    LIMIT 1`,
  );
  return Boolean(row);
}

/**
 * An event's cover, through /api/files: anyone signed in once the event is public (anyone at all reads it
 * at /media/<key>); before that (a draft, or its space unpublished), the owners and managers of its space.
 */
async function mayReadEventCover({ db, actor }: PolicyScope, key: string | undefined): Promise<boolean> {
  if (!actor || !key) return false;
  const [row] = await rowsOf<{ one: number }>(
    db,
    sql`
    SELECT 1 AS one FROM events e JOIN spaces s ON s.id = e.space_id
    WHERE e.cover_key = ${key} AND (
      (e.status <> 'draft' AND s.status = 'published')
      OR EXISTS (
        SELECT 1 FROM space_members m
        WHERE m.space_id = e.space_id AND m.user_id = ${actor.id} AND ${roleGrantsSql(sql`m.role`, 'preview')}
      )
    )
    LIMIT 1`,
  );
  return Boolean(row);
}

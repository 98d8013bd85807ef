import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { TInvitation, TMySpace } from '#contract/back-office';
import { AppError } from '#contract/errors';
import { photoUrl } from '#contract/photos';
import { rowsOf } from '../../db/rows';
import { users } from '../../db/schema/auth';
import { spaceInvitations } from '../../db/schema/invitations';
import { spaceMembers } from '../../db/schema/memberships';
import { spaces } from '../../db/schema/spaces';
import { lockRow } from '../../db/transaction';
import { changesBetween } from '../../platform/activity';
import { enqueueJob, wakeJobRunner } from '../../platform/jobs';
import { logActivity, unitOfWork, type ServiceContext } from '../../platform/service-context';
import { requireRight, requireSignedIn, rightOverRole, roleGrants, spacesWhere } from '../../platform/policy';
import type { Ctx } from './context';
import { invitationMailJob } from './invitation-mail';

const RANK = { member: 1, manager: 2, owner: 3 } as const;

async function spaceNameOf(ctx: ServiceContext, spaceId: string): Promise<string | null> {
  const [space] = await ctx.db.select({ name: spaces.name }).from(spaces).where(eq(spaces.id, spaceId));
  return space?.name ?? null;
}

function invitationOf(row: {
  id: string;
  spaceId: string;
  spaceName: string;
  email: string;
  role: 'manager' | 'member';
  createdAt: Date;
}): TInvitation {
  return { ...row, invitedAt: row.createdAt.toISOString() };
}

const invitationColumns = {
  id: spaceInvitations.id,
  spaceId: spaceInvitations.spaceId,
  spaceName: spaces.name,
  email: spaceInvitations.email,
  role: spaceInvitations.role,
  createdAt: spaceInvitations.createdAt,
};

/** The spaces I manage, the ones I belong to, invitations waiting for me; admins also see all others. */
export async function listMySpaces(ctx: Ctx) {
  const user = requireSignedIn(ctx.actor);
  // Admins are shown every other space too: those they may manage without a role there.
  const everySpace = (await spacesWhere(ctx, 'manage')) === 'all';
  const rows = await rowsOf<{
    id: string;
    slug: string;
    name: string;
    city: string;
    status: TMySpace['status'];
    role: 'owner' | 'manager' | 'member' | null;
    color: string | null;
    cover_key: string | null;
  }>(
    ctx.db,
    sql`SELECT s.id, s.slug, s.name, s.city, s.status, s.color, m.role,
        (SELECT p.file_key FROM space_photos p WHERE p.space_id = s.id ORDER BY p.position, p.created_at LIMIT 1) AS cover_key
      FROM spaces s LEFT JOIN space_members m ON m.space_id = s.id AND m.user_id = ${user.id}
      WHERE m.user_id IS NOT NULL ${everySpace ? sql`OR true` : sql``}
      ORDER BY lower(s.name), s.id`,
  );
  const toCard = (row: (typeof rows)[number], role: TMySpace['role']): TMySpace => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    city: row.city,
    status: row.status,
    role,
    color: row.color,
    coverUrl: row.cover_key ? photoUrl(row.cover_key) : null,
  });
  const invitations = user.emailVerified
    ? await ctx.db
        .select(invitationColumns)
        .from(spaceInvitations)
        .innerJoin(spaces, eq(spaces.id, spaceInvitations.spaceId))
        .where(and(eq(spaceInvitations.email, user.email.toLowerCase()), isNull(spaceInvitations.acceptedAt)))
        .orderBy(asc(spaceInvitations.createdAt))
    : [];
  return {
    managed: rows.filter((r) => roleGrants(r.role, 'manage')).map((r) => toCard(r, r.role!)),
    member: rows.filter((r) => r.role === 'member').map((r) => toCard(r, 'member')),
    invitations: invitations.map(invitationOf),
    others: rows.filter((r) => r.role === null).map((r) => toCard(r, 'admin')),
  };
}

export async function listTeam(ctx: Ctx, spaceId: string) {
  await requireRight(ctx, 'manage', spaceId);
  const members = await ctx.db
    .select({ userId: users.id, name: users.name, email: users.email, role: spaceMembers.role })
    .from(spaceMembers)
    .innerJoin(users, eq(users.id, spaceMembers.userId))
    .where(eq(spaceMembers.spaceId, spaceId))
    .orderBy(
      sql`case ${spaceMembers.role} when 'owner' then 0 when 'manager' then 1 else 2 end`,
      asc(users.name),
    );
  const invitations = await ctx.db
    .select(invitationColumns)
    .from(spaceInvitations)
    .innerJoin(spaces, eq(spaces.id, spaceInvitations.spaceId))
    .where(and(eq(spaceInvitations.spaceId, spaceId), isNull(spaceInvitations.acceptedAt)))
    .orderBy(asc(spaceInvitations.createdAt));
  return { members, invitations: invitations.map(invitationOf) };
}

/**
 * Invites someone by e-mail: they accept from /myspaces once signed in with that (confirmed) address.
 * Managers invite members; inviting a manager is for owners. Someone already in the team is refused.
 */
export async function invite(
  ctx: Ctx,
  input: { spaceId: string; email: string; role: 'manager' | 'member' },
) {
  const inviter = requireSignedIn(ctx.actor);
  await requireRight(ctx, rightOverRole(input.role), input.spaceId);
  const [space] = await ctx.db.select({ name: spaces.name }).from(spaces).where(eq(spaces.id, input.spaceId));
  if (!space) throw new AppError('not-found', `No space ${input.spaceId}`);
  const [existing] = await ctx.db
    .select({ id: users.id, role: spaceMembers.role })
    .from(users)
    .leftJoin(spaceMembers, and(eq(spaceMembers.userId, users.id), eq(spaceMembers.spaceId, input.spaceId)))
    .where(eq(sql`lower(${users.email})`, input.email));
  if (existing?.role) {
    throw new AppError('already-exists', 'Already in the team', {
      fields: [{ path: 'email', message: 'already-member' }],
    });
  }
  await unitOfWork(ctx, async (work) => {
    const [invitation] = await work.db
      .insert(spaceInvitations)
      .values({
        spaceId: input.spaceId,
        email: input.email,
        role: input.role,
        invitedBy: inviter.id,
        createdAt: work.now,
      })
      .onConflictDoUpdate({
        target: [spaceInvitations.spaceId, spaceInvitations.email],
        targetWhere: sql`${spaceInvitations.acceptedAt} is null`,
        set: { role: input.role, invitedBy: inviter.id, createdAt: work.now },
      })
      .returning({ id: spaceInvitations.id });
    await logActivity(work, {
      kind: 'member.invited',
      subject: { type: 'invitation', id: invitation!.id },
      spaceId: input.spaceId,
      // The invitee, when they already have an account: the invitation is theirs to see.
      aboutUserId: existing?.id ?? null,
      details: { spaceName: space.name, email: input.email, role: input.role },
    });
    // The e-mail is a job of the same transaction: the runner sends it once the invitation is committed.
    await enqueueJob(work.db, invitationMailJob, {
      invitationId: invitation!.id,
      inviter: inviter.name,
      locale: ctx.locale,
    });
  });
  wakeJobRunner();
  return { status: 'invited' as const };
}

export async function cancelInvitation(ctx: Ctx, invitationId: string) {
  const [invitation] = await ctx.db
    .select()
    .from(spaceInvitations)
    .where(eq(spaceInvitations.id, invitationId));
  if (!invitation || invitation.acceptedAt) throw new AppError('not-found', 'No such invitation');
  await requireRight(ctx, 'manage', invitation.spaceId);
  await unitOfWork(ctx, async (work) => {
    const removed = await work.db
      .delete(spaceInvitations)
      .where(eq(spaceInvitations.id, invitationId))
      .returning({ id: spaceInvitations.id });
    if (!removed.length) return;
    const [invitee] = await work.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, invitation.email));
    await logActivity(work, {
      kind: 'member.invitation_cancelled',
      subject: { type: 'invitation', id: invitationId },
      spaceId: invitation.spaceId,
      aboutUserId: invitee?.id ?? null,
      details: {
        spaceName: await spaceNameOf(work, invitation.spaceId),
        email: invitation.email,
        role: invitation.role,
      },
    });
  });
  return { ok: true as const };
}

/**
 * The invited person joins the team: the invitation must be for their confirmed e-mail address. A role
 * they already hold that ranks higher is kept. Acceptances sent at once (two tabs, a double click) take
 * turns: the first joins, the others change nothing.
 */
export async function acceptInvitation(ctx: Ctx, invitationId: string) {
  const user = requireSignedIn(ctx.actor);
  const [invitation] = await ctx.db
    .select()
    .from(spaceInvitations)
    .where(eq(spaceInvitations.id, invitationId));
  if (!invitation || invitation.acceptedAt || invitation.email !== user.email.toLowerCase()) {
    throw new AppError('not-found', 'No such invitation');
  }
  if (!user.emailVerified) throw new AppError('failed-precondition', 'Confirm your e-mail address first');
  await unitOfWork(ctx, async (work) => {
    const tx = work.db;
    // Changes to one team take turns; an acceptance that came first has then been committed.
    await lockRow(tx, 'spaces', invitation.spaceId);
    const [still] = await tx
      .select({ acceptedAt: spaceInvitations.acceptedAt })
      .from(spaceInvitations)
      .where(eq(spaceInvitations.id, invitationId));
    if (!still) throw new AppError('not-found', 'No such invitation');
    if (still.acceptedAt) return;
    const [current] = await tx
      .select({ role: spaceMembers.role })
      .from(spaceMembers)
      .where(and(eq(spaceMembers.spaceId, invitation.spaceId), eq(spaceMembers.userId, user.id)));
    if (!current) {
      await tx
        .insert(spaceMembers)
        .values({ spaceId: invitation.spaceId, userId: user.id, role: invitation.role });
    } else if (RANK[invitation.role] > RANK[current.role]) {
      await tx
        .update(spaceMembers)
        .set({ role: invitation.role })
        .where(and(eq(spaceMembers.spaceId, invitation.spaceId), eq(spaceMembers.userId, user.id)));
    }
    await tx
      .update(spaceInvitations)
      .set({ acceptedAt: work.now })
      .where(eq(spaceInvitations.id, invitationId));
    await logActivity(work, {
      kind: 'member.joined',
      subject: { type: 'invitation', id: invitationId },
      spaceId: invitation.spaceId,
      changes: current
        ? changesBetween({ role: current.role }, { role: invitation.role }, ['role'])
        : { role: { before: null, after: invitation.role } },
      details: { spaceName: await spaceNameOf(work, invitation.spaceId), role: invitation.role },
    });
  });
  return { ok: true as const };
}

/** Removes someone from the team: members by managers, managers and owners by owners; never the last owner. */
export async function removeFromTeam(ctx: Ctx, input: { spaceId: string; userId: string }) {
  await requireRight(ctx, 'manage', input.spaceId);
  // Removals from one team take turns: two owners removing each other at once cannot leave it with none.
  await unitOfWork(ctx, async (work) => {
    const tx = work.db;
    await lockRow(tx, 'spaces', input.spaceId);
    const [target] = await tx
      .select({ role: spaceMembers.role })
      .from(spaceMembers)
      .where(and(eq(spaceMembers.spaceId, input.spaceId), eq(spaceMembers.userId, input.userId)));
    if (!target) throw new AppError('not-found', 'Not in this team');
    await requireRight({ db: tx, actor: ctx.actor }, rightOverRole(target.role), input.spaceId);
    if (target.role === 'owner') {
      const owners = await tx
        .select({ userId: spaceMembers.userId })
        .from(spaceMembers)
        .where(
          and(
            eq(spaceMembers.spaceId, input.spaceId),
            eq(spaceMembers.role, 'owner'),
            notInArray(spaceMembers.userId, [input.userId]),
          ),
        );
      if (!owners.length) throw new AppError('failed-precondition', 'A space keeps at least one owner');
    }
    await tx
      .delete(spaceMembers)
      .where(and(eq(spaceMembers.spaceId, input.spaceId), inArray(spaceMembers.userId, [input.userId])));
    await logActivity(work, {
      kind: 'member.removed',
      subject: { type: 'user', id: input.userId },
      spaceId: input.spaceId,
      aboutUserId: input.userId,
      changes: { role: { before: target.role, after: null } },
      details: { spaceName: await spaceNameOf(work, input.spaceId) },
    });
  });
  return { ok: true as const };
}

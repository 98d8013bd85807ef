import { and, eq, ne, sql } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import { isLocale, type Locale } from '#contract/locale';
import {
  NOTIFICATION_KINDS,
  notificationSettingsOf,
  type TNotificationSettings,
  type TPersonalData,
  type TProfile,
} from '#contract/profile';
import { fileUrlOf } from '#contract/storage';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { accounts, sessions, users, verifications } from '../../db/schema/auth';
import { storedFiles } from '../../db/schema/files';
import { spaceMembers } from '../../db/schema/memberships';
import { spaces } from '../../db/schema/spaces';
import { ads, directoryEntries } from '../../db/schema/community';
import { billingDetails } from '../../db/schema/invoices';
import { billingFormOf } from '../../billing/parties';
import type { Tx } from '../../db/transaction';
import { anonymiseActivityOf, changesBetween } from '../../platform/activity';
import { requireSignedIn } from '../../platform/policy';
import {
  logActivity,
  unitOfWork,
  type ServiceContext,
  type WorkContext,
} from '../../platform/service-context';
import type { FileStore } from '../../platform/storage';
import { deleteBytes, eraseFilesOf, findFile } from '../../platform/stored-files';

type UserRow = typeof users.$inferSelect;

function profileOf(user: UserRow): TProfile {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    image: user.image,
    locale: isLocale(user.locale) ? user.locale : null,
    company: user.company,
    jobTitle: user.jobTitle,
    skills: user.skills,
    bio: user.bio,
    communityVisible: user.communityVisible,
    notificationSettings: notificationSettingsOf(user.notificationSettings),
    createdAt: user.createdAt.toISOString(),
  };
}

async function userRow(db: Db | Tx, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  // A session whose user is gone: treat the caller as signed out.
  if (!user || user.deletedAt) throw new AppError('unauthenticated', 'Account not found');
  return user;
}

/** The person asking: every profile operation acts on them, and only on them ("self"). */
function selfOf(ctx: ServiceContext): string {
  return requireSignedIn(ctx.actor).id;
}

export async function getProfile(ctx: ServiceContext): Promise<TProfile> {
  return profileOf(await userRow(ctx.db, selfOf(ctx)));
}

export interface ProfileChanges {
  name: string;
  locale: Locale | null;
  company: string | null;
  jobTitle: string | null;
  skills: string[];
  bio: string | null;
  /** Left as it is when absent. */
  communityVisible?: boolean;
  notificationSettings: TNotificationSettings;
}

/** A profile as its log entries compare it: the notification settings as the kinds switched on. */
function loggedProfileOf(user: UserRow) {
  const notifications = notificationSettingsOf(user.notificationSettings);
  return {
    name: user.name,
    locale: user.locale,
    company: user.company,
    jobTitle: user.jobTitle,
    skills: user.skills,
    bio: user.bio,
    communityVisible: user.communityVisible,
    notifications: NOTIFICATION_KINDS.filter((kind) => notifications[kind]),
  };
}

const PROFILE_FIELDS = [
  'name',
  'locale',
  'company',
  'jobTitle',
  'skills',
  'bio',
  'communityVisible',
  'notifications',
] as const;

/**
 * Changes the person's own row in one unit of work with its `profile.updated` entry (the fields that
 * changed; nothing is logged when none did).
 */
async function changeOwnProfile(
  ctx: ServiceContext,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const userId = selfOf(ctx);
  return unitOfWork(ctx, async (work) => {
    const before = await lockedUser(work, userId);
    const [after] = await work.db
      .update(users)
      .set({ ...values, updatedAt: work.now })
      .where(eq(users.id, userId))
      .returning();
    const changes = changesBetween(loggedProfileOf(before), loggedProfileOf(after!), PROFILE_FIELDS);
    if (Object.keys(changes).length) {
      await logActivity(work, { kind: 'profile.updated', subject: { type: 'user', id: userId }, changes });
    }
    return after!;
  });
}

/** The person's row, locked until the unit of work ends; a deleted account counts as signed out. */
async function lockedUser(work: WorkContext, userId: string): Promise<UserRow> {
  const [user] = await work.db.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user || user.deletedAt) throw new AppError('unauthenticated', 'Account not found');
  return user;
}

export async function updateProfile(ctx: ServiceContext, changes: ProfileChanges): Promise<TProfile> {
  return profileOf(await changeOwnProfile(ctx, changes));
}

export async function setLocale(ctx: ServiceContext, input: { locale: Locale }): Promise<void> {
  await changeOwnProfile(ctx, { locale: input.locale });
}

/** The key of a URL that points at one of our stored files, or null (no avatar, or an outside URL). */
function fileKeyOfUrl(url: string | null): string | null {
  const prefix = fileUrlOf('');
  return url?.startsWith(prefix) ? url.slice(prefix.length) : null;
}

/** Makes an avatar the person uploaded their picture; the previous one is deleted once that commits. */
export async function setAvatar(ctx: ServiceContext, store: FileStore, key: string): Promise<TProfile> {
  const userId = selfOf(ctx);
  const file = await findFile(ctx.db, key);
  if (!file) throw new AppError('not-found', 'No such upload');
  if (file.ownerId !== userId || file.purpose !== 'avatar') {
    throw new AppError('permission-denied', 'This upload is not one of your avatars');
  }
  const { user, previous } = await unitOfWork(ctx, async (work) => {
    const before = await lockedUser(work, userId);
    // Still theirs, written in this transaction: an avatar swept or deleted meanwhile is not set, and the
    // orphan sweep, which leaves a row written after it looked, does not take it (files.service.ts).
    const [still] = await work.db
      .update(storedFiles)
      .set({ ownerId: userId })
      .where(
        and(eq(storedFiles.key, key), eq(storedFiles.ownerId, userId), eq(storedFiles.purpose, 'avatar')),
      )
      .returning({ key: storedFiles.key });
    if (!still) throw new AppError('not-found', 'No such upload');
    const [after] = await work.db
      .update(users)
      .set({ image: fileUrlOf(key), updatedAt: work.now })
      .where(eq(users.id, userId))
      .returning();
    const old = fileKeyOfUrl(before.image);
    if (old && old !== key) await work.db.delete(storedFiles).where(eq(storedFiles.key, old));
    await logActivity(work, { kind: 'profile.avatar_changed', subject: { type: 'user', id: userId } });
    return { user: after!, previous: old !== key ? old : null };
  });
  if (previous) await deleteBytes(store, [previous]);
  return profileOf(user);
}

export async function removeAvatar(ctx: ServiceContext, store: FileStore): Promise<TProfile> {
  const userId = selfOf(ctx);
  const { user, previous } = await unitOfWork(ctx, async (work) => {
    const before = await lockedUser(work, userId);
    if (!before.image) return { user: before, previous: null };
    const [after] = await work.db
      .update(users)
      .set({ image: null, updatedAt: work.now })
      .where(eq(users.id, userId))
      .returning();
    const old = fileKeyOfUrl(before.image);
    if (old) await work.db.delete(storedFiles).where(eq(storedFiles.key, old));
    await logActivity(work, { kind: 'profile.avatar_removed', subject: { type: 'user', id: userId } });
    return { user: after!, previous: old };
  });
  if (previous) await deleteBytes(store, [previous]);
  return profileOf(user);
}

/** Ends the person's other sessions (after a password change), keeping the one they are using. */
export async function endOtherSessions(ctx: ServiceContext, keepSessionId: string): Promise<void> {
  await ctx.db.delete(sessions).where(and(eq(sessions.userId, selfOf(ctx)), ne(sessions.id, keepSessionId)));
}

/** Signs the person out everywhere, this device included; logged with it. */
export async function endAllSessions(ctx: ServiceContext): Promise<void> {
  const userId = selfOf(ctx);
  await unitOfWork(ctx, async (work) => {
    const ended = await work.db
      .delete(sessions)
      .where(eq(sessions.userId, userId))
      .returning({ id: sessions.id });
    await logActivity(work, {
      kind: 'session.signed_out_everywhere',
      subject: { type: 'user', id: userId },
      details: { sessions: ended.length },
    });
  });
}

/**
 * The person asked for a new address (better-auth sends the confirmation link, and nothing when the
 * address has an account already, with the same answer): logged, the address in the details.
 */
export async function recordEmailChangeRequest(
  ctx: ServiceContext,
  input: { newEmail: string },
): Promise<void> {
  const userId = selfOf(ctx);
  await unitOfWork(ctx, (work) =>
    logActivity(work, {
      kind: 'email.change_requested',
      subject: { type: 'user', id: userId },
      details: { newEmail: input.newEmail },
    }),
  );
}

/** A person's read acknowledgements, for their personal-data export. */
/** The shared documents the member acknowledged, for their own export. */
async function acknowledgementsOf(db: Db | Tx, userId: string) {
  const rows = await rowsOf<{ title: string; space_name: string; acknowledged_at: Date | string }>(
    db,
    sql`SELECT d.title, sp.name AS space_name, a.acknowledged_at FROM document_acknowledgements a
        JOIN shared_documents d ON d.id = a.document_id JOIN spaces sp ON sp.id = d.space_id
        WHERE a.user_id = ${userId} ORDER BY a.acknowledged_at`,
  );
  return rows.map((row) => ({
    document: row.title,
    space: row.space_name,
    acknowledgedAt: new Date(row.acknowledged_at).toISOString(),
  }));
}

/**
 * Everything we hold on the person. Columns are listed one by one: a password hash or a session token is
 * never read, so it can never be exported.
 */
export async function exportPersonalData(ctx: ServiceContext): Promise<TPersonalData> {
  const { db } = ctx;
  const userId = selfOf(ctx);
  const profile = profileOf(await userRow(db, userId));
  const signInMethods = await db
    .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  const sessionRows = await db
    .select({
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const spaceRows = await db
    .select({ slug: spaces.slug, name: spaces.name, role: spaceMembers.role, since: spaceMembers.createdAt })
    .from(spaceMembers)
    .innerJoin(spaces, eq(spaces.id, spaceMembers.spaceId))
    .where(eq(spaceMembers.userId, userId));
  const fileRows = await db
    .select({
      key: storedFiles.key,
      purpose: storedFiles.purpose,
      contentType: storedFiles.contentType,
      size: storedFiles.size,
      fileName: storedFiles.fileName,
      createdAt: storedFiles.createdAt,
    })
    .from(storedFiles)
    .where(eq(storedFiles.ownerId, userId));

  const [billing] = await db.select().from(billingDetails).where(eq(billingDetails.userId, userId));
  const [directory] = await db
    .select({
      listed: directoryEntries.listed,
      fields: directoryEntries.fields,
      links: directoryEntries.links,
    })
    .from(directoryEntries)
    .where(eq(directoryEntries.userId, userId));

  return {
    exportedAt: ctx.now.toISOString(),
    billing: billing ? billingFormOf(billing) : null,
    directory: directory ?? null,
    documentAcknowledgements: await acknowledgementsOf(db, userId),
    profile,
    signInMethods: signInMethods.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    sessions: sessionRows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    })),
    spaces: spaceRows.map((row) => ({ ...row, since: row.since.toISOString() })),
    files: fileRows.map(({ key, ...row }) => ({
      url: fileUrlOf(key),
      ...row,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** The address a deleted account is left with: unique, not deliverable (RFC 2606 `.invalid`). */
export function erasedEmailOf(userId: string): string {
  return `deleted-${userId.toLowerCase()}@deleted.invalid`;
}

/**
 * Deletes an account: personal data erased (profile, sign-in methods, sessions, memberships, files, pending
 * links), while the user row stays, anonymised, so records the law requires us to keep (invoices,
 * reservations) still point at something. In the same unit of work, the person's activity entries are
 * anonymised (they stay, for the spaces' history) and `account.deleted` is written naming no one: after
 * the deletion nothing in the log may name them but the random id of the anonymised user row.
 */
export async function deleteAccount(
  ctx: ServiceContext,
  store: FileStore,
  input: { confirmEmail: string },
): Promise<void> {
  const userId = selfOf(ctx);
  const user = await userRow(ctx.db, userId);
  if (input.confirmEmail.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError('invalid-argument', 'The e-mail address typed does not match', {
      fields: [{ path: 'confirmEmail', message: 'confirmEmailMismatch' }],
    });
  }
  const erasedFiles = await unitOfWork(ctx, async (work) => {
    const tx = work.db;
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await tx.delete(spaceMembers).where(eq(spaceMembers.userId, userId));
    // Pending password-reset links name the user; one-time sign-in tokens die with the sessions above.
    await tx.delete(verifications).where(eq(verifications.value, userId));
    // The billing address and company entered for invoices: issued invoices keep their own copy (the law
    // requires them), the person's details go.
    await tx.delete(billingDetails).where(eq(billingDetails.userId, userId));
    // Their directory entry (links, fields shown) goes (the community's trigger gives the anonymised row a
    // fresh, unlisted one); their ads leave the community: no longer reachable by a direct link either.
    await tx.delete(directoryEntries).where(eq(directoryEntries.userId, userId));
    await tx
      .update(ads)
      .set({ status: 'closed', closedAt: work.now, updatedAt: work.now })
      .where(and(eq(ads.authorId, userId), eq(ads.status, 'open')));
    await tx
      .update(users)
      .set({
        name: '',
        email: erasedEmailOf(userId),
        emailVerified: false,
        image: null,
        locale: null,
        company: null,
        jobTitle: null,
        skills: [],
        bio: null,
        communityVisible: false,
        notificationSettings: {},
        isAdmin: false,
        deletedAt: work.now,
        updatedAt: work.now,
      })
      .where(eq(users.id, userId));
    const anonymised = await anonymiseActivityOf(tx, userId, work.now);
    // Written after the anonymisation, by a person it no longer names (actor_type user, no id), already
    // marked anonymised: the request id stays, as on every entry.
    await logActivity(work, {
      kind: 'account.deleted',
      byDeletedAccount: true,
      subject: { type: 'user', id: userId },
      details: { entriesAnonymised: anonymised },
    });
    // Their avatar, their ads' images and their unattached uploads go; what a space shows stays its own.
    return eraseFilesOf(tx, userId);
  });
  // The bytes once the erasure has committed.
  await deleteBytes(store, erasedFiles);
}

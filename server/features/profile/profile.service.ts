import { and, eq, ne } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import { isLocale, type Locale } from '#contract/locale';
import {
  notificationSettingsOf,
  type TNotificationSettings,
  type TPersonalData,
  type TProfile,
} from '#contract/profile';
import { fileUrlOf } from '#contract/storage';
import type { Db } from '../../db/client';
import { accounts, sessions, users, verifications } from '../../db/schema/auth';
import { storedFiles } from '../../db/schema/files';
import { spaceMembers } from '../../db/schema/memberships';
import { spaces } from '../../db/schema/spaces';
import type { Tx } from '../../db/transaction';
import type { FileStore } from '../../platform/storage';
import { deleteFilesOf, findFile } from '../files/files.service';

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

export async function getProfile(db: Db, userId: string): Promise<TProfile> {
  return profileOf(await userRow(db, userId));
}

export interface ProfileChanges {
  name: string;
  locale: Locale | null;
  company: string | null;
  jobTitle: string | null;
  skills: string[];
  bio: string | null;
  communityVisible: boolean;
  notificationSettings: TNotificationSettings;
}

export async function updateProfile(db: Db, userId: string, changes: ProfileChanges): Promise<TProfile> {
  const [user] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new AppError('unauthenticated', 'Account not found');
  return profileOf(user);
}

export async function setLocale(db: Db, userId: string, locale: Locale): Promise<void> {
  await db.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** The key of a URL that points at one of our stored files, or null (no avatar, or an outside URL). */
function fileKeyOfUrl(url: string | null): string | null {
  const prefix = fileUrlOf('');
  return url?.startsWith(prefix) ? url.slice(prefix.length) : null;
}

async function removeFile(db: Db, store: FileStore, key: string | null) {
  if (!key) return;
  await db.delete(storedFiles).where(eq(storedFiles.key, key));
  await store.delete(key);
}

/** Makes an avatar the person uploaded their picture; the previous one is deleted. */
export async function setAvatar(db: Db, store: FileStore, userId: string, key: string): Promise<TProfile> {
  const file = await findFile(db, key);
  if (!file) throw new AppError('not-found', 'No such upload');
  if (file.ownerId !== userId || file.purpose !== 'avatar') {
    throw new AppError('permission-denied', 'This upload is not one of your avatars');
  }
  const before = await userRow(db, userId);
  const [user] = await db
    .update(users)
    .set({ image: fileUrlOf(key), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  const previous = fileKeyOfUrl(before.image);
  if (previous !== key) await removeFile(db, store, previous);
  return profileOf(user ?? before);
}

export async function removeAvatar(db: Db, store: FileStore, userId: string): Promise<TProfile> {
  const before = await userRow(db, userId);
  const [user] = await db
    .update(users)
    .set({ image: null, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  await removeFile(db, store, fileKeyOfUrl(before.image));
  return profileOf(user ?? before);
}

/** Ends the person's other sessions (after a password change), keeping the one they are using. */
export async function endOtherSessions(db: Db, userId: string, keepSessionId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}

export async function endAllSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Everything we hold on the person. Columns are listed one by one: a password hash or a session token is
 * never read, so it can never be exported.
 */
export async function exportPersonalData(db: Db, userId: string): Promise<TPersonalData> {
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

  return {
    exportedAt: new Date().toISOString(),
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
 * reservations) still point at something.
 */
export async function deleteAccount(
  db: Db,
  store: FileStore,
  userId: string,
  confirmEmail: string,
): Promise<void> {
  const user = await userRow(db, userId);
  if (confirmEmail.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError('invalid-argument', 'The e-mail address typed does not match', {
      fields: [{ path: 'confirmEmail', message: 'confirmEmailMismatch' }],
    });
  }
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await tx.delete(spaceMembers).where(eq(spaceMembers.userId, userId));
    // Pending password-reset links name the user; one-time sign-in tokens die with the sessions above.
    await tx.delete(verifications).where(eq(verifications.value, userId));
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
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  });
  await deleteFilesOf(db, store, userId);
}

import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_LOCALE, isLocale } from '#contract/locale';
import type { TFeedStatus } from '#contract/reservations';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { calendarFeedTokens, reservations } from '../../db/schema/reservations';
import { lockRow } from '../../db/transaction';
import { reservationsCalendar } from './ics';
import { selectReservationRecords } from './reservation-view';

/**
 * The personal calendar feed: a secret URL a calendar application polls. The secret is 256 random bits;
 * only its SHA-256 is stored, so a copy of the database does not give anyone's feed away.
 */

/** How far back a feed goes: recent history stays visible, old bookings drop off. */
const FEED_HISTORY_DAYS = 90;
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashFeedToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function feedUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/api/calendar/${token}.ics`;
}

export async function getFeedStatus(db: Db, userId: string): Promise<TFeedStatus> {
  const [row] = await db
    .select({ createdAt: calendarFeedTokens.createdAt, lastUsedAt: calendarFeedTokens.lastUsedAt })
    .from(calendarFeedTokens)
    .where(and(eq(calendarFeedTokens.userId, userId), isNull(calendarFeedTokens.revokedAt)))
    .limit(1);
  return {
    active: Boolean(row),
    createdAt: row?.createdAt.toISOString() ?? null,
    lastUsedAt: row?.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * A new link; the previous one, if any, stops working in the same transaction. Requests made at once take
 * turns on the person's row, so each finds the link the one before made, and the last one wins.
 */
export async function createFeedToken(db: Db, userId: string, baseUrl: string, now: Date) {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await lockRow(tx, 'users', userId);
    await tx
      .update(calendarFeedTokens)
      .set({ revokedAt: now })
      .where(and(eq(calendarFeedTokens.userId, userId), isNull(calendarFeedTokens.revokedAt)));
    await tx.insert(calendarFeedTokens).values({ userId, tokenHash: hashFeedToken(token), createdAt: now });
  });
  return { url: feedUrl(baseUrl, token), createdAt: now.toISOString() };
}

export async function revokeFeedToken(db: Db, userId: string, now: Date): Promise<TFeedStatus> {
  await db
    .update(calendarFeedTokens)
    .set({ revokedAt: now })
    .where(and(eq(calendarFeedTokens.userId, userId), isNull(calendarFeedTokens.revokedAt)));
  return getFeedStatus(db, userId);
}

/** The feed's calendar for a token, or null when the token is unknown or revoked. */
export async function feedCalendar(
  db: Db,
  token: string,
  baseUrl: string,
  now: Date,
): Promise<string | null> {
  if (!FEED_TOKEN_PATTERN.test(token)) return null;
  const [owner] = await db
    .update(calendarFeedTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(calendarFeedTokens.tokenHash, hashFeedToken(token)), isNull(calendarFeedTokens.revokedAt)))
    .returning({ userId: calendarFeedTokens.userId });
  if (!owner) return null;
  const [user] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, owner.userId));
  const locale = isLocale(user?.locale) ? user.locale : DEFAULT_LOCALE;
  const since = new Date(now.getTime() - FEED_HISTORY_DAYS * 86_400_000);
  const records = await selectReservationRecords(
    db,
    and(
      eq(reservations.userId, owner.userId),
      gt(reservations.endsAt, since),
      sql`${reservations.status} <> 'declined'`,
    ),
    { order: 'asc', limit: 2000 },
  );
  return reservationsCalendar(records, { locale, baseUrl, name: 'Escale', now });
}

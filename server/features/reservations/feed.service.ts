import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_LOCALE, isLocale } from '#contract/locale';
import type { TFeedStatus } from '#contract/reservations';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { calendarFeedTokens, reservations } from '../../db/schema/reservations';
import { lockRow } from '../../db/transaction';
import { requireSignedIn } from '../../platform/policy';
import { logActivity, unitOfWork, type ServiceContext } from '../../platform/service-context';
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

export async function getFeedStatus(ctx: ServiceContext): Promise<TFeedStatus> {
  const userId = requireSignedIn(ctx.actor).id;
  const [row] = await ctx.db
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
 * A new link; the previous one, if any, stops working in the same unit of work, which logs it. Requests
 * made at once take turns on the person's row, so each finds the link the one before made, and the last
 * one wins.
 */
export async function createFeedToken(ctx: ServiceContext, input: { baseUrl: string }) {
  const userId = requireSignedIn(ctx.actor).id;
  const { now } = ctx;
  const token = randomBytes(32).toString('base64url');
  await unitOfWork(ctx, async (work) => {
    await lockRow(work.db, 'users', userId);
    await work.db
      .update(calendarFeedTokens)
      .set({ revokedAt: now })
      .where(and(eq(calendarFeedTokens.userId, userId), isNull(calendarFeedTokens.revokedAt)));
    const [created] = await work.db
      .insert(calendarFeedTokens)
      .values({ userId, tokenHash: hashFeedToken(token), createdAt: now })
      .returning({ id: calendarFeedTokens.id });
    // The entry names the link by its row, never by its secret or its hash.
    await logActivity(work, {
      kind: 'calendar_feed.created',
      subject: { type: 'calendar_feed', id: created!.id },
    });
  });
  return { url: feedUrl(input.baseUrl, token), createdAt: now.toISOString() };
}

/** Stops the person's link; logged when there was one. */
export async function revokeFeedToken(ctx: ServiceContext): Promise<TFeedStatus> {
  const userId = requireSignedIn(ctx.actor).id;
  await unitOfWork(ctx, async (work) => {
    const revoked = await work.db
      .update(calendarFeedTokens)
      .set({ revokedAt: work.now })
      .where(and(eq(calendarFeedTokens.userId, userId), isNull(calendarFeedTokens.revokedAt)))
      .returning({ id: calendarFeedTokens.id });
    for (const { id } of revoked) {
      await logActivity(work, { kind: 'calendar_feed.revoked', subject: { type: 'calendar_feed', id } });
    }
  });
  return getFeedStatus(ctx);
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
      isNull(reservations.eventId),
      gt(reservations.endsAt, since),
      sql`${reservations.status} <> 'declined'`,
    ),
    { order: 'asc', limit: 2000 },
  );
  return reservationsCalendar(records, { locale, baseUrl, name: 'Escale', now });
}

import { and, eq, sql } from 'drizzle-orm';
import { COMMUNITY_LIMITS, COMMUNITY_RATES, type AdStatus, type TAdInput } from '#contract/community';
import { addDays, lastDayOfUse, startOfDayIn, todayIn } from '#contract/dates';
import { AppError } from '#contract/errors';
import { adSpaces, ads } from '../../db/schema/community';
import { storedFiles } from '../../db/schema/files';
import type { Tx } from '../../db/transaction';
import { changesBetween } from '../../platform/activity';
import { markdownToText, renderMarkdown } from '../../platform/markdown';
import { communitySpacesOf, isPlatformAdmin, may, requireSignedIn } from '../../platform/policy';
import { logActivity, unitOfWork, type ServiceContext } from '../../platform/service-context';
import type { FileStore } from '../../platform/storage';
import { spendQuota } from './community-quota';
import { deleteBytes } from '../../platform/stored-files';

/**
 * Ads (docs/decisions/023): posted by a member to some of their spaces, shown to the members of those
 * spaces while open and before their end; their author sees, edits and closes them; managers of one of
 * their spaces (and admins) read them to decide on a report.
 */

/** Ads end at midnight of their last day in Paris, the app's zone (an ad is not tied to one space's zone). */
export const AD_ZONE = 'Europe/Paris';
const EXCERPT_LENGTH = 200;

function endOfDay(date: string): Date {
  return startOfDayIn(addDays(date, 1), AD_ZONE);
}

/** The last day an ad may run to, counted from the day it was posted. */
function latestEndOn(createdAt: Date): string {
  return addDays(todayIn(AD_ZONE, createdAt), COMMUNITY_LIMITS.adMaxDays);
}

/** The instant an ad ends: the end of its chosen day, or 30 days from now when none is chosen. */
function endsAtFor(ctx: ServiceContext, endsOn: string | undefined, createdAt: Date): Date {
  const today = todayIn(AD_ZONE, ctx.now);
  const day = endsOn ?? addDays(today, COMMUNITY_LIMITS.adDefaultDays);
  if (day < today || day > latestEndOn(createdAt)) {
    throw new AppError(
      'invalid-argument',
      'An ad ends today at the earliest, 90 days after it was posted at most',
      {
        fields: [{ path: 'endsOn', message: 'endsOnRange' }],
      },
    );
  }
  return endOfDay(day);
}

/** The author's spaces must hold every space chosen (the database holds to it too). */
async function checkSpaces(ctx: ServiceContext, authorId: string, spaceIds: string[]): Promise<void> {
  const mine = new Set((await communitySpacesOf(ctx.db, authorId)).map((space) => space.id));
  if (spaceIds.some((id) => !mine.has(id))) {
    throw new AppError('invalid-argument', 'Ads are shown only in your spaces', {
      fields: [{ path: 'spaceIds', message: 'spaceNotYours' }],
    });
  }
}

/** The upload purpose of ads' images (contract/storage.ts holds its limits, policy.ts its reading rule). */
export const AD_IMAGE_PURPOSE = 'ad-image';

const imageRefused = () =>
  new AppError('invalid-argument', 'Not an ad image you uploaded', {
    fields: [{ path: 'image', message: 'imageUnknown' }],
  });

/**
 * The image an ad may show: its author's own upload as an ad image, not already another ad's (the database
 * holds to both: migration 0027's trigger and a unique index).
 */
async function checkImage(tx: Tx, authorId: string, fileKey: string, adId: string | null): Promise<void> {
  const [file] = await tx
    .select({ ownerId: storedFiles.ownerId, purpose: storedFiles.purpose })
    .from(storedFiles)
    .where(eq(storedFiles.key, fileKey))
    .limit(1);
  if (!file || file.purpose !== AD_IMAGE_PURPOSE || file.ownerId !== authorId) throw imageRefused();
  const [elsewhere] = await tx
    .select({ id: ads.id })
    .from(ads)
    .where(and(eq(ads.imageKey, fileKey), adId ? sql`${ads.id} <> ${adId}` : sql`true`))
    .limit(1);
  if (elsewhere) throw imageRefused();
}

/** Erases an image an ad no longer shows (its row now; its bytes once the change has committed). */
async function eraseImageRow(tx: Tx, key: string): Promise<void> {
  await tx
    .delete(storedFiles)
    .where(and(eq(storedFiles.key, key), eq(storedFiles.purpose, AD_IMAGE_PURPOSE)));
}

interface AdRow {
  id: string;
  authorId: string;
  title: string;
  status: AdStatus;
  endsAt: Date;
}

/**
 * The ad as the person may see it, or null: its author always; a member of one of its spaces while it is
 * open and not past its end; else a manager of one of its spaces or an admin (to decide on a report).
 */
export async function visibleAdFor(
  ctx: ServiceContext,
  userId: string,
  adId: string,
): Promise<(AdRow & { standing: 'author' | 'member' | 'moderator' }) | null> {
  const [ad] = await ctx.db
    .select({ id: ads.id, authorId: ads.authorId, title: ads.title, status: ads.status, endsAt: ads.endsAt })
    .from(ads)
    .where(eq(ads.id, adId))
    .limit(1);
  if (!ad) return null;
  const row = { ...ad, status: ad.status as AdStatus };
  if (ad.authorId === userId) return { ...row, standing: 'author' };
  const spaceIds = (
    await ctx.db.select({ id: adSpaces.spaceId }).from(adSpaces).where(eq(adSpaces.adId, adId))
  ).map((space) => space.id);
  if (row.status === 'open' && row.endsAt > ctx.now) {
    const mine = new Set((await communitySpacesOf(ctx.db, userId)).map((space) => space.id));
    if (spaceIds.some((id) => mine.has(id))) return { ...row, standing: 'member' };
  }
  if (isPlatformAdmin(ctx.actor)) return { ...row, standing: 'moderator' };
  for (const spaceId of spaceIds) {
    if (await may(ctx, 'manage', spaceId)) return { ...row, standing: 'moderator' };
  }
  return null;
}

export async function createAd(ctx: ServiceContext, input: TAdInput): Promise<{ id: string }> {
  const authorId = requireSignedIn(ctx.actor).id;
  await checkSpaces(ctx, authorId, input.spaceIds);
  const endsAt = endsAtFor(ctx, input.endsOn, ctx.now);
  return unitOfWork(ctx, async (work) => {
    await spendQuota(work.db, authorId, 'ad', { window: 86_400, max: COMMUNITY_RATES.adsPerDay });
    if (input.image) await checkImage(work.db, authorId, input.image.fileKey, null);
    const [ad] = await work.db
      .insert(ads)
      .values({
        authorId,
        category: input.category,
        kind: input.kind,
        title: input.title,
        body: input.body,
        bodyHtml: renderMarkdown(input.body),
        excerpt: excerptOf(input.body),
        endsAt,
        createdAt: work.now,
        updatedAt: work.now,
        imageKey: input.image?.fileKey ?? null,
        imageAlt: input.image?.alt ?? '',
      })
      .returning({ id: ads.id });
    await work.db.insert(adSpaces).values(input.spaceIds.map((spaceId) => ({ spaceId, adId: ad!.id })));
    await logActivity(work, {
      kind: 'ad.created',
      subject: { type: 'ad', id: ad!.id },
      spaceId: input.spaceIds[0],
      details: {
        title: input.title,
        category: input.category,
        kind: input.kind,
        spaceIds: input.spaceIds,
        image: Boolean(input.image),
      },
    });
    return { id: ad!.id };
  });
}

/** The author's ad, locked for the change; others are told it does not exist or may not change it. */
async function authorsAd(ctx: ServiceContext, adId: string) {
  const userId = requireSignedIn(ctx.actor).id;
  const seen = await visibleAdFor(ctx, userId, adId);
  if (!seen) throw new AppError('not-found', 'No such ad');
  if (seen.standing !== 'author') throw new AppError('permission-denied', 'Only its author may change an ad');
  return seen;
}

/** What became of an ad's image in an edit, for the activity log; null when nothing did. */
function imageChangeOf(
  before: { imageKey: string | null; imageAlt: string },
  image: TAdInput['image'],
): 'added' | 'replaced' | 'removed' | 'described' | null {
  if (image === undefined) return null;
  if (image === null) return before.imageKey ? 'removed' : null;
  if (!before.imageKey) return 'added';
  if (before.imageKey !== image.fileKey) return 'replaced';
  return before.imageAlt !== image.alt ? 'described' : null;
}

/**
 * Edits the author's open ad; its image is added, replaced, described or removed with it (`image` absent:
 * left as it is). A replaced or removed image is erased: no one may read it any more.
 */
export async function updateAd(
  ctx: ServiceContext,
  input: { id: string; ad: TAdInput },
  store?: FileStore,
): Promise<{ id: string }> {
  const { ad: changes } = input;
  const authorId = requireSignedIn(ctx.actor).id;
  await authorsAd(ctx, input.id);
  await checkSpaces(ctx, authorId, changes.spaceIds);
  const result = await unitOfWork(ctx, async (work) => {
    const [before] = await work.db.select().from(ads).where(eq(ads.id, input.id)).for('update');
    if (!before || before.status !== 'open') {
      throw new AppError('failed-precondition', 'Only an open ad can be edited');
    }
    const { image } = changes;
    const imageChange = imageChangeOf(before, image);
    if (image && image.fileKey !== before.imageKey) {
      await checkImage(work.db, authorId, image.fileKey, input.id);
    }
    const endsAt = endsAtFor(work, changes.endsOn ?? lastDayOfUse(before.endsAt, AD_ZONE), before.createdAt);
    const beforeSpaces = (
      await work.db.select({ id: adSpaces.spaceId }).from(adSpaces).where(eq(adSpaces.adId, input.id))
    )
      .map((row) => row.id)
      .sort();
    await work.db
      .update(ads)
      .set({
        category: changes.category,
        kind: changes.kind,
        title: changes.title,
        body: changes.body,
        bodyHtml: renderMarkdown(changes.body),
        excerpt: excerptOf(changes.body),
        endsAt,
        updatedAt: work.now,
        ...(image === undefined ? {} : { imageKey: image?.fileKey ?? null, imageAlt: image?.alt ?? '' }),
      })
      .where(eq(ads.id, input.id));
    const dropped =
      before.imageKey && image !== undefined && image?.fileKey !== before.imageKey ? before.imageKey : null;
    if (dropped) await eraseImageRow(work.db, dropped);
    await work.db.delete(adSpaces).where(eq(adSpaces.adId, input.id));
    await work.db.insert(adSpaces).values(changes.spaceIds.map((spaceId) => ({ spaceId, adId: input.id })));
    const logged = (ad: {
      category: string;
      kind: string;
      title: string;
      endsAt: Date;
      spaceIds: string[];
    }) => ({
      category: ad.category,
      kind: ad.kind,
      title: ad.title,
      endsAt: ad.endsAt.toISOString(),
      spaceIds: [...ad.spaceIds].sort(),
    });
    const changed = changesBetween(
      logged({ ...before, spaceIds: beforeSpaces }),
      logged({ ...changes, endsAt, spaceIds: changes.spaceIds }),
      ['category', 'kind', 'title', 'endsAt', 'spaceIds'],
    );
    const bodyChanged = before.body !== changes.body;
    if (Object.keys(changed).length || bodyChanged || imageChange) {
      await logActivity(work, {
        kind: 'ad.updated',
        subject: { type: 'ad', id: input.id },
        spaceId: changes.spaceIds[0],
        changes: changed,
        details: { title: changes.title, bodyChanged, ...(imageChange ? { image: imageChange } : {}) },
      });
    }
    return { id: input.id, dropped };
  });
  if (result.dropped && store) await deleteBytes(store, [result.dropped]);
  return { id: result.id };
}

/** Closes the author's open ad; closing a closed one changes nothing. */
export async function closeAd(ctx: ServiceContext, input: { id: string }): Promise<null> {
  await authorsAd(ctx, input.id);
  await unitOfWork(ctx, async (work) => {
    const [ad] = await work.db.select().from(ads).where(eq(ads.id, input.id)).for('update');
    if (!ad || ad.status === 'closed') return;
    if (ad.status === 'hidden') throw new AppError('failed-precondition', 'A hidden ad stays hidden');
    await work.db
      .update(ads)
      .set({ status: 'closed', closedAt: work.now, updatedAt: work.now })
      .where(eq(ads.id, input.id));
    const [space] = await work.db
      .select({ id: adSpaces.spaceId })
      .from(adSpaces)
      .where(eq(adSpaces.adId, input.id))
      .limit(1);
    await logActivity(work, {
      kind: 'ad.closed',
      subject: { type: 'ad', id: input.id },
      spaceId: space?.id ?? null,
      changes: { status: { before: ad.status, after: 'closed' } },
      details: { title: ad.title },
    });
  });
  return null;
}

export function excerptOf(body: string): string {
  const text = markdownToText(body);
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text;
}

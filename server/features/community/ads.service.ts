import { TZDate } from '@date-fns/tz';
import { and, eq, sql } from 'drizzle-orm';
import {
  AD_PAGE_SIZE,
  COMMUNITY_LIMITS,
  COMMUNITY_RATES,
  type AdCategory,
  type AdKind,
  type AdStatus,
  type TAd,
  type TAdInput,
  type TAdSummary,
  type TSpaceOption,
} from '#contract/community';
import { addDays, todayIn } from '#contract/dates';
import { AppError } from '#contract/errors';
import { fileUrlOf } from '#contract/storage';
import { pageOf, pageWindowSql } from '../../db/pagination';
import { rowsOf } from '../../db/rows';
import { adSpaces, ads, communityReports } from '../../db/schema/community';
import { storedFiles } from '../../db/schema/files';
import type { Tx } from '../../db/transaction';
import { changesBetween } from '../../platform/activity';
import { markdownToText, renderMarkdown } from '../../platform/markdown';
import { isPlatformAdmin, may } from '../../platform/policy';
import { logActivity, unitOfWork, type ServiceContext } from '../../platform/service-context';
import type { FileStore } from '../../platform/storage';
import { personOf, spacesOf, spendQuota } from './community-access';
import { containsPattern } from './directory.service';

/**
 * Ads (docs/decisions/023): posted by a member to some of their spaces, shown to the members of those
 * spaces while open and before their end; their author sees, edits and closes them; managers of one of
 * their spaces (and admins) read them to decide on a report.
 */

/** Ads end at midnight of their last day in Paris, the app's zone (an ad is not tied to one space's zone). */
const AD_ZONE = 'Europe/Paris';
const EXCERPT_LENGTH = 200;

function endOfDay(date: string): Date {
  const [year, month, day] = addDays(date, 1).split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, AD_ZONE).getTime());
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
  const mine = new Set((await spacesOf(ctx.db, authorId)).map((space) => space.id));
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
    const mine = new Set((await spacesOf(ctx.db, userId)).map((space) => space.id));
    if (spaceIds.some((id) => mine.has(id))) return { ...row, standing: 'member' };
  }
  if (isPlatformAdmin(ctx.actor)) return { ...row, standing: 'moderator' };
  for (const spaceId of spaceIds) {
    if (await may(ctx, 'manage', spaceId)) return { ...row, standing: 'moderator' };
  }
  return null;
}

export async function createAd(ctx: ServiceContext, input: TAdInput): Promise<{ id: string }> {
  const authorId = personOf(ctx);
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
  const userId = personOf(ctx);
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
  const authorId = personOf(ctx);
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
    const endsAt = endsAtFor(
      work,
      changes.endsOn ?? todayIn(AD_ZONE, new Date(before.endsAt.getTime() - 1)),
      before.createdAt,
    );
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
  if (result.dropped) await store?.delete(result.dropped);
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

interface AdListRow extends Record<string, unknown> {
  id: string;
  category: AdCategory;
  kind: AdKind;
  title: string;
  excerpt: string;
  status: AdStatus;
  author_name: string;
  created_at: string | Date;
  ends_at: string | Date;
  image_key: string | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

export async function listAds(
  ctx: ServiceContext,
  input: { q?: string; category?: AdCategory; kind?: AdKind; spaceId?: string; mine: boolean; page: number },
): Promise<{
  ads: Array<TAdSummary & { status: AdStatus }>;
  page: number;
  hasMore: boolean;
  spaces: TSpaceOption[];
}> {
  const userId = personOf(ctx);
  const spaces = await spacesOf(ctx.db, userId);
  const spaceIds = spaces.map((space) => space.id).filter((id) => !input.spaceId || id === input.spaceId);
  if (!spaceIds.length && !input.mine) return { ads: [], page: input.page, hasMore: false, spaces };
  const q = input.q?.trim();
  const conditions = [
    input.category ? sql`and a.category = ${input.category}` : sql``,
    input.kind ? sql`and a.kind = ${input.kind}` : sql``,
    q ? sql`and (a.title ilike ${containsPattern(q)} or a.body ilike ${containsPattern(q)})` : sql``,
  ];
  const spaceList = sql.join(
    spaceIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const whose = input.mine
    ? sql`a.author_id = ${userId} ${input.spaceId ? sql`and exists (select 1 from ad_spaces x where x.ad_id = a.id and x.space_id = ${input.spaceId}::uuid)` : sql``}`
    : // Open and not past its end (compared with the service's clock): an expired ad is never listed.
      sql`a.status = 'open' and a.ends_at > ${ctx.now.toISOString()}::timestamptz and u.deleted_at is null
        and exists (select 1 from ad_spaces x where x.ad_id = a.id and x.space_id in (${spaceList}))`;
  const rows = await rowsOf<AdListRow>(
    ctx.db,
    sql`
    select a.id, a.category, a.kind, a.title, a.excerpt, a.status, u.name as author_name, a.created_at, a.ends_at,
      a.image_key
    from ads a join users u on u.id = a.author_id
    where ${whose} ${sql.join(conditions, sql` `)}
    order by a.created_at desc nulls last, a.id desc nulls last
    ${pageWindowSql(input.page, AD_PAGE_SIZE)}`,
  );
  const { items: page, hasMore } = pageOf(rows, AD_PAGE_SIZE);
  const names = await spaceNamesOf(
    ctx,
    page.map((row) => row.id),
    input.mine ? null : spaceIds,
  );
  return {
    ads: page.map((row) => ({
      id: row.id,
      category: row.category,
      kind: row.kind,
      title: row.title,
      excerpt: row.excerpt,
      authorName: row.author_name,
      spaces: names.get(row.id) ?? [],
      createdAt: iso(row.created_at),
      endsAt: iso(row.ends_at),
      status: row.status,
      imageUrl: row.image_key ? fileUrlOf(row.image_key) : null,
    })),
    page: input.page,
    hasMore,
    spaces,
  };
}

export function excerptOf(body: string): string {
  const text = markdownToText(body);
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text;
}

/** The names of the spaces each ad is shown in (among `within`, the reader's, when given). */
async function spaceNamesOf(
  ctx: ServiceContext,
  adIds: string[],
  within: string[] | null,
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (!adIds.length) return result;
  const rows = await rowsOf<{ ad_id: string; name: string }>(
    ctx.db,
    sql`select x.ad_id, s.name from ad_spaces x join spaces s on s.id = x.space_id
      where x.ad_id in (${sql.join(
        adIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) ${
        within
          ? sql`and x.space_id in (${sql.join(
              within.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : sql``
      }
      order by s.name`,
  );
  for (const row of rows) result.set(row.ad_id, [...(result.get(row.ad_id) ?? []), row.name]);
  return result;
}

export async function getAd(ctx: ServiceContext, input: { id: string }): Promise<TAd> {
  const userId = personOf(ctx);
  const seen = await visibleAdFor(ctx, userId, input.id);
  if (!seen) throw new AppError('not-found', 'No such ad');
  const [row] = await rowsOf<AdListRow & { body: string; body_html: string; image_alt: string }>(
    ctx.db,
    sql`select a.id, a.category, a.kind, a.title, a.body, a.excerpt, a.body_html, a.status, u.name as author_name,
      a.created_at, a.ends_at, a.image_key, a.image_alt
      from ads a join users u on u.id = a.author_id where a.id = ${input.id}::uuid`,
  );
  const spaceIds = (
    await ctx.db.select({ id: adSpaces.spaceId }).from(adSpaces).where(eq(adSpaces.adId, input.id))
  ).map((space) => space.id);
  const names = await spaceNamesOf(ctx, [input.id], null);
  const isAuthor = seen.standing === 'author';
  const [hidden] =
    row!.status === 'hidden' && (isAuthor || seen.standing === 'moderator')
      ? await ctx.db
          .select({ reason: communityReports.decisionReason })
          .from(communityReports)
          .where(and(eq(communityReports.adId, input.id), eq(communityReports.status, 'upheld')))
          .orderBy(sql`${communityReports.decidedAt} desc`)
          .limit(1)
      : [];
  const endsAt = new Date(row!.ends_at);
  return {
    id: row!.id,
    category: row!.category,
    kind: row!.kind,
    title: row!.title,
    excerpt: row!.excerpt,
    authorName: row!.author_name,
    spaces: names.get(input.id) ?? [],
    createdAt: iso(row!.created_at),
    endsAt: endsAt.toISOString(),
    status: row!.status,
    body: isAuthor ? row!.body : '',
    bodyHtml: row!.body_html,
    spaceIds: isAuthor ? spaceIds : [],
    endsOn: todayIn(AD_ZONE, new Date(endsAt.getTime() - 1)),
    isAuthor,
    hiddenReason: hidden?.reason ?? null,
    imageUrl: row!.image_key ? fileUrlOf(row!.image_key) : null,
    image: row!.image_key
      ? { fileKey: row!.image_key, url: fileUrlOf(row!.image_key), alt: row!.image_alt }
      : null,
  };
}

import { and, eq, sql } from 'drizzle-orm';
import {
  AD_PAGE_SIZE,
  type AdCategory,
  type AdKind,
  type AdStatus,
  type TAd,
  type TAdSummary,
  type TSpaceOption,
} from '#contract/community';
import { lastDayOfUse } from '#contract/dates';
import { communitySpacesOf, requireSignedIn } from '../../platform/policy';
import { AppError } from '#contract/errors';
import { fileUrlOf } from '#contract/storage';
import { pageOf, pageWindowSql } from '../../db/pagination';
import { rowsOf } from '../../db/rows';
import { uuidList } from '../../db/sql-lists';
import { spaceNamesByKey } from './space-names';
import { adSpaces, communityReports } from '../../db/schema/community';
import { type ServiceContext } from '../../platform/service-context';
import { containsPattern } from './directory.service';
import { AD_ZONE, visibleAdFor } from './ads.service';

/** What readers see of the ads: the list with its filters and one ad with the spaces it is shown in. */

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
  const userId = requireSignedIn(ctx.actor).id;
  const spaces = await communitySpacesOf(ctx.db, userId);
  const spaceIds = spaces.map((space) => space.id).filter((id) => !input.spaceId || id === input.spaceId);
  if (!spaceIds.length && !input.mine) return { ads: [], page: input.page, hasMore: false, spaces };
  const q = input.q?.trim();
  const conditions = [
    input.category ? sql`and a.category = ${input.category}` : sql``,
    input.kind ? sql`and a.kind = ${input.kind}` : sql``,
    q ? sql`and (a.title ilike ${containsPattern(q)} or a.body ilike ${containsPattern(q)})` : sql``,
  ];
  const spaceList = uuidList(spaceIds);
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

/** The names of the spaces each ad is shown in (among `within`, the reader's, when given). */
async function spaceNamesOf(
  ctx: ServiceContext,
  adIds: string[],
  within: string[] | null,
): Promise<Map<string, string[]>> {
  return spaceNamesByKey(
    ctx.db,
    adIds,
    sql`select x.ad_id as key, s.name from ad_spaces x join spaces s on s.id = x.space_id
      where x.ad_id in (${uuidList(adIds)}) ${within ? sql`and x.space_id in (${uuidList(within)})` : sql``}`,
  );
}

export async function getAd(ctx: ServiceContext, input: { id: string }): Promise<TAd> {
  const userId = requireSignedIn(ctx.actor).id;
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
    endsOn: lastDayOfUse(endsAt, AD_ZONE),
    isAuthor,
    hiddenReason: hidden?.reason ?? null,
    imageUrl: row!.image_key ? fileUrlOf(row!.image_key) : null,
    image: row!.image_key
      ? { fileKey: row!.image_key, url: fileUrlOf(row!.image_key), alt: row!.image_alt }
      : null,
  };
}

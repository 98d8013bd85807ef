import { and, desc, eq, gt, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type {
  ArticleState,
  TAdminArticle,
  TAdminArticleRow,
  TArticle,
  TArticleDraft,
  TArticleSummary,
} from '#contract/blog';
import { BLOG_PAGE_SIZE } from '#contract/blog';
import { AppError } from '#contract/errors';
import { DEFAULT_LOCALE, type Locale } from '#contract/locale';
import { users } from '../../db/schema/auth';
import { articles } from '../../db/schema/site-content';
import { sqlStateOf, UNIQUE_VIOLATION } from '../../db/transaction';
import { markdownToText, renderMarkdown } from '../../platform/markdown';
import {
  logActivity,
  unitOfWork,
  type ServiceContext,
  type WorkContext,
} from '../../platform/service-context';
import { readAll } from '../../db/read-all';

/**
 * The blog's rules (docs/decisions/024-blog-and-admin-content.md). Public reads see an article when it is
 * published and due: `published_at <= ctx.now`, the request's instant, so a scheduled article appears by
 * itself at its time and tests fix the clock. Writes are for admins (the callables say `access: 'admin'`),
 * each in a unit of work with its activity entry.
 */

type ArticleRow = typeof articles.$inferSelect;

/** Published and due at `now`: what the blog, the feed, the sitemap and the home page show. */
function visibleAt(now: Date): SQL {
  return and(eq(articles.status, 'published'), lte(articles.publishedAt, now))!;
}

export function stateOf(row: Pick<ArticleRow, 'status' | 'publishedAt'>, now: Date): ArticleState {
  if (row.status === 'draft' || !row.publishedAt) return 'draft';
  return row.publishedAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

/** The version in the reader's language when the article has one, else the French one. */
function versionOf(row: ArticleRow, locale: Locale) {
  if (locale === 'en' && row.titleEn !== null && row.excerptEn !== null && row.bodyEn !== null) {
    return {
      lang: 'en' as const,
      title: row.titleEn,
      excerpt: row.excerptEn,
      body: row.bodyEn,
      coverAlt: row.coverAltEn ?? '',
    };
  }
  return {
    lang: 'fr' as const,
    title: row.titleFr,
    excerpt: row.excerptFr,
    body: row.bodyFr,
    coverAlt: row.coverAltFr,
  };
}

function summaryOf(row: ArticleRow, authorName: string | null, locale: Locale): TArticleSummary {
  const version = versionOf(row, locale);
  return {
    slug: row.slug,
    lang: version.lang,
    title: version.title,
    excerpt: version.excerpt,
    coverUrl: row.coverUrl,
    coverAlt: row.coverUrl ? version.coverAlt : '',
    tags: row.tags,
    publishedAt: row.publishedAt!.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    authorName: authorName ?? 'Escale',
  };
}

const localeOf = (ctx: ServiceContext, asked?: Locale) => asked ?? ctx.locale ?? DEFAULT_LOCALE;

export async function listArticles(
  ctx: ServiceContext,
  input: { locale?: Locale; tag?: string; page?: number; pageSize?: number },
) {
  const locale = localeOf(ctx, input.locale);
  const pageSize = input.pageSize ?? BLOG_PAGE_SIZE;
  const page = input.page ?? 1;
  const visible = visibleAt(ctx.now);
  const where = input.tag ? and(visible, sql`${articles.tags} @> array[${input.tag}]::text[]`)! : visible;
  const [rows, [counted], tagRows] = await readAll(ctx.db, [
    () =>
      ctx.db
        .select({ article: articles, authorName: users.name })
        .from(articles)
        .innerJoin(users, eq(users.id, articles.authorId))
        .where(where)
        .orderBy(desc(articles.publishedAt), desc(articles.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
    () =>
      ctx.db
        .select({ total: sql<number>`count(*)::int` })
        .from(articles)
        .where(where),
    () =>
      ctx.db
        .select({ tag: sql<string>`t.tag`, count: sql<number>`count(*)::int` })
        .from(sql`${articles} cross join lateral unnest(${articles.tags}) as t(tag)`)
        .where(visible)
        .groupBy(sql`t.tag`)
        .orderBy(sql`count(*) desc`, sql`t.tag`),
  ]);
  const total = counted?.total ?? 0;
  return {
    items: rows.map((row) => summaryOf(row.article, row.authorName, locale)),
    page,
    pageSize,
    total,
    tags: tagRows,
  };
}

async function neighbour(
  ctx: ServiceContext,
  row: ArticleRow,
  direction: 'previous' | 'next',
  locale: Locale,
) {
  const at = row.publishedAt!;
  const older = or(lt(articles.publishedAt, at), and(eq(articles.publishedAt, at), lt(articles.id, row.id)));
  const newer = or(gt(articles.publishedAt, at), and(eq(articles.publishedAt, at), gt(articles.id, row.id)));
  const [found] = await ctx.db
    .select()
    .from(articles)
    .where(and(visibleAt(ctx.now), direction === 'previous' ? older : newer))
    .orderBy(
      direction === 'previous' ? desc(articles.publishedAt) : articles.publishedAt,
      direction === 'previous' ? desc(articles.id) : articles.id,
    )
    .limit(1);
  if (!found) return null;
  const version = versionOf(found, locale);
  return { slug: found.slug, title: version.title, lang: version.lang };
}

/** One visible article with its body rendered; anything else (a draft, not yet due, unknown) is not found. */
export async function getArticle(
  ctx: ServiceContext,
  input: { slug: string; locale?: Locale },
): Promise<TArticle> {
  const locale = localeOf(ctx, input.locale);
  const [found] = await ctx.db
    .select({ article: articles, authorName: users.name })
    .from(articles)
    .innerJoin(users, eq(users.id, articles.authorId))
    .where(and(eq(articles.slug, input.slug), visibleAt(ctx.now)))
    .limit(1);
  if (!found) throw new AppError('not-found', 'No such article');
  const row = found.article;
  const version = versionOf(row, locale);
  const [previous, next] = await readAll(ctx.db, [
    () => neighbour(ctx, row, 'previous', locale),
    () => neighbour(ctx, row, 'next', locale),
  ]);
  return {
    ...summaryOf(row, found.authorName, locale),
    bodyHtml: renderMarkdown(version.body),
    description: markdownToText(version.excerpt),
    languages: row.titleEn !== null ? ['fr', 'en'] : ['fr'],
    previous,
    next,
  };
}

export async function listSitemapEntries(ctx: ServiceContext) {
  const rows = await ctx.db
    .select({ slug: articles.slug, updatedAt: articles.updatedAt })
    .from(articles)
    .where(visibleAt(ctx.now))
    .orderBy(desc(articles.publishedAt));
  return rows.map((row) => ({ slug: row.slug, updatedAt: row.updatedAt.toISOString() }));
}

// ——— Writing (admins) ———

export async function listForAdmin(ctx: ServiceContext): Promise<TAdminArticleRow[]> {
  const rows = await ctx.db
    .select({ article: articles, authorName: users.name })
    .from(articles)
    .innerJoin(users, eq(users.id, articles.authorId))
    .orderBy(sql`${articles.publishedAt} desc nulls first`, desc(articles.updatedAt));
  return rows.map(({ article, authorName }) => ({
    id: article.id,
    slug: article.slug,
    titleFr: article.titleFr,
    hasEnglish: article.titleEn !== null,
    state: stateOf(article, ctx.now),
    publishedAt: article.publishedAt?.toISOString() ?? null,
    updatedAt: article.updatedAt.toISOString(),
    authorName: authorName ?? '',
  }));
}

async function requireArticle(ctx: ServiceContext, id: string): Promise<ArticleRow> {
  const [row] = await ctx.db.select().from(articles).where(eq(articles.id, id)).limit(1);
  if (!row) throw new AppError('not-found', 'No such article');
  return row;
}

export async function getForAdmin(ctx: ServiceContext, id: string): Promise<TAdminArticle> {
  const row = await requireArticle(ctx, id);
  return {
    id: row.id,
    draft: {
      slug: row.slug,
      tags: row.tags,
      coverUrl: row.coverUrl,
      fr: { title: row.titleFr, excerpt: row.excerptFr, body: row.bodyFr, coverAlt: row.coverAltFr },
      en:
        row.titleEn !== null && row.excerptEn !== null && row.bodyEn !== null
          ? { title: row.titleEn, excerpt: row.excerptEn, body: row.bodyEn, coverAlt: row.coverAltEn ?? '' }
          : null,
    },
    state: stateOf(row, ctx.now),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

/** The columns a draft writes (the cover's description only where there is a cover). */
export function articleColumnsOf(draft: TArticleDraft) {
  const withCover = draft.coverUrl !== null;
  return {
    slug: draft.slug,
    tags: [...new Set(draft.tags)],
    coverUrl: draft.coverUrl,
    titleFr: draft.fr.title,
    excerptFr: draft.fr.excerpt,
    bodyFr: draft.fr.body,
    coverAltFr: withCover ? draft.fr.coverAlt : '',
    titleEn: draft.en?.title ?? null,
    excerptEn: draft.en?.excerpt ?? null,
    bodyEn: draft.en?.body ?? null,
    coverAltEn: draft.en ? (withCover ? draft.en.coverAlt : '') : null,
  };
}

const slugTaken = () =>
  new AppError('already-exists', 'Another article has this slug', {
    fields: [{ path: 'slug', message: 'slug-taken' }],
  });

/** Runs a write, turning the slug's unique index refusing it into the slug's field error. */
async function withUniqueSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (sqlStateOf(error) === UNIQUE_VIOLATION) throw slugTaken();
    throw error;
  }
}

const ENTRY_FIELDS = [
  'slug',
  'tags',
  'coverUrl',
  'titleFr',
  'excerptFr',
  'bodyFr',
  'coverAltFr',
  'titleEn',
  'excerptEn',
  'bodyEn',
  'coverAltEn',
] as const;

export async function createArticle(ctx: ServiceContext, draft: TArticleDraft): Promise<{ id: string }> {
  const authorId = ctx.actor!.id;
  return withUniqueSlug(() =>
    unitOfWork(ctx, async (work) => {
      const [row] = await work.db
        .insert(articles)
        .values({ ...articleColumnsOf(draft), authorId, createdAt: ctx.now, updatedAt: ctx.now })
        .returning({ id: articles.id });
      await logArticle(work, 'article.created', row!.id, { title: draft.fr.title, slug: draft.slug });
      return { id: row!.id };
    }),
  );
}

export async function updateArticle(
  ctx: ServiceContext,
  input: { id: string; article: TArticleDraft },
): Promise<{ id: string }> {
  return withUniqueSlug(() =>
    unitOfWork(ctx, async (work) => {
      const before = await requireArticle(work, input.id);
      const after = articleColumnsOf(input.article);
      const changed = ENTRY_FIELDS.filter(
        (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
      );
      if (!changed.length) return { id: input.id };
      await work.db
        .update(articles)
        .set({ ...after, updatedAt: ctx.now })
        .where(eq(articles.id, input.id));
      // Bodies are long: the entry names which fields changed, and the short ones' values.
      const short = new Set(['slug', 'titleFr', 'titleEn', 'tags', 'coverUrl']);
      await logActivity(work, {
        kind: 'article.updated',
        subject: { type: 'article', id: input.id },
        changes: Object.fromEntries(
          changed.map((field) => [
            field,
            short.has(field) ? { before: before[field], after: after[field] } : { before: '…', after: '…' },
          ]),
        ),
        details: { title: after.titleFr, slug: after.slug },
      });
      return { id: input.id };
    }),
  );
}

export async function publishArticle(ctx: ServiceContext, input: { id: string; publishAt?: string }) {
  const publishedAt = input.publishAt ? new Date(input.publishAt) : ctx.now;
  return unitOfWork(ctx, async (work) => {
    const before = await requireArticle(work, input.id);
    // Asking again for what is already so changes nothing, and logs nothing.
    if (before.status === 'published' && before.publishedAt?.getTime() === publishedAt.getTime()) {
      return { state: stateOf(before, ctx.now), publishedAt: publishedAt.toISOString() };
    }
    const [row] = await work.db
      .update(articles)
      .set({ status: 'published', publishedAt, updatedAt: ctx.now })
      .where(eq(articles.id, input.id))
      .returning();
    await logActivity(work, {
      kind: 'article.published',
      subject: { type: 'article', id: input.id },
      changes: {
        status: { before: before.status, after: 'published' },
        publishedAt: { before: before.publishedAt?.toISOString() ?? null, after: publishedAt.toISOString() },
      },
      details: { title: before.titleFr, slug: before.slug },
    });
    return { state: stateOf(row!, ctx.now), publishedAt: publishedAt.toISOString() };
  });
}

export async function unpublishArticle(ctx: ServiceContext, input: { id: string }) {
  return unitOfWork(ctx, async (work) => {
    const before = await requireArticle(work, input.id);
    if (before.status === 'draft') return { state: 'draft' as const };
    await work.db
      .update(articles)
      .set({ status: 'draft', publishedAt: null, updatedAt: ctx.now })
      .where(eq(articles.id, input.id));
    await logActivity(work, {
      kind: 'article.unpublished',
      subject: { type: 'article', id: input.id },
      changes: { status: { before: before.status, after: 'draft' } },
      details: { title: before.titleFr, slug: before.slug },
    });
    return { state: 'draft' as const };
  });
}

export async function deleteArticle(ctx: ServiceContext, input: { id: string }) {
  return unitOfWork(ctx, async (work) => {
    const before = await requireArticle(work, input.id);
    await work.db.delete(articles).where(eq(articles.id, input.id));
    await logArticle(work, 'article.deleted', input.id, { title: before.titleFr, slug: before.slug });
    return { id: input.id };
  });
}

async function logArticle(
  work: WorkContext,
  kind: 'article.created' | 'article.deleted',
  id: string,
  article: { title: string; slug: string },
) {
  await logActivity(work, { kind, subject: { type: 'article', id }, details: article });
}

/** What a Markdown text looks like once published: the same renderer and sanitiser as the article page. */
export function previewMarkdown(input: { markdown: string }) {
  return { html: renderMarkdown(input.markdown) };
}

import { z } from 'zod';
import { defineCallable } from './callable';
import { ZInstant, ZText, ZUuid } from './input';
import { LOCALES } from './locale';
import { countedPageFields, ZPage } from './pagination';

/**
 * The blog (docs/decisions/022-blog-and-admin-content.md): articles written by platform admins in French
 * and, optionally, English, published now or at a chosen time. The public reads see only what is
 * published and due (`published_at` at or before the request's `now`); the admin operations see all.
 * Field messages are keys of the `admin` namespace's `validation`.
 */

export { articlePath, BLOG_PATH } from './blog.plain';

export const BLOG_PAGE_SIZE = 9;
export const MAX_BLOG_PAGE_SIZE = 50;
export const MAX_ARTICLE_TAGS = 8;
export const MAX_ARTICLE_BODY = 50_000;

const text = (max: number) => ZText.trim().max(max, 'too-long');
const required = (max: number) => text(max).min(1, 'required');

export const ZArticleSlug = ZText.trim()
  .min(3, 'slug')
  .max(80, 'too-long')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'slug');

/** A tag as readers see it: lower-case words (accents welcome), e.g. "télétravail" or "réunions". */
export const ZArticleTag = ZText.trim()
  .toLowerCase()
  .min(2, 'tag')
  .max(30, 'tag')
  .regex(/^[\p{Ll}\p{N}]+(?:[ -][\p{Ll}\p{N}]+)*$/u, 'tag');

/** An image on https or one of the site's own paths: never another scheme, never protocol-relative. */
export const ZImageUrl = ZText.trim()
  .max(500, 'too-long')
  .regex(/^(https:\/\/[^\s]+|\/[^/\s][^\s]*)$/, 'image-url');

export const ZArticleVersion = z.object({
  title: required(140),
  excerpt: required(300),
  body: required(MAX_ARTICLE_BODY),
  coverAlt: text(200),
});
export type TArticleVersion = z.infer<typeof ZArticleVersion>;

/** What an admin writes: the slug, the tags, the cover, the French version and maybe the English one. */
export const ZArticleDraft = z
  .object({
    slug: ZArticleSlug,
    tags: z.array(ZArticleTag).max(MAX_ARTICLE_TAGS, 'too-many'),
    coverUrl: ZImageUrl.nullable(),
    fr: ZArticleVersion,
    en: ZArticleVersion.nullable(),
  })
  .superRefine((draft, issues) => {
    // A cover is described in each language it is shown in (screen readers, image-less readers).
    if (!draft.coverUrl) return;
    if (!draft.fr.coverAlt)
      issues.addIssue({ code: 'custom', path: ['fr', 'coverAlt'], message: 'required' });
    if (draft.en && !draft.en.coverAlt) {
      issues.addIssue({ code: 'custom', path: ['en', 'coverAlt'], message: 'required' });
    }
  });
export type TArticleDraft = z.infer<typeof ZArticleDraft>;

/** Where an article stands: a draft, published but not yet due (scheduled), or visible. */
export const ARTICLE_STATES = ['draft', 'scheduled', 'published'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];

const ZLanguage = z.enum(LOCALES);

/** An article in a list: the version in the reader's language when there is one, else the French one. */
export const ZArticleSummary = z.object({
  slug: z.string(),
  /** The language of the texts given (`lang` on the page when it is not the reader's). */
  lang: ZLanguage,
  title: z.string(),
  excerpt: z.string(),
  coverUrl: z.string().nullable(),
  coverAlt: z.string(),
  tags: z.array(z.string()),
  publishedAt: z.string(),
  updatedAt: z.string(),
  authorName: z.string(),
});
export type TArticleSummary = z.infer<typeof ZArticleSummary>;

const ZLocaleInput = { locale: ZLanguage.optional() };

export const listArticles = defineCallable({
  name: 'blog.list',
  input: z.object({
    ...ZLocaleInput,
    tag: ZArticleTag.optional(),
    page: ZPage,
    pageSize: z.number().int().min(1).max(MAX_BLOG_PAGE_SIZE).default(BLOG_PAGE_SIZE),
  }),
  output: z.object({
    items: z.array(ZArticleSummary),
    ...countedPageFields,
    /** Every tag of the published articles, most used first. */
    tags: z.array(z.object({ tag: z.string(), count: z.number() })),
  }),
  mutates: false,
  access: 'public',
});

const ZNeighbour = z.object({ slug: z.string(), title: z.string(), lang: ZLanguage }).nullable();

export const ZArticle = ZArticleSummary.extend({
  /** The body as sanitised HTML (server/platform/markdown.ts). */
  bodyHtml: z.string(),
  /** The excerpt as plain text, for the meta description. */
  description: z.string(),
  /** The languages it is written in. */
  languages: z.array(ZLanguage),
  /** The article published just before (older) and just after (newer) it. */
  previous: ZNeighbour,
  next: ZNeighbour,
});
export type TArticle = z.infer<typeof ZArticle>;

export const getArticle = defineCallable({
  name: 'blog.get',
  input: z.object({ ...ZLocaleInput, slug: ZText.trim().max(80) }),
  output: ZArticle,
  mutates: false,
  access: 'public',
});

/** Every visible article's path and last change, for sitemap.xml. */
export const listArticleSitemapEntries = defineCallable({
  name: 'blog.sitemapEntries',
  input: z.object({}),
  output: z.array(z.object({ slug: z.string(), updatedAt: z.string() })),
  mutates: false,
  access: 'public',
});

// ——— Writing (admins) ———

export const ZAdminArticleRow = z.object({
  id: z.string(),
  slug: z.string(),
  titleFr: z.string(),
  hasEnglish: z.boolean(),
  state: z.enum(ARTICLE_STATES),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  authorName: z.string(),
});
export type TAdminArticleRow = z.infer<typeof ZAdminArticleRow>;

export const listArticlesForAdmin = defineCallable({
  name: 'blogAdmin.list',
  input: z.object({}),
  output: z.array(ZAdminArticleRow),
  mutates: false,
  access: 'admin',
});

export const ZAdminArticle = z.object({
  id: z.string(),
  draft: z.object({
    slug: z.string(),
    tags: z.array(z.string()),
    coverUrl: z.string().nullable(),
    fr: ZArticleVersion,
    en: ZArticleVersion.nullable(),
  }),
  state: z.enum(ARTICLE_STATES),
  publishedAt: z.string().nullable(),
});
export type TAdminArticle = z.infer<typeof ZAdminArticle>;

export const getArticleForAdmin = defineCallable({
  name: 'blogAdmin.get',
  input: z.object({ id: ZUuid }),
  output: ZAdminArticle,
  mutates: false,
  access: 'admin',
});

export const createArticle = defineCallable({
  name: 'blogAdmin.create',
  input: ZArticleDraft,
  output: z.object({ id: z.string() }),
  mutates: true,
  access: 'admin',
});

export const updateArticle = defineCallable({
  name: 'blogAdmin.update',
  input: z.object({ id: ZUuid, article: ZArticleDraft }),
  output: z.object({ id: z.string() }),
  mutates: true,
  access: 'admin',
});

/** Publishes now (no `publishAt`) or at a time, past or future: a future time schedules it. */
export const publishArticle = defineCallable({
  name: 'blogAdmin.publish',
  input: z.object({ id: ZUuid, publishAt: ZInstant.optional() }),
  output: z.object({ state: z.enum(ARTICLE_STATES), publishedAt: z.string() }),
  mutates: true,
  access: 'admin',
});

/** Back to a draft: off the blog, the feed and the sitemap. */
export const unpublishArticle = defineCallable({
  name: 'blogAdmin.unpublish',
  input: z.object({ id: ZUuid }),
  output: z.object({ state: z.enum(ARTICLE_STATES) }),
  mutates: true,
  access: 'admin',
});

export const deleteArticle = defineCallable({
  name: 'blogAdmin.delete',
  input: z.object({ id: ZUuid }),
  output: z.object({ id: z.string() }),
  mutates: true,
  access: 'admin',
});

/** The HTML a Markdown text becomes once published, rendered by the server's own sanitiser. */
export const previewMarkdown = defineCallable({
  name: 'blogAdmin.preview',
  input: z.object({ markdown: ZText.max(MAX_ARTICLE_BODY, 'too-long') }),
  output: z.object({ html: z.string() }),
  mutates: false,
  access: 'admin',
});

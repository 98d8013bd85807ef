import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { generatedId, instant, changeTimes } from './columns';
import { userReference } from './auth';

/**
 * What the platform's admins write for everyone (docs/decisions/024-blog-and-admin-content.md): blog
 * articles, the FAQ and the partners page. Each holds its French and English texts side by side; bodies
 * are Markdown, rendered and sanitised on the server when read (server/platform/markdown.ts).
 */

/**
 * A blog article. French is the site's first language, so every article has a French version; the
 * English one is optional and whole (title, excerpt and body together, or none). Published means visible
 * from `published_at` on: a time in the future is a scheduled article.
 */
export const articles = pgTable(
  'articles',
  {
    id: generatedId(),
    /** The URL's name: `/blog/article/<slug>`, lower-case words joined by hyphens. */
    slug: text('slug').notNull(),
    authorId: userReference('author_id'),
    /** https URL or site path of the cover image; null for none. */
    coverUrl: text('cover_url'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    /** When it becomes (or became) visible; set whenever it is published. */
    publishedAt: instant('published_at'),
    titleFr: text('title_fr').notNull(),
    excerptFr: text('excerpt_fr').notNull(),
    bodyFr: text('body_fr').notNull(),
    coverAltFr: text('cover_alt_fr').notNull().default(''),
    titleEn: text('title_en'),
    excerptEn: text('excerpt_en'),
    bodyEn: text('body_en'),
    coverAltEn: text('cover_alt_en'),
    ...changeTimes(),
  },
  (table) => [
    uniqueIndex('articles_slug_key').on(table.slug),
    check(
      'articles_slug_shape',
      sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(${table.slug}) <= 80`,
    ),
    check('articles_status_known', sql`${table.status} in ('draft', 'published')`),
    check('articles_published_has_time', sql`${table.status} = 'draft' or ${table.publishedAt} is not null`),
    check(
      'articles_french_written',
      sql`length(${table.titleFr}) > 0 and length(${table.excerptFr}) > 0 and length(${table.bodyFr}) > 0`,
    ),
    check(
      'articles_english_whole',
      sql`(${table.titleEn} is null and ${table.excerptEn} is null and ${table.bodyEn} is null and ${table.coverAltEn} is null)
        or (length(${table.titleEn}) > 0 and length(${table.excerptEn}) > 0 and length(${table.bodyEn}) > 0 and ${table.coverAltEn} is not null)`,
    ),
    check('articles_cover_url_safe', sql`${table.coverUrl} ~ '^(https://|/[^/])'`),
    // The public list: published articles, newest first.
    index('articles_published_idx')
      .on(table.publishedAt.desc(), table.id)
      .where(sql`${table.status} = 'published'`),
    index('articles_tags_idx').using('gin', table.tags),
  ],
);

/** A question of the FAQ with its answer in both languages, filed under one of the page's topics. */
export const faqEntries = pgTable(
  'faq_entries',
  {
    id: generatedId(),
    /** One of FAQ_TOPICS (contract/site-content.ts); the topics' titles are the page's own text. */
    topic: text('topic').notNull(),
    /** Order within the topic, smallest first. */
    position: integer('position').notNull().default(0),
    published: boolean('published').notNull().default(true),
    questionFr: text('question_fr').notNull(),
    answerFr: text('answer_fr').notNull(),
    questionEn: text('question_en').notNull(),
    answerEn: text('answer_en').notNull(),
    ...changeTimes(),
  },
  (table) => [
    check('faq_entries_topic_shape', sql`${table.topic} ~ '^[a-z]+$'`),
    check('faq_entries_position_range', sql`${table.position} between 0 and 9999`),
    check(
      'faq_entries_written',
      sql`length(${table.questionFr}) > 0 and length(${table.answerFr}) > 0 and length(${table.questionEn}) > 0 and length(${table.answerEn}) > 0`,
    ),
    index('faq_entries_order_idx').on(table.topic, table.position),
  ],
);

/** A block of the partners page: who Escale works with, in both languages, with an optional website. */
export const partners = pgTable(
  'partners',
  {
    id: generatedId(),
    /** One of PARTNER_ICONS (contract/site-content.ts). */
    icon: text('icon').notNull(),
    position: integer('position').notNull().default(0),
    published: boolean('published').notNull().default(true),
    nameFr: text('name_fr').notNull(),
    bodyFr: text('body_fr').notNull(),
    nameEn: text('name_en').notNull(),
    bodyEn: text('body_en').notNull(),
    websiteUrl: text('website_url'),
    ...changeTimes(),
  },
  (table) => [
    check('partners_position_range', sql`${table.position} between 0 and 9999`),
    check(
      'partners_written',
      sql`length(${table.nameFr}) > 0 and length(${table.bodyFr}) > 0 and length(${table.nameEn}) > 0 and length(${table.bodyEn}) > 0`,
    ),
    check('partners_website_https', sql`${table.websiteUrl} ~ '^https://'`),
  ],
);

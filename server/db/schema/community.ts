import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { generatedId, instant } from './columns';
import { userReference, users } from './auth';
import { storedFiles } from './files';
import { spaceReference } from './spaces';

/**
 * The community (docs/decisions/023-community-directory-and-ads.md). Being listed at all is
 * `users.community_visible` (off by default, also read by the avatar rule in policy.ts); this row says
 * which fields the listing shows, the links it carries, and whether a moderator hid it.
 */
export const directoryEntries = pgTable(
  'directory_entries',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Which of DIRECTORY_FIELDS (contract/community.ts) are shown. */
    fields: text('fields')
      .array()
      .notNull()
      .default(sql`'{name}'::text[]`),
    links: text('links')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Set by a moderator's decision: the member is not listed, whatever they choose, until it is cleared. */
    hiddenAt: instant('hidden_at'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    // Kept by the database (migration 0014's triggers) from this row and the person's: what the directory
    // lists, sorts on and searches, so a search reads one index in order instead of every member.
    /** Opted in, account not deleted, not hidden by a moderator. */
    listed: boolean('listed').notNull().default(false),
    /** The name in lower case when shown, else null (sorted last). */
    sortName: text('sort_name'),
    /** The shown name, company, job title and skills, in lower case, one per line. */
    searchText: text('search_text').notNull().default(''),
  },
  (table) => [
    index('directory_listed_idx')
      .on(table.sortName, table.userId)
      .where(sql`${table.listed}`),
    check(
      'directory_fields_known',
      sql`${table.fields} <@ array['name','avatar','company','jobTitle','skills','bio','links']::text[]`,
    ),
    check('directory_links_few', sql`cardinality(${table.links}) <= 5`),
  ],
);

export const ads = pgTable(
  'ads',
  {
    id: generatedId(),
    authorId: userReference('author_id'),
    category: text('category').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    /** Markdown as written; `body_html` is what pages show, rendered and sanitised when written. */
    body: text('body').notNull(),
    bodyHtml: text('body_html').notNull(),
    /** The start of the body as plain text, for lists (written with the body: lists render no Markdown). */
    excerpt: text('excerpt').notNull(),
    status: text('status').notNull().default('open'),
    /** After this instant it is no longer listed nor shown to others (end of its last day, Paris time). */
    endsAt: instant('ends_at').notNull(),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
    closedAt: instant('closed_at'),
    hiddenAt: instant('hidden_at'),
    /** Its one image (purpose `ad-image`, uploaded by its author: migration 0027's trigger holds to it). */
    imageKey: text('image_key').references(() => storedFiles.key, { onDelete: 'set null' }),
    /** The image's alternative text; empty: pages describe it from the title. */
    imageAlt: text('image_alt').notNull().default(''),
  },
  (table) => [
    // One file shows in one ad only: removing it from the ad may erase it.
    uniqueIndex('ads_image_key').on(table.imageKey),
    check('ads_image_alt_length', sql`char_length(${table.imageAlt}) <= 200`),
    index('ads_author_idx').on(table.authorId, table.createdAt.desc()),
    index('ads_open_idx')
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`${table.status} = 'open'`),
    check(
      'ads_category_known',
      sql`${table.category} in ('service', 'job', 'desk', 'equipment', 'event', 'other')`,
    ),
    check('ads_kind_known', sql`${table.kind} in ('offer', 'request')`),
    check('ads_status_known', sql`${table.status} in ('open', 'closed', 'hidden')`),
    check('ads_title_length', sql`char_length(${table.title}) between 1 and 120`),
    check('ads_body_length', sql`char_length(${table.body}) between 1 and 5000`),
    // At most 90 days: the last day is 90 days after today at most, and it ends at that day's midnight.
    check(
      'ads_ends_within_90_days',
      sql`${table.endsAt} > ${table.createdAt} and ${table.endsAt} <= ${table.createdAt} + interval '91 days'`,
    ),
    check(
      'ads_status_dates',
      sql`(${table.status} = 'hidden') = (${table.hiddenAt} is not null) and (${table.status} = 'closed') = (${table.closedAt} is not null)`,
    ),
  ],
);

/** The spaces an ad is shown in, chosen by its author among theirs (a trigger holds to it). */
export const adSpaces = pgTable(
  'ad_spaces',
  {
    spaceId: spaceReference('cascade'),
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.spaceId, table.adId] }), index('ad_spaces_ad_idx').on(table.adId)],
);

/**
 * A message relayed by e-mail: to a member of the directory, in answer to an ad, or in answer to such a
 * message. Kept for the job that sends it, the spam limits and the audit; addresses are never stored here.
 */
export const communityMessages = pgTable(
  'community_messages',
  {
    id: generatedId(),
    senderId: userReference('sender_id'),
    recipientId: userReference('recipient_id'),
    adId: uuid('ad_id').references(() => ads.id, { onDelete: 'set null' }),
    inReplyTo: uuid('in_reply_to'),
    body: text('body').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    index('community_messages_recipient_idx').on(table.recipientId, table.createdAt),
    index('community_messages_sender_idx').on(table.senderId, table.createdAt),
    check('community_messages_not_to_self', sql`${table.senderId} <> ${table.recipientId}`),
    check('community_messages_length', sql`char_length(${table.body}) between 1 and 2000`),
  ],
);

/** A report of an ad or a profile (EU Digital Services Act, article 16) and the moderator's decision. */
export const communityReports = pgTable(
  'community_reports',
  {
    id: generatedId(),
    reporterId: userReference('reporter_id'),
    subjectType: text('subject_type').notNull(),
    adId: uuid('ad_id').references(() => ads.id, { onDelete: 'cascade' }),
    profileUserId: text('profile_user_id').references(() => users.id),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('open'),
    decidedBy: text('decided_by').references(() => users.id),
    decisionReason: text('decision_reason'),
    decidedAt: instant('decided_at'),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    index('community_reports_ad_idx').on(table.adId),
    index('community_reports_profile_idx').on(table.profileUserId),
    // One open report per person and subject: reporting again adds nothing.
    uniqueIndex('community_reports_open_ad_key')
      .on(table.reporterId, table.adId)
      .where(sql`${table.status} = 'open' and ${table.adId} is not null`),
    uniqueIndex('community_reports_open_profile_key')
      .on(table.reporterId, table.profileUserId)
      .where(sql`${table.status} = 'open' and ${table.profileUserId} is not null`),
    check('community_reports_status_known', sql`${table.status} in ('open', 'upheld', 'dismissed')`),
    check(
      'community_reports_one_subject',
      sql`(${table.subjectType} = 'ad' and ${table.adId} is not null and ${table.profileUserId} is null)
        or (${table.subjectType} = 'profile' and ${table.profileUserId} is not null and ${table.adId} is null)`,
    ),
    check(
      'community_reports_decided',
      sql`(${table.status} = 'open') = (${table.decidedAt} is null)
        and (${table.status} = 'open' or (${table.decidedBy} is not null and ${table.decisionReason} is not null))`,
    ),
    check('community_reports_reason_length', sql`char_length(${table.reason}) between 1 and 1000`),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { instant, changeTimes } from './columns';

/**
 * A person a row names (`user_id` unless said): with `cascade` the row goes when the person's account is
 * deleted; without, it stays (what they bought, wrote or were sent) and keeps the account row.
 */
export function userReference(name = 'user_id', onDelete?: 'cascade') {
  return text(name)
    .notNull()
    .references(() => users.id, onDelete ? { onDelete } : {});
}

/**
 * Accounts, as better-auth reads and writes them (through its Drizzle adapter, `usePlural`): the property
 * names are better-auth's field names, the columns are ours in snake_case. Columns better-auth does not know
 * (company, skills, …) belong to the profile feature.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** The avatar's URL (`/api/files/<key>`), or null. */
    image: text('image'),
    ...changeTimes(),
    /** Platform admin: every space, blog, partners, FAQ. Never settable by the person themselves. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** `fr` or `en`; drives pages and e-mails. Null: the browser's choice. */
    locale: text('locale'),
    company: text('company'),
    jobTitle: text('job_title'),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    bio: text('bio'),
    /** Opt-in listing in the community directory of the spaces one belongs to. */
    communityVisible: boolean('community_visible').notNull().default(false),
    notificationSettings: jsonb('notification_settings')
      .$type<Record<string, boolean>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Set when the account was deleted: personal data erased, the row kept for records the law requires. */
    deletedAt: instant('deleted_at'),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    check('users_locale_known', sql`${table.locale} in ('fr', 'en')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: instant('expires_at').notNull(),
    /** Opaque; the cookie and bearer token carry it signed. Never returned by our own API. */
    token: text('token').notNull(),
    ...changeTimes(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: userReference('user_id', 'cascade'),
  },
  (table) => [
    uniqueIndex('sessions_token_key').on(table.token),
    index('sessions_user_id_idx').on(table.userId),
  ],
);

/** Ways to sign in; for e-mail + password, `providerId` is `credential` and `password` the scrypt hash. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: userReference('user_id', 'cascade'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: instant('access_token_expires_at'),
    refreshTokenExpiresAt: instant('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    ...changeTimes(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

/** Short-lived secrets: password-reset tokens, one-time sign-in tokens. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: instant('expires_at').notNull(),
    ...changeTimes(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/**
 * Rate-limit counters shared by every app process (better-auth's per-IP buckets and our per-e-mail ones).
 * `lastRequest` is epoch milliseconds, as better-auth stores it.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
  },
  (table) => [uniqueIndex('rate_limits_key_key').on(table.key)],
);

import { z } from 'zod';
import { defineCallable } from './callable';
import { refineRange } from './date-range';
import { keysetPageFields, ZCursor } from './pagination';
import { ZCalendarDate, ZText, ZUuid } from './input';
import { ACTIVITY_KINDS, ACTIVITY_PAGE_SIZE, ACTIVITY_PARAMS } from './activity.plain';

// The words the browser's feed needs without zod live in ./activity.plain.ts (docs/decisions/031).
export {
  ACTIVITY_KINDS,
  ACTIVITY_PAGE_SIZE,
  activityFiltersFromParams,
  MAX_ACTIVITY_EXPORT_ROWS,
} from './activity.plain';

export const ZActivityKind = z.enum(ACTIVITY_KINDS);
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** What an entry is about: its subject's type (its id is `subjectId`). */
export const ACTIVITY_SUBJECT_TYPES = [
  'user',
  'reservation',
  'space',
  'room',
  'invitation',
  'calendar_feed',
  'formula',
  'order',
  'plan',
  'credit_lot',
  'ad',
  'message',
  'report',
  'article',
  'faq_entry',
  'partner',
  'invoice',
  'invoicing_month',
  'bank_statement',
  'document',
  'event',
  'registration',
  'sepa_mandate',
  'sepa_collection',
] as const;
export type ActivitySubjectType = (typeof ACTIVITY_SUBJECT_TYPES)[number];

export type ActivityValue = string | number | boolean | null | string[];

/** The fields a change touched: `{ price: { before: 3000, after: 3500 } }`. Never secrets. */
export type ActivityChanges = Record<string, { before: ActivityValue; after: ActivityValue }>;

/** What the entry's sentence needs even once its subject is renamed or gone: `{ roomName, startsAt }`. */
export type ActivityDetails = Record<string, ActivityValue>;

export function isActivityKind(value: unknown): value is ActivityKind {
  return typeof value === 'string' && (ACTIVITY_KINDS as readonly string[]).includes(value);
}

// ——— The feed (/activity) ———

/**
 * Whose entries a list holds:
 * - `mine`: what happened to me, as the one who did it or the one it is about (everyone);
 * - `spaces`: everything in the spaces I manage (owners and managers; admins: every space);
 * - `all`: everything, spaces or not (admins only).
 */
export const ACTIVITY_SCOPES = ['mine', 'spaces', 'all'] as const;
export const ZActivityScope = z.enum(ACTIVITY_SCOPES);
export type ActivityScope = (typeof ACTIVITY_SCOPES)[number];

export const MAX_ACTIVITY_PAGE_SIZE = 100;
/** The longest period a filter may span, in days (a year and a day: a leap year fits). */
export const MAX_ACTIVITY_PERIOD_DAYS = 366;

/**
 * Where a page of the feed ends: the last entry's `(occurred_at, id)`, opaque to callers. The instant is
 * kept to the microsecond, as the database stores it, so no entry falls between two pages.
 */
export interface ActivityCursor {
  occurredAt: string;
  id: number;
}

const CURSOR_SHAPE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)~(\d{1,18})$/;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    return atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
}

export function encodeActivityCursor(cursor: ActivityCursor): string {
  return toBase64Url(`${cursor.occurredAt}~${cursor.id}`);
}

/** The cursor a string holds, or null when it is not one of ours. */
export function decodeActivityCursor(value: string): ActivityCursor | null {
  const match = CURSOR_SHAPE.exec(fromBase64Url(value) ?? '');
  if (!match || Number.isNaN(Date.parse(match[1]!))) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { occurredAt: match[1]!, id } : null;
}

/**
 * What a feed shows: whose entries (`scope`), narrowed by space, person, kinds and a period of calendar
 * days (read in the space's zone when one space is chosen, else in Paris's, the app's default zone).
 * Messages are keys of the `activity` namespace (`filters.errors.<message>`).
 */
const filterFields = {
  scope: ZActivityScope.default('mine'),
  spaceId: ZUuid.optional(),
  personId: ZText.min(1).max(100).optional(),
  kinds: z.array(ZActivityKind).max(ACTIVITY_KINDS.length).optional(),
  from: ZCalendarDate.optional(),
  to: ZCalendarDate.optional(),
};

/** A period ends after it starts and spans at most MAX_ACTIVITY_PERIOD_DAYS. */
const checkPeriod = refineRange<{ from?: string; to?: string }>('from', 'to', {
  maxDays: MAX_ACTIVITY_PERIOD_DAYS,
});

export const ZActivityFilters = z.object(filterFields).superRefine(checkPeriod);
export type TActivityFilters = z.output<typeof ZActivityFilters>;

/** Who did it: a person (by name), a deleted account (no name kept), or Escale itself (a sweep, a job). */
export const ZActivityActor = z.object({
  type: z.enum(['person', 'deleted', 'system']),
  id: z.string().nullable(),
  name: z.string().nullable(),
});
export type TActivityActor = z.infer<typeof ZActivityActor>;

const ZActivityValue: z.ZodType<ActivityValue> = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.string()),
]);

/** One entry as the feed shows it: what its sentence needs, and where its subject is seen. */
export const ZActivityItem = z.object({
  /** The entry's number, as text (a bigint). */
  id: z.string(),
  kind: ZActivityKind,
  occurredAt: z.string(),
  actor: ZActivityActor,
  /** The person it is about when not the actor (null when none, or a deleted account: `type`). */
  about: ZActivityActor.nullable(),
  subject: z.object({ type: z.string(), id: z.string() }),
  space: z.object({ id: z.string(), name: z.string(), slug: z.string(), timeZone: z.string() }).nullable(),
  details: z.record(z.string(), ZActivityValue),
  changes: z.record(z.string(), z.object({ before: ZActivityValue, after: ZActivityValue })),
  /** Where to see its subject, for the person asking (a manager's planning, a member's page), or null. */
  link: z.string().nullable(),
});
export type TActivityItem = z.infer<typeof ZActivityItem>;

export const listActivity = defineCallable({
  name: 'activity.list',
  input: z
    .object({
      ...filterFields,
      cursor: ZCursor.optional(),
      pageSize: z.number().int().min(1).max(MAX_ACTIVITY_PAGE_SIZE).default(ACTIVITY_PAGE_SIZE),
    })
    .superRefine(checkPeriod),
  output: z.object({
    items: z.array(ZActivityItem),
    ...keysetPageFields,
  }),
  mutates: false,
  access: 'signed-in',
});

/** What the feed's filters offer the person asking: the scopes they may use, their spaces, the people. */
export const ZActivityFilterOptions = z.object({
  scopes: z.array(ZActivityScope),
  spaces: z.array(z.object({ id: z.string(), name: z.string(), timeZone: z.string() })),
  /**
   * The people with activity in the managed spaces (or in the one asked for) and their teams, by name, with
   * the e-mail of those who share their name with another; empty in the `mine` scope.
   */
  people: z.array(z.object({ id: z.string(), name: z.string(), email: z.string().nullable() })),
});
export type TActivityFilterOptions = z.infer<typeof ZActivityFilterOptions>;

export const MAX_ACTIVITY_PEOPLE = 500;

export const getActivityFilterOptions = defineCallable({
  name: 'activity.filterOptions',
  input: z.object({ scope: ZActivityScope.default('mine'), spaceId: ZUuid.optional() }),
  output: ZActivityFilterOptions,
  mutates: false,
  access: 'signed-in',
});

/** The URL query of a set of filters (what the form would send), cursor last. */
export function activityParamsOf(filters: Partial<TActivityFilters>, cursor?: string | null): string {
  const params = new URLSearchParams();
  if (filters.scope) params.set(ACTIVITY_PARAMS.scope, filters.scope);
  if (filters.spaceId) params.set(ACTIVITY_PARAMS.space, filters.spaceId);
  if (filters.personId) params.set(ACTIVITY_PARAMS.person, filters.personId);
  for (const kind of filters.kinds ?? []) params.append(ACTIVITY_PARAMS.kind, kind);
  if (filters.from) params.set(ACTIVITY_PARAMS.from, filters.from);
  if (filters.to) params.set(ACTIVITY_PARAMS.to, filters.to);
  if (cursor) params.set(ACTIVITY_PARAMS.cursor, cursor);
  return params.toString();
}

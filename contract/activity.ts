import { z } from 'zod';
import { defineCallable } from './callable';
import { refineRange } from './date-range';
import { keysetPageFields, ZCursor } from './pagination';
import { ZCalendarDate, ZText, ZUuid } from './input';

/**
 * Every kind of entry the activity log holds (docs/decisions/020-activity-log.md), `<subject>.<what happened>`.
 * One list, so the feed has a sentence for each in both languages and the database's check on the shape
 * never meets a surprise. Add a kind here when a feature adds a change.
 */
export const ACTIVITY_KINDS = [
  // Accounts and security
  'account.created',
  'account.deleted',
  'session.signed_in',
  'session.signed_out_everywhere',
  'password.changed',
  'password.reset',
  'email.verified',
  'email.change_requested',
  'profile.updated',
  'profile.avatar_changed',
  'profile.avatar_removed',
  // Reservations
  'reservation.created',
  'reservation.cancelled',
  'reservation.cancellation_requested',
  'reservation.approved',
  'reservation.declined',
  'reservation.no_show',
  'reservation.completed',
  'reservation.checked_in',
  'reservation.released',
  'calendar_feed.created',
  'calendar_feed.revoked',
  // Spaces and their rooms
  'space.created',
  'space.updated',
  'space.hours_changed',
  'space.closures_changed',
  'space.branding_changed',
  'space.policy_changed',
  'space.published',
  'space.archived',
  'space.photos_changed',
  'room.created',
  'room.updated',
  'room.price_changed',
  'room.archived',
  'room.restored',
  // Teams
  'member.invited',
  'member.invitation_cancelled',
  'member.joined',
  'member.removed',
  // Formulas, plans and credits
  'formula.created',
  'formula.updated',
  'formula.archived',
  'formula.restored',
  'sales_settings.changed',
  'order.placed',
  'order.paid',
  'plan.cancelled',
  'plan.renewed',
  'plan.suspended',
  'plan.ended',
  'plan.paused',
  'plan.pause_cancelled',
  'plan.resumed',
  'credits.adjusted',
  // Community: the directory, messages, ads and their moderation
  'directory.updated',
  'message.sent',
  'ad.created',
  'ad.updated',
  'ad.closed',
  'report.created',
  'report.upheld',
  'report.dismissed',
  'report.reinstated',
  // The site's content (admins): blog, FAQ, partners
  'article.created',
  'article.updated',
  'article.published',
  'article.unpublished',
  'article.deleted',
  'faq_entry.created',
  'faq_entry.updated',
  'faq_entry.deleted',
  'partner.created',
  'partner.updated',
  'partner.deleted',
  // Invoices, payments and documents
  'legal_identity.changed',
  'billing_details.changed',
  'invoice.issued',
  'credit_note.issued',
  'payment.recorded',
  'payment.reversed',
  'bank_statement.imported',
  'invoicing.month_closed',
  'document.shared',
  'document.share_revoked',
  'document.acknowledged',
  // SEPA direct debit
  'sepa_mandate.signed',
  'sepa_mandate.revoked',
  'sepa_collection.created',
  // Door displays
  'door_display.created',
  'door_display.revoked',
  'door_display_settings.changed',
  // Events and registrations
  'event.created',
  'event.updated',
  'event.published',
  'event.cancelled',
  'event.cover_changed',
  'event_settings.changed',
  'registration.created',
  'registration.cancelled',
  'registration.offered',
  'registration.offer_accepted',
  'registration.offer_declined',
  'registration.offer_expired',
  'registration.checked_in',
  'registration.check_in_undone',
  'registration.no_show',
  'registration.paid',
  'registration.refunded',
] as const;

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

export const ACTIVITY_PAGE_SIZE = 25;
export const MAX_ACTIVITY_PAGE_SIZE = 100;
/** The longest period a filter may span, in days (a year and a day: a leap year fits). */
export const MAX_ACTIVITY_PERIOD_DAYS = 366;
/** At most this many rows in one CSV export; a longer history is exported period by period. */
export const MAX_ACTIVITY_EXPORT_ROWS = 50_000;

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

/** The CSV of a filtered feed (same filters as the page), for spreadsheets. */
export const ACTIVITY_EXPORT_PATH = '/activity/export.csv';

/** The query parameters of the feed's GET form (the page and the CSV export read the same). */
export const ACTIVITY_PARAMS = {
  scope: 'scope',
  space: 'space',
  person: 'person',
  kind: 'kind',
  from: 'from',
  to: 'to',
  cursor: 'cursor',
} as const;

/** The raw filters a URL holds, for `ZActivityFilters` to judge (empty fields are left out). */
export function activityFiltersFromParams(params: URLSearchParams): Record<string, unknown> {
  const value = (name: string) => params.get(name)?.trim() || undefined;
  const kinds = params.getAll(ACTIVITY_PARAMS.kind).filter((kind) => kind.trim() !== '');
  return {
    scope: value(ACTIVITY_PARAMS.scope),
    spaceId: value(ACTIVITY_PARAMS.space),
    personId: value(ACTIVITY_PARAMS.person),
    kinds: kinds.length ? kinds : undefined,
    from: value(ACTIVITY_PARAMS.from),
    to: value(ACTIVITY_PARAMS.to),
  };
}

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

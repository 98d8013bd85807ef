import { callableRef } from './callable';
import type { listActivity } from './activity';

/** The activity feed's words and limits the browser needs without the schemas (./activity.ts re-exports them). */

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

export const ACTIVITY_PAGE_SIZE = 25;
/** At most this many rows in one CSV export; a longer history is exported period by period. */
export const MAX_ACTIVITY_EXPORT_ROWS = 50_000;

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

/** The feed's next page, by name (contract/callable.ts, CallableRef). */
export const activityCalls = {
  list: callableRef<typeof listActivity>('activity.list'),
};

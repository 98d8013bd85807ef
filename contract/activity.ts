import { z } from 'zod';

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

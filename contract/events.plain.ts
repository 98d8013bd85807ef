import { callableRef } from './callable';
import type { TEventCover } from './event-cover';
import type { acceptOffer, cancelRegistration, declineOffer, registerForEvent } from './events';
import type { Locale } from './locale';
import { localizedText } from './localized';

/**
 * The fixed lists of events and registrations (docs/decisions/025-events-and-waitlist.md), without zod, so
 * the database schema can read them as the contract does.
 */
export const EVENT_STATUSES = ['draft', 'published', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/**
 * A registration's life: `registered` (holds a place), `waitlisted` (in line, with a position), `offered`
 * (a freed place held for them until `offer_expires_at`), `cancelled` (by them, a declined or expired offer,
 * or the event's cancellation), `attended` (checked in), `no_show` (registered, not checked in by the end).
 */
export const REGISTRATION_STATUSES = [
  'registered',
  'waitlisted',
  'offered',
  'cancelled',
  'attended',
  'no_show',
] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** The statuses that hold one of the event's places. */
export const PLACE_HOLDING_STATUSES = [
  'registered',
  'offered',
  'attended',
] as const satisfies readonly RegistrationStatus[];
/** The registrations still to come (holding a place, offered one, or in line): an event's cancellation ends them. */
export const UPCOMING_REGISTRATION_STATUSES = [
  'registered',
  'waitlisted',
  'offered',
] as const satisfies readonly RegistrationStatus[];
/** The people shown as coming (or who came) on an event's page, when they agreed to show their name. */
export const ATTENDING_STATUSES = ['registered', 'attended'] as const satisfies readonly RegistrationStatus[];
/** Checked at the door (came or did not): the round's payment is kept, not refunded. */
export const CHECKED_STATUSES = ['attended', 'no_show'] as const satisfies readonly RegistrationStatus[];

/** Why a registration ended. */
export const REGISTRATION_END_REASONS = ['member', 'declined', 'offer-expired', 'event-cancelled'] as const;
export type RegistrationEndReason = (typeof REGISTRATION_END_REASONS)[number];

/** How long an offer of a freed place lasts unless the space says otherwise (hours). */
export const DEFAULT_OFFER_HOURS = 24;

/** SQLSTATE of the database's refusal of a place beyond the event's capacity (migration 0019). */
export const EVENT_FULL_SQLSTATE = 'EV001';

/** The event's title in a language (contract/localized.ts). */
export function eventTitleIn(event: { titleFr: string; titleEn: string }, locale: Locale): string {
  return localizedText(locale, event.titleFr, event.titleEn);
}

/** The public page of an event. */
export function eventPath(id: string): string {
  return `/events/${id}`;
}

/** The cover's alternative text in a language (contract/localized.ts). */
export function coverAltIn(cover: Pick<TEventCover, 'altFr' | 'altEn'>, locale: Locale): string {
  return localizedText(locale, cover.altFr, cover.altEn);
}

/** The event page's registration operations, by name (contract/callable.ts, CallableRef). */
export const registrationCalls = {
  register: callableRef<typeof registerForEvent>('events.register'),
  cancel: callableRef<typeof cancelRegistration>('events.cancelRegistration'),
  acceptOffer: callableRef<typeof acceptOffer>('events.acceptOffer'),
  declineOffer: callableRef<typeof declineOffer>('events.declineOffer'),
};

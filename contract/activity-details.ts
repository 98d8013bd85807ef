import type { ActivityKind } from './activity';

/**
 * What each kind of activity entry keeps in its `details`: one data shape per kind, as an audit log typed
 * per kind does (STYLE.md, documenso's document audit logs), so the writer (`logActivity`,
 * server/platform/service-context.ts) accepts for a kind only its own data. Readers still treat every key
 * as possibly absent: an account's deletion removes its personal keys (PERSONAL_ACTIVITY_KEYS), and entries
 * written before a key was added lack it. Types only: nothing here reaches a page's JavaScript.
 */

type Nothing = Record<never, never>;

/** The slot of a reservation as it was booked, for a sentence once the room is renamed or gone. */
type ReservationSlot = {
  roomName: string;
  spaceName: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
};

/** What a credit refund gave back (a cancelled booking or place paid with credit). */
export type CreditRefund = {
  creditRefund?: 'none' | 'refunded' | 'lot-expired';
  creditAmount?: number;
  creditUnit?: string;
};

/** An event as it was when the entry was written. */
type EventFacts = {
  eventTitle: string;
  spaceName: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
};

type Registration = EventFacts & { eventId: string };

/** How a place was paid for, when it was. */
type PlaceCharge =
  | Nothing
  | { paidWith: 'price'; orderId: string; totalCents: number; paymentMethod: string }
  | { paidWith: 'credits'; creditAmount: number; creditUnit: string };

/** A payment that settled an order through its invoice (a manager recorded it on the invoice). */
type ThroughInvoice = Nothing | { paidThrough: 'invoice'; invoiceNumber: string };

type SpaceName = { spaceName: string };
/** A team's space, read again by name when the change is logged (null if it is gone meanwhile). */
type TeamSpace = { spaceName: string | null };
type RoomName = { roomName: string };
/** A formula's name as it was, in French and (entries written since it was kept) in English. */
type FormulaName = { formulaName: string; formulaNameEn?: string };
type FormulaFacts = FormulaName & { formulaKind: string };
type PauseDays = FormulaName & { startsOn: string; endsOn: string };
type Title = { title: string };
type Article = { title: string; slug: string };
type ModerationDecision = { subject: string; reason: string; title?: string };

export type ActivityDetailsByKind = {
  // Accounts and security
  'account.created': Nothing;
  'account.deleted': { entriesAnonymised: number };
  'session.signed_in': { method: string };
  'session.signed_out_everywhere': { sessions: number };
  'password.changed': Nothing;
  'password.reset': Nothing;
  'email.verified': { email: string };
  'email.change_requested': { newEmail: string };
  'profile.updated': Nothing;
  'profile.avatar_changed': Nothing;
  'profile.avatar_removed': Nothing;
  // Reservations
  'reservation.created': ReservationSlot & { status: string } & (
      | Nothing
      | { paidWith: 'price'; totalCents: number }
      | { paidWith: 'credits'; creditAmount: number; creditUnit: string }
    );
  'reservation.cancelled': ReservationSlot & CreditRefund & { by?: string; reason?: string | null };
  'reservation.cancellation_requested': ReservationSlot & { message: string | null };
  'reservation.approved': ReservationSlot;
  'reservation.declined': ReservationSlot & { reason?: string | null };
  'reservation.no_show': ReservationSlot;
  'reservation.completed': ReservationSlot;
  /** Checked in by its member, a manager, or the room's door display (contract/check-in.ts). */
  'reservation.checked_in': ReservationSlot & { via: string };
  /**
   * Released by the system: nobody checked in by the end of the grace period, the rest of its slot was freed;
   * what came back per the space's rule (its credits, a credit note of its price).
   */
  'reservation.released': ReservationSlot &
    CreditRefund & { noShowRefund: string; releasedAt: string; creditNoteNumber?: string };
  'calendar_feed.created': Nothing;
  'calendar_feed.revoked': Nothing;
  // Spaces and their rooms
  'space.created': SpaceName & { slug: string };
  'space.updated': SpaceName;
  'space.hours_changed': SpaceName;
  'space.closures_changed': SpaceName;
  'space.branding_changed': SpaceName;
  'space.policy_changed': { spaceName: string | null };
  'space.published': SpaceName;
  'space.archived': SpaceName;
  'space.photos_changed': { action: 'added' | 'updated' | 'reordered' | 'removed'; photoId: string };
  'room.created': RoomName;
  'room.updated': RoomName;
  'room.price_changed': RoomName;
  'room.archived': RoomName;
  'room.restored': RoomName;
  // Teams
  'member.invited': SpaceName & { email: string; role: string };
  'member.invitation_cancelled': TeamSpace & { email: string; role: string };
  'member.joined': TeamSpace & { role: string };
  'member.removed': TeamSpace;
  // Formulas, plans and credits
  'formula.created': FormulaFacts;
  'formula.updated': FormulaFacts;
  'formula.archived': FormulaFacts;
  'formula.restored': FormulaFacts;
  'sales_settings.changed': Nothing;
  'order.placed': FormulaName & { totalCents: number; paymentMethod: string };
  'order.paid': FormulaName & { totalCents: number } & ThroughInvoice;
  'plan.cancelled': FormulaName & { endsAt: string | null };
  'plan.renewed': FormulaName & { periodIndex: number; periodEndsAt: string };
  'plan.suspended': FormulaName;
  'plan.ended': FormulaName;
  'plan.paused': PauseDays & { days: number };
  'plan.pause_cancelled': PauseDays;
  'plan.resumed': PauseDays & { days: number; early: boolean; periodEndsAt: string | null };
  'credits.adjusted': FormulaName & { creditAmount: number; creditUnit: string; reason: string };
  // Community: the directory, messages, ads and their moderation
  'directory.updated': Nothing;
  'message.sent': { via: string; title?: string };
  'ad.created': Title & { category: string; kind: string; spaceIds: string[]; image: boolean };
  'ad.updated': Title & { bodyChanged: boolean; image?: string };
  'ad.closed': Title;
  'report.created': { subject: string; title?: string };
  'report.upheld': ModerationDecision;
  'report.dismissed': ModerationDecision;
  'report.reinstated': ModerationDecision;
  // The site's content (admins): blog, FAQ, partners
  'article.created': Article;
  'article.updated': Article;
  'article.published': Article;
  'article.unpublished': Article;
  'article.deleted': Article;
  'faq_entry.created': Title;
  'faq_entry.updated': Title;
  'faq_entry.deleted': Title;
  'partner.created': Title;
  'partner.updated': Title;
  'partner.deleted': Title;
  // Invoices, payments and documents
  'legal_identity.changed': Nothing;
  'billing_details.changed': { business: boolean };
  'invoice.issued': { number: string; totalCents: number };
  'credit_note.issued': { number: string; invoiceNumber: string; totalCents: number; reason: string };
  'payment.recorded': {
    number: string;
    amountCents: number;
    method: string;
    /** Recorded from a bank statement's line (docs/decisions/033): the file, and whether a manager confirmed it. */
    statement?: string;
    confirmed?: boolean;
  };
  'payment.reversed': { number: string; amountCents: number; reasonCode: string; statement: string };
  'bank_statement.imported': Title & {
    lines: number;
    settled: number;
    proposed: number;
    unmatched: number;
    collected: number;
    returned: number;
  };
  'invoicing.month_closed': { month: string };
  'sepa_mandate.signed': { number: string; version: number };
  'sepa_mandate.revoked': { number: string; version: number };
  'sepa_collection.created': { amountCents: number; count: number; collectionDate: string };
  'door_display.created': RoomName & { name: string };
  'door_display.revoked': RoomName & { name: string };
  'door_display_settings.changed': Nothing;
  'document.shared': Title & { audience: string; fileName?: string; contentType?: string };
  'document.share_revoked': Title & { audience: 'member' | 'space' };
  'document.acknowledged': Title;
  // Events and registrations
  'event.created': EventFacts & { duplicatedFrom?: string };
  'event.updated': EventFacts & { told?: number };
  'event.published': EventFacts;
  'event.cancelled': EventFacts & { told: number; leaversRefunded?: number; reason?: string };
  'event.cover_changed': EventFacts & { action: string };
  'event_settings.changed': Nothing;
  'registration.created': Registration & { status: string } & PlaceCharge;
  'registration.cancelled': Registration & { refund?: 'within-policy' | 'outside-policy' };
  'registration.offered': Registration & { offerExpiresAt: string };
  'registration.offer_accepted': Registration & PlaceCharge;
  'registration.offer_declined': Registration;
  'registration.offer_expired': Registration;
  'registration.checked_in': Registration;
  'registration.check_in_undone': Registration;
  'registration.no_show': Registration;
  'registration.paid': Registration & {
    orderId: string;
    totalCents: number;
    paymentMethod: string;
  } & ThroughInvoice;
  'registration.refunded': Registration &
    CreditRefund & {
      paidWith: string;
      orderId?: string;
      totalCents?: number;
      creditNoteNumber?: string;
    };
};

// Every kind has its shape and nothing else is listed: until a kind added to ACTIVITY_KINDS has one, every
// entry's data is `never` and no writer compiles.
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Checked =
  SameKeys<keyof ActivityDetailsByKind, ActivityKind> extends true
    ? ActivityDetailsByKind
    : Record<ActivityKind, never>;

/** The data an entry of kind `K` keeps. */
export type ActivityDetailsOf<K extends ActivityKind> = Checked[K];

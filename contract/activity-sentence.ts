import type { ActivityKind, TActivityActor, TActivityItem } from './activity';
import type { Locale } from './locale';
import { formatMoment, formatSlot } from './reservation-format';
import { formatCredit } from './formulas.plain';
import { localizedText } from './localized';
import { formatMoney } from './money';
import type { Translate } from './translator';

/**
 * An entry of the activity log as a sentence, in the reader's language, on the page and in the CSV alike.
 * The words are in the `activity` catalogs (`kinds.<subject>.<verb>.<variant>`); this file only picks the
 * variant and fills the blanks. Dates are in the space's zone, else the reader's (`timeZone`). `t` is the
 * `activity` namespace's translation function of the one catalog reader (contract/translator.ts).
 */

/**
 * Who the sentence speaks to: `you` when the reader did it, `forYou` when it is about the reader,
 * `otherFor`/`youFor` when it is about someone other than whoever did it, `other` otherwise.
 */
export const SENTENCE_VARIANTS = ['other', 'you', 'otherFor', 'youFor', 'forYou'] as const;
export type SentenceVariant = (typeof SENTENCE_VARIANTS)[number];

/**
 * The kinds that may concern someone other than whoever did it (a manager cancels a member's booking,
 * invites someone): their catalog entries have every variant; the others have `other` and `you`.
 */
export const CONCERNING_KINDS = [
  'reservation.created',
  'reservation.cancelled',
  'reservation.approved',
  'reservation.declined',
  'reservation.no_show',
  'reservation.completed',
  'reservation.checked_in',
  'reservation.released',
  'member.invited',
  'member.invitation_cancelled',
  'member.removed',
  'order.paid',
  'plan.renewed',
  'plan.suspended',
  'plan.ended',
  'plan.pause_cancelled',
  'plan.resumed',
  'credits.adjusted',
  'message.sent',
  'report.upheld',
  'report.reinstated',
  'payment.recorded',
  'payment.reversed',
  'document.shared',
  'document.share_revoked',
  'registration.offered',
  'registration.offer_expired',
  'registration.checked_in',
  'registration.check_in_undone',
  'registration.no_show',
  'registration.paid',
  'registration.refunded',
] as const satisfies readonly ActivityKind[];

/**
 * The kinds whose author is the space, not the person who set them off: an invoice or a credit note is
 * issued by the space (its seller) for its buyer, whether a member's purchase, a manager's click or a job
 * issued it. Their sentences name the space and the buyer, never the actor: `forYou` when the reader is
 * the buyer, `other` otherwise.
 */
const SPACE_ISSUED_KINDS = [
  'invoice.issued',
  'credit_note.issued',
] as const satisfies readonly ActivityKind[];

const SPACE_ISSUED_VARIANTS = ['other', 'forYou'] as const satisfies readonly SentenceVariant[];

function isSpaceIssued(kind: ActivityKind): boolean {
  return (SPACE_ISSUED_KINDS as readonly string[]).includes(kind);
}

export function variantsOf(kind: ActivityKind): readonly SentenceVariant[] {
  if (isSpaceIssued(kind)) return SPACE_ISSUED_VARIANTS;
  return (CONCERNING_KINDS as readonly string[]).includes(kind) ? SENTENCE_VARIANTS : ['other', 'you'];
}

/** The catalog key of a kind's part: `kinds.reservation.created.label`. */
export function kindKey(kind: ActivityKind, part: SentenceVariant | 'label'): string {
  return `kinds.${kind}.${part}`;
}

/** The families of kinds, for the filter's groups (by the subject before the dot). */
export const ACTIVITY_KIND_GROUPS: Record<string, readonly string[]> = {
  account: ['account', 'session', 'password', 'email', 'profile'],
  reservations: ['reservation', 'calendar_feed'],
  spaces: ['space', 'room', 'door_display', 'door_display_settings'],
  teams: ['member'],
  formulas: ['formula', 'sales_settings', 'order', 'plan', 'credits'],
  community: ['directory', 'message', 'ad', 'report'],
  content: ['article', 'faq_entry', 'partner'],
  invoicing: [
    'legal_identity',
    'billing_details',
    'invoice',
    'credit_note',
    'payment',
    'bank_statement',
    'invoicing',
    'document',
    'sepa_mandate',
    'sepa_collection',
  ],
  events: ['event', 'event_settings', 'registration'],
};

export function groupOfKind(kind: ActivityKind): string {
  const subject = kind.split('.')[0]!;
  return Object.entries(ACTIVITY_KIND_GROUPS).find(([, subjects]) => subjects.includes(subject))?.[0] ?? '';
}

function variantFor(item: TActivityItem, viewerId: string | null): SentenceVariant {
  if (isSpaceIssued(item.kind)) {
    return viewerId !== null && item.about?.id === viewerId ? 'forYou' : 'other';
  }
  const concerning = variantsOf(item.kind).length > 2;
  const byReader = viewerId !== null && item.actor.id === viewerId;
  const about =
    item.about && !(item.about.id !== null && item.about.id === item.actor.id) ? item.about : null;
  if (!concerning || !about) return byReader ? 'you' : 'other';
  if (byReader) return 'youFor';
  if (viewerId !== null && about.id === viewerId) return 'forYou';
  return 'otherFor';
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** A person as the sentence names them: their name, "a deleted account" or Escale. */
export function personName(person: TActivityActor | null, t: Translate): string {
  if (!person) return t('people.someone');
  if (person.type === 'system') return t('people.system');
  if (person.type === 'deleted' || !person.name) return t('people.deleted');
  return person.name;
}

/** The slot an entry about a reservation names, in the zone given. */
function slotOf(item: TActivityItem, locale: Locale, timeZone: string, t: Translate): string {
  const startsAt = text(item.details.startsAt);
  const endsAt = text(item.details.endsAt);
  if (startsAt && !Number.isNaN(Date.parse(startsAt))) {
    return endsAt && !Number.isNaN(Date.parse(endsAt))
      ? formatSlot(locale, startsAt, endsAt, timeZone)
      : formatMoment(locale, startsAt, timeZone);
  }
  return t('fallback.slot');
}

/** The zone an entry's times are read in: its space's, else the reader's. */
export function zoneOfItem(item: TActivityItem, readerZone: string): string {
  return item.space?.timeZone ?? readerZone;
}

/** "Camille Martin a réservé Salle Parmentier (Acme) : lundi 4 mai 2026, 09:00 – 10:00". */
export function describeActivity(
  item: TActivityItem,
  options: { viewerId: string | null; locale: Locale; timeZone: string; t: Translate },
): string {
  const { t, locale } = options;
  const zone = zoneOfItem(item, options.timeZone);
  const about = item.about ? personName(item.about, t) : null;
  const someone = () => t('people.someone');
  const values = {
    actor: personName(item.actor, t),
    about: about ?? someone(),
    email: text(item.details.email) ?? about ?? someone(),
    space: item.space?.name ?? text(item.details.spaceName) ?? t('fallback.space'),
    room: text(item.details.roomName) ?? t('fallback.room'),
    // The formula's name in the reader's language when the entry kept both (older entries kept French).
    formula:
      text(localizedText(locale, text(item.details.formulaName), text(item.details.formulaNameEn))) ??
      t('fallback.formula'),
    event: text(item.details.eventTitle) ?? t('fallback.event'),
    credit:
      typeof item.details.creditAmount === 'number' &&
      (item.details.creditUnit === 'minutes' || item.details.creditUnit === 'entries')
        ? formatCredit(locale, item.details.creditAmount, item.details.creditUnit, t)
        : '',
    // The site's content (an article's title, a question, a partner's name) and ads' titles, as they were.
    title: text(item.details.title) ?? t('fallback.title'),
    number: text(item.details.number) ?? '',
    invoiceNumber: text(item.details.invoiceNumber) ?? '',
    amount:
      typeof item.details.amountCents === 'number'
        ? formatMoney(item.details.amountCents, locale)
        : typeof item.details.totalCents === 'number'
          ? formatMoney(item.details.totalCents, locale)
          : '',
    month: text(item.details.month) ?? '',
    // Only bookings' sentences name a slot.
    slot:
      item.kind.startsWith('reservation.') || item.kind.startsWith('event.')
        ? slotOf(item, locale, zone, t)
        : '',
  };
  const sentence = t(kindKey(item.kind, variantFor(item, options.viewerId)), values);
  const payment = paymentOf(item, locale, t);
  return sentence.charAt(0).toLocaleUpperCase(locale) + sentence.slice(1) + (payment ? ` · ${payment}` : '');
}

/** The kinds whose entry says how the booking or the place was paid (issue 28). */
const PAID_KINDS: readonly ActivityKind[] = ['reservation.created', 'registration.created'];

/** "payée en crédits : 2 h" or "54,00 € TTC", as the entry recorded it; null when it says nothing. */
function paymentOf(item: TActivityItem, locale: Locale, t: Translate): string | null {
  if (!PAID_KINDS.includes(item.kind)) return null;
  const { paidWith, creditAmount, creditUnit, totalCents } = item.details;
  if (
    paidWith === 'credits' &&
    typeof creditAmount === 'number' &&
    (creditUnit === 'minutes' || creditUnit === 'entries')
  )
    return t('payment.credits', { credit: formatCredit(locale, creditAmount, creditUnit, t) });
  if (paidWith === 'price' && typeof totalCents === 'number' && totalCents > 0)
    return t('payment.price', { amount: formatMoney(totalCents, locale) });
  return null;
}

/**
 * The reasons Escale itself records (a credit note for a cancelled booking, a booking left unconfirmed), as
 * codes: the reader gets them in words (`reasons.<code>` in the activity catalogs). A reason a person wrote
 * (a manager's refusal, a moderator's decision) is shown as they wrote it.
 */
export const ACTIVITY_REASON_CODES = [
  'reservation-cancelled',
  'expired',
  'event-cancelled',
  'cancelled-within-policy',
  'reservation-no-show',
] as const;

/** The reason an entry records (a cancellation's, a refusal's), in the reader's words, when there is one. */
export function reasonOf(item: TActivityItem, t: Translate): string | null {
  const reason = text(item.details.reason);
  if (reason && (ACTIVITY_REASON_CODES as readonly string[]).includes(reason)) return t(`reasons.${reason}`);
  return reason;
}

import type { FreeCancellation } from '#contract/cancellation';
import type { Locale } from '#contract/locale';
import {
  formatDay,
  formatDuration,
  formatMoment,
  formatSlot,
  formatTime,
  zoneCity,
} from '#contract/reservation-format';
import { formatMoney, formatVatRate } from '#contract/money';
import { escapeHtml } from '../../platform/mail-templates';
import type { ManagerMailEvent, ReservationMailEvent } from './notifications';
import type { ReservationRecord } from './reservation-view';

/**
 * E-mails about a reservation, in their reader's language, as HTML (inline styles, for mail clients) and
 * plain text: the member's, and its space managers' (a member asking them to cancel). `{room}`-style
 * placeholders are filled, then HTML-escaped.
 */
interface EventText {
  subject: string;
  lead: string;
  next?: string;
  /** Said instead of `next` once the member may no longer cancel online (never a limit already past). */
  nextLate?: string;
  button: string;
}

interface Catalog {
  greeting: string;
  footer: string;
  labels: {
    space: string;
    address: string;
    room: string;
    when: string;
    attendees: string;
    title: string;
    priceExclVat: string;
    vat: string;
    total: string;
    reason: string;
    member: string;
    message: string;
  };
  zone: string;
  events: Record<ReservationMailEvent, EventText>;
  managerEvents: Record<ManagerMailEvent, EventText>;
  cancelledBy: Record<'member' | 'manager' | 'system', string>;
}

const fr: Catalog = {
  greeting: 'Bonjour {name},',
  footer: 'Escale — trouvez et réservez votre espace de travail. Ce message est envoyé automatiquement.',
  labels: {
    space: 'Espace',
    address: 'Adresse',
    room: 'Salle',
    when: 'Quand',
    attendees: 'Participants',
    title: 'Objet',
    priceExclVat: 'Prix HT',
    vat: 'TVA ({rate})',
    total: 'Total TTC',
    reason: 'Motif',
    member: 'Membre',
    message: 'Message',
  },
  zone: 'heure de {city}',
  events: {
    confirmed: {
      subject: 'Réservation confirmée : {room}, {date}',
      lead: 'Votre réservation est confirmée. Vous trouverez l’événement en pièce jointe pour l’ajouter à votre agenda.',
      next: 'Annulation gratuite jusqu’au {freeUntil}. Présentez-vous à l’accueil de l’espace à votre arrivée.',
      nextLate:
        'L’annulation gratuite s’arrête {hours} h avant le début : vous ne pouvez pas annuler cette réservation en ligne. En cas d’empêchement, demandez à l’espace de l’annuler depuis vos réservations. Présentez-vous à l’accueil de l’espace à votre arrivée.',
      button: 'Voir ma réservation',
    },
    requested: {
      subject: 'Demande de réservation envoyée : {room}, {date}',
      lead: 'Votre demande a bien été transmise. Cette salle est soumise à validation : l’espace doit l’accepter.',
      next: 'Vous recevrez un e-mail dès sa décision. Sans réponse avant le début du créneau, la demande expire d’elle-même.',
      button: 'Suivre ma demande',
    },
    approved: {
      subject: 'Demande acceptée : {room}, {date}',
      lead: 'Bonne nouvelle : l’espace a accepté votre demande. Votre réservation est confirmée ; l’événement est en pièce jointe.',
      next: 'Annulation gratuite jusqu’au {freeUntil}.',
      nextLate:
        'L’annulation gratuite s’arrête {hours} h avant le début : vous ne pouvez plus annuler cette réservation en ligne. En cas d’empêchement, demandez à l’espace de l’annuler depuis vos réservations.',
      button: 'Voir ma réservation',
    },
    declined: {
      subject: 'Demande refusée : {room}, {date}',
      lead: 'L’espace n’a pas pu accepter votre demande. Rien ne vous sera facturé.',
      next: 'Vous pouvez choisir un autre créneau ou une autre salle.',
      button: 'Voir mes réservations',
    },
    cancelled: {
      subject: 'Réservation annulée : {room}, {date}',
      lead: 'Cette réservation est annulée ({by}).',
      next: 'Le créneau est de nouveau libre. Rien ne vous sera facturé.',
      button: 'Voir mes réservations',
    },
    expired: {
      subject: 'Demande expirée : {room}, {date}',
      lead: 'L’espace n’a pas répondu à votre demande avant le début du créneau : elle a expiré. Rien ne vous sera facturé.',
      next: 'Vous pouvez réserver un autre créneau.',
      button: 'Voir mes réservations',
    },
    reminder: {
      subject: 'Rappel : {room} demain à {time}',
      lead: 'Petit rappel : votre réservation commence dans 24 heures.',
      next: 'Un empêchement ? Annulez gratuitement jusqu’au {freeUntil} depuis vos réservations, pour libérer le créneau.',
      nextLate:
        'Un empêchement ? L’annulation gratuite en ligne est terminée : demandez à l’espace d’annuler depuis vos réservations, pour libérer le créneau.',
      button: 'Voir ma réservation',
    },
  },
  cancelledBy: {
    member: 'à votre demande',
    manager: 'par l’espace',
    system: 'automatiquement',
  },
  managerEvents: {
    'cancellation-requested': {
      subject: 'Demande d’annulation : {room}, {date}',
      lead: '{member} demande l’annulation de sa réservation à {space}. L’annulation gratuite en ligne est terminée pour elle : à vous de l’annuler, avec un motif transmis au membre, ou de lui répondre.',
      button: 'Voir les demandes',
    },
  },
};

const en: Catalog = {
  greeting: 'Hello {name},',
  footer: 'Escale — find and book your workspace. This message was sent automatically.',
  labels: {
    space: 'Space',
    address: 'Address',
    room: 'Room',
    when: 'When',
    attendees: 'Attendees',
    title: 'Title',
    priceExclVat: 'Price excl. VAT',
    vat: 'VAT ({rate})',
    total: 'Total incl. VAT',
    reason: 'Reason',
    member: 'Member',
    message: 'Message',
  },
  zone: '{city} time',
  events: {
    confirmed: {
      subject: 'Booking confirmed: {room}, {date}',
      lead: 'Your booking is confirmed. The attached event adds it to your calendar.',
      next: 'Free cancellation until {freeUntil}. Check in at the front desk when you arrive.',
      nextLate:
        'Free cancellation ends {hours} h before the start: you cannot cancel this booking online. If you cannot come, ask the space to cancel it from your reservations. Check in at the front desk when you arrive.',
      button: 'See my booking',
    },
    requested: {
      subject: 'Booking request sent: {room}, {date}',
      lead: 'Your request was sent. This room needs approval: the space has to accept it.',
      next: 'You will get an e-mail as soon as they decide. Without an answer before the start, the request expires by itself.',
      button: 'Follow my request',
    },
    approved: {
      subject: 'Request accepted: {room}, {date}',
      lead: 'Good news: the space accepted your request. Your booking is confirmed; the event is attached.',
      next: 'Free cancellation until {freeUntil}.',
      nextLate:
        'Free cancellation ends {hours} h before the start: you can no longer cancel this booking online. If you cannot come, ask the space to cancel it from your reservations.',
      button: 'See my booking',
    },
    declined: {
      subject: 'Request declined: {room}, {date}',
      lead: 'The space could not accept your request. You will not be charged.',
      next: 'You can pick another time or another room.',
      button: 'See my reservations',
    },
    cancelled: {
      subject: 'Booking cancelled: {room}, {date}',
      lead: 'This booking is cancelled ({by}).',
      next: 'The slot is free again. You will not be charged.',
      button: 'See my reservations',
    },
    expired: {
      subject: 'Request expired: {room}, {date}',
      lead: 'The space did not answer your request before the start: it expired. You will not be charged.',
      next: 'You can book another time.',
      button: 'See my reservations',
    },
    reminder: {
      subject: 'Reminder: {room} tomorrow at {time}',
      lead: 'A quick reminder: your booking starts in 24 hours.',
      next: 'Cannot make it? Cancel for free until {freeUntil} from your reservations, to free the slot.',
      nextLate:
        'Cannot make it? Free online cancellation is over: ask the space to cancel from your reservations, to free the slot.',
      button: 'See my booking',
    },
  },
  cancelledBy: {
    member: 'at your request',
    manager: 'by the space',
    system: 'automatically',
  },
  managerEvents: {
    'cancellation-requested': {
      subject: 'Cancellation request: {room}, {date}',
      lead: '{member} asks to cancel their booking at {space}. Free online cancellation is over for it: it is up to you to cancel it, with a reason the member receives, or to answer them.',
      button: 'See the requests',
    },
  },
};

const catalogs: Record<Locale, Catalog> = { fr, en };

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

export interface RenderedReservationMail {
  subject: string;
  html: string;
  text: string;
}

/** The rows every reservation e-mail lists: where, when, who, the price. */
function detailsOf(catalog: Catalog, locale: Locale, record: ReservationRecord): Array<[string, string]> {
  const r = record.reservation;
  const zone = record.space.timeZone;
  const l = catalog.labels;
  const when = `${formatSlot(locale, r.startsAt.toISOString(), r.endsAt.toISOString(), zone)} (${fill(catalog.zone, { city: zoneCity(zone) })}, ${formatDuration(locale, Math.round((r.endsAt.getTime() - r.startsAt.getTime()) / 60_000))})`;
  return [
    [l.space, record.space.name],
    [
      l.address,
      [record.space.addressLine, `${record.space.postcode} ${record.space.city}`.trim()]
        .filter(Boolean)
        .join(', '),
    ],
    [l.room, record.room.name],
    [l.when, when],
    [l.attendees, String(r.attendees)],
    ...(r.title ? ([[l.title, r.title]] as Array<[string, string]>) : []),
    [l.priceExclVat, formatMoney(r.priceExclVatCents, locale, r.currency)],
    [
      fill(l.vat, { rate: formatVatRate(r.vatRateBasisPoints, locale) }),
      formatMoney(r.vatCents, locale, r.currency),
    ],
    [l.total, formatMoney(r.totalCents, locale, r.currency)],
  ];
}

/** One e-mail, as plain text and as HTML, from its parts. */
function compose(
  locale: Locale,
  catalog: Catalog,
  parts: {
    subject: string;
    greeting: string;
    lead: string;
    details: Array<[string, string]>;
    next?: string;
    button: string;
    link: string;
  },
): RenderedReservationMail {
  const { subject, greeting, lead, details, next, button, link } = parts;
  const separator = locale === 'fr' ? ' : ' : ': ';
  const text = [
    greeting,
    '',
    lead,
    '',
    ...details.map(([label, value]) => `${label}${separator}${value}`),
    '',
    ...(next ? [next, ''] : []),
    `${button}${separator}${link}`,
    '',
    '--',
    catalog.footer,
  ].join('\n');

  const rows = details
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:6px 12px 6px 0;color:#57534e;font-weight:500;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:6px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#4f46e5">Escale</p>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(lead)}</p>
<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;font-size:15px">${rows}</table>
${next ? `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(next)}</p>` : ''}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(button)}</a></p>
<p style="margin:32px 0 0;font-size:12px;color:#57534e">${escapeHtml(catalog.footer)}</p>
</div></body></html>`;

  return { subject, html, text };
}

/**
 * The member's e-mail about `event`. `freeCancellation` is the limit at sending time
 * (contract/cancellation.ts): a limit already past is never promised, the mail says what to do instead.
 */
export function renderReservationMail(
  locale: Locale,
  event: ReservationMailEvent,
  record: ReservationRecord,
  options: { baseUrl: string; freeCancellation: FreeCancellation | null },
): RenderedReservationMail {
  const catalog = catalogs[locale];
  const message = catalog.events[event];
  const r = record.reservation;
  const zone = record.space.timeZone;
  const startsAt = r.startsAt.toISOString();
  const terms = options.freeCancellation;
  const values = {
    name: record.member.name,
    room: record.room.name,
    date: formatDay(locale, startsAt, zone),
    time: formatTime(locale, startsAt, zone),
    by: catalog.cancelledBy[r.cancelledByRole ?? 'system'],
    freeUntil: terms ? formatMoment(locale, terms.until, zone) : '',
    hours: String(record.freeCancellationHours),
  };
  // The events that speak of cancelling say the limit while it is ahead, what to do once it is past, and
  // nothing about it when there is none (the reservation is no longer active).
  const next = !message.nextLate
    ? message.next
    : !terms
      ? undefined
      : terms.passed
        ? message.nextLate
        : message.next;
  const link =
    event === 'declined' || event === 'cancelled' || event === 'expired'
      ? `${options.baseUrl}/reservations`
      : `${options.baseUrl}/result?reservation=${r.id}`;
  const reason =
    event === 'declined'
      ? r.declineReason
      : event === 'cancelled' && r.cancelledByRole === 'manager'
        ? r.cancellationReason
        : null;
  return compose(locale, catalog, {
    subject: fill(message.subject, values),
    greeting: fill(catalog.greeting, values),
    lead: fill(message.lead, values),
    details: [
      ...detailsOf(catalog, locale, record),
      ...(reason ? ([[catalog.labels.reason, reason]] as Array<[string, string]>) : []),
    ],
    next: next ? fill(next, values) : undefined,
    button: message.button,
    link,
  });
}

/** An e-mail to one of the space's managers (`recipient`) about a reservation of its member. */
export function renderManagerMail(
  locale: Locale,
  event: ManagerMailEvent,
  record: ReservationRecord,
  recipient: { name: string },
  options: { baseUrl: string },
): RenderedReservationMail {
  const catalog = catalogs[locale];
  const message = catalog.managerEvents[event];
  const r = record.reservation;
  const values = {
    name: recipient.name,
    member: record.member.name,
    space: record.space.name,
    room: record.room.name,
    date: formatDay(locale, r.startsAt.toISOString(), record.space.timeZone),
  };
  const l = catalog.labels;
  return compose(locale, catalog, {
    subject: fill(message.subject, values),
    greeting: fill(catalog.greeting, values),
    lead: fill(message.lead, values),
    details: [
      [l.member, `${record.member.name} (${record.member.email})`],
      ...detailsOf(catalog, locale, record),
      ...(r.cancellationRequestMessage
        ? ([[l.message, r.cancellationRequestMessage]] as Array<[string, string]>)
        : []),
    ],
    button: message.button,
    link: `${options.baseUrl}/reservations?view=approvals`,
  });
}

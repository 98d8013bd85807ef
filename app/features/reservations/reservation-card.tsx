import { Clock, MapPin, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/platform/translation';
import { formatDay, formatDuration, formatMoment, formatTime, zoneCity } from '#contract/reservation-format';
import { formatCredit } from '#contract/formulas.plain';
import { formatMoney } from '#contract/money';
import type { TReservation } from '#contract/reservations';
import { isActiveStatus } from '#contract/reservations.plain';
import { TextLink } from '~/ui/link';
import { capitalize, useVisitorTimeZone } from '~/platform/format';
import { useLocale } from '~/platform/use-locale';
import { StatusBadge } from './status-badge';
import { CheckInNote } from './check-in-action';

/** One reservation: when (in its space's zone), where, status, price; `actions` below. */
export function ReservationCard({
  reservation,
  actions,
  headingLevel = 3,
  forManager = false,
}: {
  reservation: TReservation;
  actions?: ReactNode;
  /** 2 when the card follows the page's h1 directly (the result page), 3 inside a titled list. */
  headingLevel?: 2 | 3;
  /** A manager reads the card in the approvals queue: the member's own notes are left out. */
  forManager?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const visitorZone = useVisitorTimeZone();
  const zone = reservation.space.timeZone;
  const { startsAt, endsAt } = reservation;
  const active = isActiveStatus(reservation.status);
  // How it was paid: the credit it took (given back or not), else its price.
  const paymentOf = ({ paidWithCredits: credits, price }: TReservation) =>
    credits
      ? t(credits.refunded ? 'card.creditsRefunded' : 'card.paidWithCredits', {
          credit: formatCredit(locale, credits.amount, credits.unit, (key, values) => t(key, values)),
        })
      : t('card.total', { amount: formatMoney(price.totalCents, locale, price.currency) });
  return (
    <article
      className="border-line flex flex-col gap-3 rounded-2xl border p-4 sm:p-5"
      aria-labelledby={`r-${reservation.id}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <Heading id={`r-${reservation.id}`} className="text-lg font-semibold">
            <TextLink to={`/spaces/${reservation.space.slug}/rooms/${reservation.room.id}`}>
              {reservation.room.name}
            </TextLink>
          </Heading>
          {reservation.title ? <p className="text-ink-soft">{reservation.title}</p> : null}
        </div>
        <StatusBadge reservation={reservation} />
      </div>
      <ul className="flex flex-col gap-1 text-sm">
        <li className="flex items-center gap-2">
          <Clock aria-hidden className="text-ink-soft size-4 shrink-0" />
          <span>
            <time dateTime={startsAt}>{capitalize(formatDay(locale, startsAt, zone))}</time>,{' '}
            {formatTime(locale, startsAt, zone)} – {formatTime(locale, endsAt, zone)} (
            {formatDuration(locale, reservation.price.minutes)})
            {visitorZone && visitorZone !== zone ? ` · ${t('zoneTime', { city: zoneCity(zone) })}` : ''}
          </span>
        </li>
        <li className="flex items-center gap-2">
          <MapPin aria-hidden className="text-ink-soft size-4 shrink-0" />
          <span>
            {reservation.space.name}, {reservation.space.addressLine}, {reservation.space.postcode}{' '}
            {reservation.space.city}
          </span>
        </li>
        <li className="flex items-center gap-2">
          <Users aria-hidden className="text-ink-soft size-4 shrink-0" />
          <span>
            {t('card.attendees', { count: reservation.attendees })} ·{' '}
            <span data-testid="reservation-payment">{paymentOf(reservation)}</span>
          </span>
        </li>
      </ul>
      {reservation.status === 'declined' && reservation.declineReason ? (
        <p className="text-sm">{t('card.declineReason', { reason: reservation.declineReason })}</p>
      ) : null}
      {reservation.status === 'cancelled' &&
      reservation.cancelledBy === 'manager' &&
      reservation.cancellationReason ? (
        <p className="text-sm">{t('card.cancelReason', { reason: reservation.cancellationReason })}</p>
      ) : null}
      {!forManager && reservation.status === 'pending' && reservation.expiresAt ? (
        <p className="text-sm">{t('card.pendingNote')}</p>
      ) : null}
      {!forManager && reservation.status === 'confirmed' && reservation.freeCancellationUntil ? (
        <p className="text-ink-soft text-sm">
          {t('card.freeUntil', { when: formatMoment(locale, reservation.freeCancellationUntil, zone) })}
        </p>
      ) : null}
      {active && reservation.cancellationRequestedAt ? (
        <p className="text-sm">
          {t(forManager ? 'card.cancellationRequestedManager' : 'card.cancellationRequested', {
            when: formatMoment(locale, reservation.cancellationRequestedAt, zone),
          })}
          {reservation.cancellationRequestMessage ? (
            <> {t('card.cancellationRequestMessage', { message: reservation.cancellationRequestMessage })}</>
          ) : null}
        </p>
      ) : !forManager && active && !reservation.canCancel && !reservation.freeCancellationUntil ? (
        <p className="text-sm">{t('card.lateNote', { space: reservation.space.name })}</p>
      ) : null}
      {!forManager ? <CheckInNote reservation={reservation} /> : null}
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </article>
  );
}

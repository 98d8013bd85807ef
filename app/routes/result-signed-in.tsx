import { useState } from 'react';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import { formatMoment } from '#contract/reservation-format';
import type { TPlan } from '#contract/formulas';
import type { TReservation } from '#contract/reservations';
import { isActiveStatus } from '#contract/reservations.plain';
import { PurchaseOutcome } from '~/features/formulas/purchase-outcome';
import { useRootData } from '~/platform/root-data';
import { buttonClass } from '~/ui/button';
import { CalendarLinks } from '~/features/reservations/calendar-links';
import { CancellationAction } from '~/features/reservations/cancellation-action';
import { CheckInButton } from '~/features/reservations/check-in-action';
import { useLocale } from '~/platform/use-locale';
import { ReservationCard } from '~/features/reservations/reservation-card';
import { statusKeyOf } from '~/features/reservations/status-badge';
import { Outcome } from './result-outcome';

/**
 * What /result shows its member, signed in: a booking's outcome or a formula bought. Its own chunk, loaded
 * with such a page only: a signed-out visitor's page (a failure, the sign-in prompt) stays light
 * (docs/decisions/031-light-pages.md).
 */
export default function SignedInOutcome({
  result,
}: {
  result: { kind: 'reservation'; reservation: TReservation } | { kind: 'purchase'; plan: TPlan };
}) {
  return result.kind === 'reservation' ? (
    <ReservationOutcome initial={result.reservation} />
  ) : (
    <PurchaseOutcome plan={result.plan} />
  );
}

function ReservationOutcome({ initial }: { initial: TReservation }) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const email = useRootData()?.user?.email ?? '';
  const [reservation, setReservation] = useState(initial);
  const status = statusKeyOf(reservation);
  const zone = reservation.space.timeZone;
  const roomPath = `/spaces/${reservation.space.slug}/rooms/${reservation.room.id}`;
  const at = (instant: string) => formatMoment(locale, instant, zone);

  const next: string[] =
    status === 'confirmed'
      ? [
          t('result.next.email', { email }),
          // The limit only while it is ahead (contract/cancellation.ts); past it, how to cancel still.
          reservation.freeCancellationUntil
            ? t('result.next.freeCancellation', { when: at(reservation.freeCancellationUntil) })
            : t('result.next.lateCancellation', { space: reservation.space.name }),
          t('result.next.arrive', { space: reservation.space.name }),
        ]
      : status === 'pending'
        ? [
            t('result.next.pendingEmail', { email }),
            t('result.next.pendingExpiry', { when: at(reservation.startsAt) }),
          ]
        : [t('result.next.bookAgain')];
  const tone =
    status === 'confirmed' || status === 'completed'
      ? 'success'
      : status === 'pending'
        ? 'waiting'
        : 'failure';

  return (
    <div className="flex flex-col gap-8">
      <Outcome tone={tone} title={t(`result.title.${status}`)}>
        {t(`result.lead.${status}`)}
      </Outcome>
      <ReservationCard
        reservation={reservation}
        headingLevel={2}
        actions={
          <>
            <CheckInButton reservation={reservation} onChanged={setReservation} />
            <CancellationAction reservation={reservation} onChanged={setReservation} />
          </>
        }
      />
      {isActiveStatus(status) ? (
        <section aria-labelledby="add-title" className="flex flex-col gap-3">
          <h2 id="add-title" className="text-xl font-semibold">
            {t('result.addToCalendar')}
          </h2>
          <CalendarLinks reservation={reservation} size="md" />
        </section>
      ) : null}
      <section aria-labelledby="next-title" className="flex flex-col gap-3">
        <h2 id="next-title" className="text-xl font-semibold">
          {tone === 'failure' ? t('result.whatToDo') : t('result.whatsNext')}
        </h2>
        <ul className="list-disc space-y-1 pl-5">
          {next.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <div className="flex flex-wrap gap-3">
        <Link to="/reservations" className={buttonClass('primary')}>
          {t('result.myReservations')}
        </Link>
        <Link to={roomPath} className={buttonClass('outline')}>
          {tone === 'failure' ? t('result.otherSlot') : t('result.bookAnother')}
        </Link>
      </div>
    </div>
  );
}

import { CircleAlert, CircleCheck, Hourglass } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import { formatMoment } from '#contract/reservation-format';
import type { TPlan } from '#contract/formulas';
import { isActiveStatus, type TReservation } from '#contract/reservations';
import { PurchaseOutcome } from '~/features/formulas/purchase-outcome';
import { loginPath } from '~/platform/auth-paths';
import { useRootData } from '~/platform/root-data';
import { buttonClass } from '~/ui/button';
import { cn } from '~/ui/cn';
import { CalendarLinks } from '~/features/reservations/calendar-links';
import { CancellationAction } from '~/features/reservations/cancellation-action';
import { useLocale } from '~/platform/use-locale';
import { ReservationCard } from '~/features/reservations/reservation-card';
import { statusKeyOf } from '~/features/reservations/status-badge';

export type ResultData =
  | { kind: 'reservation'; reservation: TReservation }
  | { kind: 'purchase'; plan: TPlan }
  | { kind: 'failure'; reason: string; roomId: string | null }
  | { kind: 'signin'; redirect: string };

const TONE = {
  success: { icon: CircleCheck, className: 'text-success' },
  waiting: { icon: Hourglass, className: 'text-amber-700' },
  failure: { icon: CircleAlert, className: 'text-danger' },
} as const;

function Outcome({
  tone,
  title,
  children,
}: {
  tone: keyof typeof TONE;
  title: string;
  children?: ReactNode;
}) {
  const { icon: Icon, className } = TONE[tone];
  return (
    <header className="flex items-start gap-3">
      <Icon aria-hidden className={cn('mt-1 size-8 shrink-0', className)} />
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {children ? <div className="text-ink-soft mt-2 text-lg">{children}</div> : null}
      </div>
    </header>
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
        actions={<CancellationAction reservation={reservation} onChanged={setReservation} />}
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

/** `/result`: the outcome of a booking — success (summary, calendar, what's next) or failure (why, what to do). */
export function ResultPage({ result }: { result: ResultData }) {
  const { t } = useTranslation('reservations');
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      {result.kind === 'reservation' ? (
        <ReservationOutcome initial={result.reservation} />
      ) : result.kind === 'purchase' ? (
        <PurchaseOutcome plan={result.plan} />
      ) : result.kind === 'signin' ? (
        <div className="flex flex-col gap-6">
          <Outcome tone="waiting" title={t('result.title.signin')}>
            {t('result.lead.signin')}
          </Outcome>
          <Link to={loginPath(result.redirect)} className={cn(buttonClass('primary'), 'self-start')}>
            {t('result.signIn')}
          </Link>
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          <Outcome tone="failure" title={t('result.title.failure')}>
            {t(`result.why.${result.reason}`, { defaultValue: t('result.why.unknown') })}
          </Outcome>
          <section aria-labelledby="todo-title">
            <h2 id="todo-title" className="mb-2 text-xl font-semibold">
              {t('result.whatToDo')}
            </h2>
            <p>{t(`result.todo.${result.reason}`, { defaultValue: t('result.todo.unknown') })}</p>
          </section>
          <div className="flex flex-wrap gap-3">
            {result.roomId ? (
              <Link to={`/rooms/${result.roomId}`} className={buttonClass('primary')}>
                {t('result.backToRoom')}
              </Link>
            ) : null}
            <Link to="/reservations" className={buttonClass('outline')}>
              {t('result.myReservations')}
            </Link>
          </div>
        </div>
      )}
    </main>
  );
}

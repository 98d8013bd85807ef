import { CalendarPlus, Download } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import type { TReservation } from '#contract/reservations';
import { googleCalendarUrl, reservationIcsPath } from '#contract/reservations.plain';
import { buttonClass } from '~/ui/button';

/** "Add to calendar": the `.ics` file (any calendar application) or Google Calendar's own form. */
export function CalendarLinks({
  reservation,
  size = 'sm',
}: {
  reservation: TReservation;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('reservations');
  const title = reservation.title
    ? `${reservation.title} · ${reservation.room.name}`
    : `${reservation.room.name} · ${reservation.space.name}`;
  const google = googleCalendarUrl({
    title,
    startsAt: reservation.startsAt,
    endsAt: reservation.endsAt,
    details: t('calendar.details', { space: reservation.space.name }),
    location: [
      reservation.space.name,
      reservation.space.addressLine,
      `${reservation.space.postcode} ${reservation.space.city}`,
    ]
      .filter((part) => part.trim())
      .join(', '),
    timeZone: reservation.space.timeZone,
  });
  return (
    <div className="flex flex-wrap gap-2">
      <a href={reservationIcsPath(reservation.id)} download className={buttonClass('outline', size)}>
        <Download aria-hidden className="size-4" />
        {t('calendar.ics')}
      </a>
      <a href={google} target="_blank" rel="noopener noreferrer" className={buttonClass('outline', size)}>
        <CalendarPlus aria-hidden className="size-4" />
        {t('calendar.google')}
        <span className="sr-only">{t('calendar.newWindow')}</span>
      </a>
    </div>
  );
}

import { srcSetOf } from '#contract/image-variants';
import { IMAGE_SIZES } from '~/ui/photo';
import { CalendarDays } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import type { TEventSummary } from '#contract/events';
import { eventPath, eventTitleIn } from '#contract/events.plain';
import { formatSlot } from '#contract/reservation-format';
import { useLocale } from '~/platform/use-locale';

/** Upcoming events as cards: the home page's (every space) and a space page's. */
export function UpcomingEvents({
  events,
  showSpace = true,
  embedded = false,
}: {
  events: TEventSummary[];
  showSpace?: boolean;
  /** Inside another page's column (a space page) rather than a full-width band (the home page). */
  embedded?: boolean;
}) {
  const { t } = useTranslation('events');
  const locale = useLocale();
  if (events.length === 0) return null;
  return (
    <section
      aria-labelledby="upcoming-events"
      className={embedded ? 'flex flex-col gap-4' : 'mx-auto w-full max-w-6xl px-4 py-8'}
    >
      <h2
        id="upcoming-events"
        className={embedded ? 'text-2xl font-semibold' : 'mb-4 text-2xl font-semibold'}
      >
        {t('upcoming.title')}
      </h2>
      <ul className={embedded ? 'grid gap-4 sm:grid-cols-2' : 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3'}>
        {events.map((event) => (
          <li key={event.id} className="border-line bg-surface rounded-lg border p-4">
            {event.cover ? (
              // Decorative beside the title (the event's page describes it).
              <img
                src={event.cover.url}
                srcSet={srcSetOf(event.cover.url)}
                sizes={IMAGE_SIZES.card}
                alt=""
                loading="lazy"
                className="bg-muted mb-3 aspect-[2/1] w-full rounded-md object-cover"
              />
            ) : null}
            <Link to={eventPath(event.id)} className="text-lg font-semibold hover:underline">
              {eventTitleIn(event, locale)}
            </Link>
            <p className="text-ink-soft mt-1 flex items-center gap-2 text-sm">
              <CalendarDays aria-hidden className="size-4 shrink-0" />
              {formatSlot(locale, event.startsAt, event.endsAt, event.space.timeZone)}
            </p>
            {showSpace ? (
              <p className="text-ink-soft text-sm">
                {event.space.name}, {event.space.city}
              </p>
            ) : null}
            <p className="mt-2 text-sm font-medium">
              {event.placesLeft > 0
                ? t('upcoming.placesLeft', { count: event.placesLeft })
                : t('upcoming.full')}
              {event.membersOnly ? ` · ${t('upcoming.membersOnly')}` : ''}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

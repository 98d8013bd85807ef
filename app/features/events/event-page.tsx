import { srcSetOf } from '#contract/image-variants';
import { IMAGE_SIZES } from '~/ui/photo';
import { CalendarDays, CalendarPlus, MapPin, Ticket, Users } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import { ATTENDING_STATUSES, coverAltIn, eventTitleIn } from '#contract/events.plain';
import { languageOfText, localizedText } from '#contract/localized';
import { formatMoney, formatVatRate } from '#contract/money';
import { formatMoment, formatSlot, zoneCity } from '#contract/reservation-format';
import { useFormatCredit } from '~/platform/use-format-credit';
import { useLocale } from '~/platform/use-locale';
import { buttonClass } from '~/ui/button';
import { Notice } from '~/ui/notice';
import { RegistrationPanel, type EventReading } from './registration-panel';

/** Whether the reader's registration holds a place they took (registered, or checked in). */
function holdsPlace(mine: EventReading['event']['mine']): boolean {
  return mine !== null && (ATTENDING_STATUSES as readonly string[]).includes(mine.status);
}

/** `/events/{id}`: what, when (in the space's zone), where, places left, the reader's registration. */
export function EventPage({ event, viewer, path, focusOffer }: EventReading) {
  const { t } = useTranslation('events');
  const locale = useLocale();
  const zone = event.space.timeZone;
  const credit = useFormatCredit();
  const description = localizedText(locale, event.descriptionFrHtml, event.descriptionEnHtml);
  const descriptionLanguage = languageOfText(locale, event.descriptionFrHtml, event.descriptionEnHtml);
  const address = [event.space.addressLine, `${event.space.postcode} ${event.space.city}`.trim()]
    .filter(Boolean)
    .join(', ');
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      {event.status === 'draft' ? <Notice>{t('page.draft')}</Notice> : null}
      {event.status === 'cancelled' ? (
        <Notice tone="error">
          {t('page.cancelled')}
          {event.cancellationReason
            ? ` ${t('page.cancelledReason', { reason: event.cancellationReason })}`
            : ''}
        </Notice>
      ) : null}
      {event.cover ? (
        <img
          src={event.cover.url}
          srcSet={srcSetOf(event.cover.url)}
          sizes={IMAGE_SIZES.column}
          alt={coverAltIn(event.cover, locale)}
          // The page's largest paint: fetched first (issue 31: Lighthouse found it queued behind the scripts).
          fetchPriority="high"
          width={1200}
          height={600}
          className="bg-muted aspect-[2/1] w-full rounded-2xl object-cover"
        />
      ) : null}
      <header className="space-y-2">
        <h1 className="text-3xl font-bold">{eventTitleIn(event, locale)}</h1>
        <p className="text-ink-soft">
          <Link className="underline" to={`/spaces/${event.space.slug}`}>
            {t('page.at', { space: event.space.name, city: event.space.city })}
          </Link>
        </p>
      </header>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-ink-soft flex items-center gap-2 text-sm">
            <CalendarDays aria-hidden className="text-primary size-5 shrink-0" />
            {t('page.when')}
          </dt>
          <dd className="pl-7 font-medium">
            {formatSlot(locale, event.startsAt, event.endsAt, zone)}
            <span className="text-ink-soft block text-sm">
              {t('page.zoneNote', { zone: zoneCity(zone) })}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-ink-soft flex items-center gap-2 text-sm">
            <MapPin aria-hidden className="text-primary size-5 shrink-0" />
            {t('page.where')}
          </dt>
          <dd className="pl-7 font-medium">
            {event.roomName ? `${event.roomName}, ` : ''}
            {event.space.name}
            <span className="text-ink-soft block text-sm">{address}</span>
          </dd>
        </div>
        <div>
          <dt className="text-ink-soft flex items-center gap-2 text-sm">
            <Users aria-hidden className="text-primary size-5 shrink-0" />
            {t('page.capacity')}
          </dt>
          <dd className="pl-7 font-medium">
            {event.placesLeft > 0
              ? t('page.placesLeft', { count: event.placesLeft, capacity: event.capacity })
              : event.waitlistCount > 0
                ? t('page.full', { count: event.waitlistCount })
                : t('page.fullNoWait')}
            {event.status === 'published' ? (
              <span className="text-ink-soft block text-sm">
                {t('page.deadline', { when: formatMoment(locale, event.registrationDeadline, zone) })}
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-ink-soft flex items-center gap-2 text-sm">
            <Ticket aria-hidden className="text-primary size-5 shrink-0" />
            {t('page.price')}
          </dt>
          <dd className="pl-7 font-medium">
            {event.price ? (
              <>
                {t('page.priceInclVat', { total: formatMoney(event.price.totalCents, locale) })}
                <span className="text-ink-soft block text-sm">
                  {t('page.priceExclVat', {
                    excl: formatMoney(event.price.exclVatCents, locale),
                    rate: formatVatRate(event.price.vatRateBasisPoints, locale),
                  })}
                </span>
                {event.creditMinutes !== null ? (
                  <span className="text-ink-soft block text-sm">
                    {t('page.priceCredit', { credit: credit(event.creditMinutes, 'minutes') })}
                  </span>
                ) : null}
              </>
            ) : (
              t('page.free')
            )}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        {/* For the people holding a place: not to those in line, offered one or with none. */}
        {holdsPlace(event.mine) ? (
          <a className={buttonClass('secondary')} href={`/api/events/${event.id}.ics`} download>
            <CalendarPlus aria-hidden className="size-4" />
            {t('page.addToCalendar')}
          </a>
        ) : null}
        {event.canManage ? (
          <Link className={buttonClass('secondary')} to={`/myspaces/${event.spaceId}/events/${event.id}`}>
            {t('page.manage')}
          </Link>
        ) : null}
      </div>
      <RegistrationPanel event={event} viewer={viewer} path={path} focusOffer={focusOffer} />
      {description ? (
        <section aria-labelledby="event-about" className="space-y-2">
          <h2 id="event-about" className="text-xl font-semibold">
            {t('page.about')}
          </h2>
          {/* Rendered from Markdown and sanitised on the server (server/platform/markdown.ts). */}
          <div
            className="prose max-w-none"
            // A reader of an event described in the other language only: the text says which language it is in.
            lang={descriptionLanguage === locale ? undefined : descriptionLanguage}
            dangerouslySetInnerHTML={{ __html: description }}
          />
        </section>
      ) : null}
      <section aria-labelledby="event-attendees" className="space-y-1">
        <h2 id="event-attendees" className="text-xl font-semibold">
          {t('page.attendees')}
        </h2>
        <p>{t('page.attendeesCount', { count: event.registeredCount })}</p>
        {event.attendeeNames.length > 0 ? (
          <p className="text-ink-soft text-sm">
            {t('page.attendeesNamed', { names: event.attendeeNames.join(', ') })}
          </p>
        ) : null}
      </section>
    </main>
  );
}

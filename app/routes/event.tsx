import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { getEvent } from '#contract/events';
import { eventPath, eventTitleIn } from '#contract/events.plain';
import { formatSlot } from '#contract/reservation-format';
import type { Route } from './+types/event';
import { EventPage } from '~/features/events/event-page';
import { JsonLd } from '~/platform/json-ld';
import { localeOfMatches, translatorFor } from '~/platform/meta';
import { absoluteUrl, seoMeta, shortDescription } from '~/platform/seo';
import { useLocale } from '~/platform/use-locale';

export const handle: I18nHandle = { i18n: ['events', 'formulas'] };
await loadRouteNamespaces(handle);

/** `/events/{id}` (public): a draft, an unknown id or an unpublished space's event is the 404 page. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const event = await context.call(getEvent, { id: params.id });
  const focusOffer = new URL(request.url).searchParams.get('offer') === 'accept';
  return { event, viewer: context.viewer, path: eventPath(event.id), focusOffer };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const { event } = data;
  const locale = localeOfMatches(matches);
  const t = translatorFor(matches);
  const title = eventTitleIn(event, locale);
  return seoMeta(matches, {
    title: `${title}, ${event.space.name}`,
    description: shortDescription(
      t('events:metaDescription', {
        title,
        when: formatSlot(locale, event.startsAt, event.endsAt, event.space.timeZone),
        space: event.space.name,
        city: event.space.city,
      }),
    ),
    path: data.path,
    image: event.cover?.url,
  }).concat(event.status === 'draft' ? [{ name: 'robots', content: 'noindex' }] : []);
}

const EVENT_STATUS = {
  draft: 'https://schema.org/EventScheduled',
  published: 'https://schema.org/EventScheduled',
  cancelled: 'https://schema.org/EventCancelled',
} as const;

export default function EventRoute({ loaderData, matches }: Route.ComponentProps) {
  const { event } = loaderData;
  const locale = useLocale();
  const url = absoluteUrl(matches, loaderData.path);
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: eventTitleIn(event, locale),
    startDate: event.startsAt,
    endDate: event.endsAt,
    eventStatus: EVENT_STATUS[event.status],
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    url,
    ...(event.cover ? { image: absoluteUrl(matches, event.cover.url) } : {}),
    maximumAttendeeCapacity: event.capacity,
    remainingAttendeeCapacity: event.placesLeft,
    location: {
      '@type': 'Place',
      name: event.space.name,
      address: {
        '@type': 'PostalAddress',
        streetAddress: event.space.addressLine,
        postalCode: event.space.postcode,
        addressLocality: event.space.city,
      },
    },
    organizer: { '@type': 'Organization', name: event.space.name },
    offers: {
      '@type': 'Offer',
      price: '0.00',
      priceCurrency: 'EUR',
      url,
      availability: event.placesLeft > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    },
  };
  return (
    <>
      <JsonLd data={structured} />
      <EventPage
        event={event}
        viewer={loaderData.viewer}
        path={loaderData.path}
        focusOffer={loaderData.focusOffer}
      />
    </>
  );
}

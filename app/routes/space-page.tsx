import { MapPin } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from '~/platform/translation';
import type { Locale } from '#contract/locale';
import { bookingQueryOf, type TBookingIntent } from '#contract/search.plain';
import type { TSpaceDetail } from '#contract/spaces';
import { formatMoney } from '#contract/money';
import { JsonLd } from '~/platform/json-ld';
import { useRootData } from '~/platform/root-data';
import { BackLink } from '~/ui/back-link';
import { MarkerMap } from '~/ui/marker-map';
import { AmenitiesSection } from '~/features/spaces/labels';
import { OpeningHours } from '~/features/spaces/opening-hours';
import type { ScheduledDay } from '~/features/spaces/open-now';
import { PhotoGallery } from '~/features/spaces/photo-gallery';
import { RoomList } from '~/features/spaces/room-list';
import { SpaceFormulas } from '~/features/formulas/space-formulas';
import type { TFormula } from '#contract/formulas';
import type { TEventSummary } from '#contract/events';
import { UpcomingEvents } from '~/features/events/upcoming-events';
import { SearchedSlot } from '~/features/spaces/searched-slot';

/** The public page of a space: photos, description, amenities, rooms, hours and where it is. */
export function SpacePage({
  space,
  formulas = [],
  events = [],
  intent,
  now,
  days,
  structuredData,
}: {
  space: TSpaceDetail;
  /** The formulas the space sells (day passes, packs, memberships). */
  formulas?: TFormula[];
  /** Its upcoming published events. */
  events?: TEventSummary[];
  /** A search's date, time, length and people, going on to the rooms' calendars. */
  intent: TBookingIntent;
  now: string;
  /** The next days' hours in the space's zone (the loader's `upcomingDays`). */
  days: ScheduledDay[];
  /** Its schema.org JSON-LD, built by the route's loader (null for a space not published). */
  structuredData: unknown;
}) {
  const { t, i18n } = useTranslation('spaces');
  const locale = i18n.language as Locale;
  const root = useRootData();
  const markers = useMemo(
    () =>
      space.latitude !== null && space.longitude !== null
        ? [
            {
              id: space.id,
              latitude: space.latitude,
              longitude: space.longitude,
              text: space.name,
              label: space.name,
            },
          ]
        : [],
    [space.id, space.latitude, space.longitude, space.name],
  );

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      {structuredData ? <JsonLd data={structuredData} /> : null}
      <BackLink to="/spaces/all" label={t('space.breadcrumb')} className="mb-4">
        {t('space.allSpaces')}
      </BackLink>
      {space.status !== 'published' ? (
        <p role="status" className="bg-secondary text-on-secondary mb-4 rounded-lg px-4 py-2 font-medium">
          {space.status === 'draft' ? t('space.draftNotice') : t('space.archivedNotice')}
        </p>
      ) : null}
      <header className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{space.name}</h1>
          <p className="text-ink-soft mt-2 flex items-center gap-1">
            <MapPin aria-hidden className="size-4" />
            {space.addressLine}, {space.postcode} {space.city}
          </p>
        </div>
        {space.fromPriceCents !== null ? (
          <p className="text-lg font-semibold">
            {t('price.from', { price: formatMoney(space.fromPriceCents, locale) })} {t('price.inclVat')}
          </p>
        ) : null}
      </header>

      <PhotoGallery
        photos={space.photos}
        label={t('space.photos', { name: space.name })}
        placeholder={t('card.noPhoto')}
      />

      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-10">
          <section aria-labelledby="about-title">
            <h2 id="about-title" className="mb-3 text-xl font-semibold">
              {t('space.about')}
            </h2>
            {space.description.split(/\n{2,}/).map((paragraph, index) => (
              <p key={index} className="mb-3 max-w-prose leading-relaxed whitespace-pre-line">
                {paragraph}
              </p>
            ))}
          </section>
          <AmenitiesSection
            id="amenities-title"
            title={t('space.amenities')}
            amenities={space.amenities}
            t={t}
          />
          <section aria-labelledby="rooms-title">
            <h2 id="rooms-title" className="mb-3 text-xl font-semibold">
              {t('space.rooms')}
            </h2>
            {space.rooms.length ? <SearchedSlot intent={intent} /> : null}
            {space.rooms.length ? (
              <RoomList rooms={space.rooms} spaceSlug={space.slug} bookingQuery={bookingQueryOf(intent)} />
            ) : (
              <p className="text-ink-soft">{t('space.noRooms')}</p>
            )}
          </section>
          <SpaceFormulas formulas={formulas} />
          <UpcomingEvents events={events} showSpace={false} embedded />
        </div>
        <aside className="flex flex-col gap-8">
          <OpeningHours
            hours={space.openingHours}
            closures={space.closures}
            days={days}
            timeZone={space.timeZone}
            now={now}
          />
          <section aria-labelledby="address-title" className="flex flex-col gap-3">
            <h2 id="address-title" className="text-xl font-semibold">
              {t('space.address')}
            </h2>
            <address className="not-italic">
              {space.addressLine}
              <br />
              {space.postcode} {space.city}
            </address>
            {markers.length ? (
              <MarkerMap
                className="h-64"
                label={t('space.map', { name: space.name })}
                markers={markers}
                tileUrl={root?.config.mapTileUrl ?? null}
                tileAttribution={root?.config.mapTileAttribution ?? null}
                zoomInLabel={t('map.zoomIn')}
                zoomOutLabel={t('map.zoomOut')}
              />
            ) : null}
          </section>
        </aside>
      </div>
    </main>
  );
}

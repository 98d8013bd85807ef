import { MapPin, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/platform/translation';
import type { Locale } from '#contract/locale';
import { bookingQueryOf, type TBookingIntent } from '#contract/search.plain';
import type { TRoomDetail } from '#contract/rooms';
import { formatMoney, formatVatRate } from '#contract/money';
import { JsonLd } from '~/platform/json-ld';
import { BackLink } from '~/ui/back-link';
import { TextLink } from '~/ui/link';
import { AmenitiesSection, durationLabel, KindIcon } from './labels';
import { PhotoGallery } from './photo-gallery';

/** The public page of a room: photos, description, prices with VAT, booking conditions and its space. */
export function RoomPage({
  room,
  intent,
  structuredData,
  children,
}: {
  room: TRoomDetail;
  /** The search the visitor came with (read by the route's loader). */
  intent: TBookingIntent;
  /** Its schema.org JSON-LD, built by the route's loader. */
  structuredData: unknown;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('spaces');
  const locale = i18n.language as Locale;
  // Back to the space with the search the visitor came with.
  const spaceQuery = bookingQueryOf(intent);
  const { prices, rules } = room;
  const rows = [
    { key: 'hour', cents: prices.hourlyCents, net: prices.exclVat.hourlyCents },
    { key: 'halfDay', cents: prices.halfDayCents, net: prices.exclVat.halfDayCents },
    { key: 'day', cents: prices.dayCents, net: prices.exclVat.dayCents },
  ].filter(
    (row): row is { key: string; cents: number; net: number } => row.cents !== null && row.net !== null,
  );

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <JsonLd data={structuredData} />
      <BackLink to={`/spaces/${room.space.slug}${spaceQuery}`} label={t('space.breadcrumb')} className="mb-4">
        {t('room.backToSpace', { name: room.space.name })}
      </BackLink>
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{room.name}</h1>
        <p className="text-ink-soft mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
          <span className="inline-flex items-center gap-1">
            <KindIcon kind={room.kind} className="size-4" />
            {t(`kinds.${room.kind}`)}
          </span>
          <span className="inline-flex items-center gap-1">
            <Users aria-hidden className="size-4" />
            {t('capacity', { count: room.capacity })}
          </span>
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden className="size-4" />
            {room.space.name}, {room.space.city}
          </span>
        </p>
      </header>
      <PhotoGallery
        photos={room.photos}
        label={t('room.photos', { name: room.name })}
        placeholder={t('card.noPhoto')}
      />
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-10">
          {room.description ? (
            <p className="max-w-prose leading-relaxed whitespace-pre-line">{room.description}</p>
          ) : null}
          {room.deskGroup ? <p>{t('room.deskGroup', { group: room.deskGroup })}</p> : null}
          <AmenitiesSection
            id="equipment-title"
            title={t('room.equipment')}
            amenities={room.amenities}
            t={t}
          />
          <section aria-labelledby="rules-title">
            <h2 id="rules-title" className="mb-3 text-xl font-semibold">
              {t('room.rules')}
            </h2>
            <ul className="list-disc space-y-1 pl-5">
              <li>{t('room.minDuration', { duration: durationLabel(rules.minDurationMinutes, t) })}</li>
              <li>{t('room.maxDuration', { duration: durationLabel(rules.maxDurationMinutes, t) })}</li>
              <li>{t('room.step', { duration: durationLabel(rules.bookingStepMinutes, t) })}</li>
              <li>
                {rules.leadTimeMinutes > 0
                  ? t('room.leadTime', { duration: durationLabel(rules.leadTimeMinutes, t) })
                  : t('room.noLeadTime')}
              </li>
              <li>{t('room.horizon', { count: rules.horizonDays })}</li>
              <li>{rules.requiresApproval ? t('room.approval') : t('room.instant')}</li>
            </ul>
          </section>
        </div>
        <aside className="flex flex-col gap-8">
          <section aria-labelledby="prices-title" className="border-line rounded-2xl border p-5">
            <h2 id="prices-title" className="mb-3 text-xl font-semibold">
              {t('room.prices')}
            </h2>
            {rows.length ? (
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-ink-soft text-left">
                    <th scope="col" className="pb-2 font-medium">
                      {t('room.unit')}
                    </th>
                    <th scope="col" className="pb-2 pl-4 text-right font-medium">
                      <span aria-hidden>{t('room.exclVat')}</span>
                      <span className="sr-only">{t('room.exclVatLong')}</span>
                    </th>
                    <th scope="col" className="pb-2 pl-4 text-right font-medium">
                      <span aria-hidden>{t('room.amount')}</span>
                      <span className="sr-only">{t('room.amountLong')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.key} className="border-line border-t">
                      <th scope="row" className="py-2 text-left font-normal">
                        {t(`room.${row.key}`)}
                      </th>
                      {/* Apart, each named: two amounts side by side never read as one ("130 €156 €"). */}
                      <td className="text-ink-soft py-2 pl-4 text-right whitespace-nowrap tabular-nums">
                        {formatMoney(row.net, locale)}
                        <span className="sr-only"> {t('room.exclVatAfter')}</span>
                      </td>
                      <td className="py-2 pl-4 text-right font-semibold whitespace-nowrap tabular-nums">
                        {formatMoney(row.cents, locale)}
                        <span className="sr-only"> {t('room.amountAfter')}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p>{t('price.none')}</p>
            )}
            {rows.length ? (
              <p className="text-ink-soft mt-3 text-sm">
                {t('room.pricesNote', { rate: formatVatRate(prices.vatRateBasisPoints, locale) })}
              </p>
            ) : null}
          </section>
          <section aria-labelledby="where-title">
            <h2 id="where-title" className="mb-2 text-xl font-semibold">
              {t('room.where')}
            </h2>
            <p>
              <TextLink to={`/spaces/${room.space.slug}`}>{room.space.name}</TextLink>
            </p>
            <address className="not-italic">
              {room.space.addressLine}
              <br />
              {room.space.postcode} {room.space.city}
            </address>
          </section>
        </aside>
      </div>
      {/* The booking calendar (features/reservations), given by the route. */}
      {children}
    </main>
  );
}

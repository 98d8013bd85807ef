import { MapPin } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import type { Locale } from '#contract/locale';
import type { TSearchResult } from '#contract/search';
import { formatMoney } from '#contract/money';
import { CardLink } from '~/ui/card-link';
import { cn } from '~/ui/cn';
import { Photo } from '~/ui/photo';

/** The price line of a result: for the searched duration, or the starting price. */
export function resultPriceText(
  result: TSearchResult,
  durationMinutes: number | null,
  locale: Locale,
  t: ReturnType<typeof useTranslation>['t'],
  durationLabel: (minutes: number) => string,
): string {
  const price = formatMoney(result.priceCents, locale);
  return result.priceIsForDuration && durationMinutes
    ? t('search:priceFor', { price, duration: durationLabel(durationMinutes) })
    : t('search:priceFrom', { price });
}

/**
 * One result: photo, name (link to the space, carrying the searched date, time, length and people on to
 * its rooms' calendars), city, how many rooms match, kinds and price.
 */
export function SearchResultItem({
  result,
  bookingQuery,
  durationMinutes,
  durationLabel,
  selected,
  onHover,
  eager,
}: {
  result: TSearchResult;
  /** `?date=…&time=…` of the search (contract/search.ts `bookingQueryOf`), or empty. */
  bookingQuery: string;
  durationMinutes: number | null;
  durationLabel: (minutes: number) => string;
  selected: boolean;
  onHover: (id: string | null) => void;
  eager: boolean;
}) {
  const { t, i18n } = useTranslation('search');
  const locale = i18n.language as Locale;
  return (
    <article
      id={`result-${result.id}`}
      onMouseEnter={() => onHover(result.id)}
      onMouseLeave={() => onHover(null)}
      onFocus={() => onHover(result.id)}
      className={cn(
        'bg-surface relative flex overflow-hidden rounded-2xl border transition',
        selected ? 'border-primary shadow-md' : 'border-line',
      )}
    >
      <Photo
        src={result.cover?.url}
        alt={result.cover?.alt ?? ''}
        placeholder={t('spaces:card.noPhoto')}
        eager={eager}
        className="w-28 shrink-0 self-start sm:w-56"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3 sm:p-4">
        <h3 className="leading-snug font-semibold sm:text-lg">
          <CardLink to={`/spaces/${result.slug}${bookingQuery}`}>{result.name}</CardLink>
        </h3>
        <p className="text-ink-soft flex items-center gap-1 text-sm">
          <MapPin aria-hidden className="size-4" />
          {result.postcode} {result.city}
        </p>
        <p className="text-sm">
          {t('matchingRooms', { count: result.matchingRoomCount })}
          {result.kinds.length
            ? ` · ${result.kinds.map((kind) => t(`spaces:kindsPlural.${kind}`)).join(', ')}`
            : ''}
        </p>
        <p className="mt-auto pt-2 font-semibold">
          {resultPriceText(result, durationMinutes, locale, t, durationLabel)}
        </p>
      </div>
    </article>
  );
}

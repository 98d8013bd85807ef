import { SearchX } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '~/platform/translation';
import { useNavigation } from 'react-router';
import type { Locale } from '#contract/locale';
import type { TSearchAnswer, TSearchFilters } from '#contract/search';
import { bookingQueryOf, SEARCH_SORTS, searchParamsOf } from '#contract/search.plain';
import { pageCount } from '#contract/pagination.plain';
import { formatMoney } from '#contract/money';
import { useRootData } from '~/platform/root-data';
import { EmptyState } from '~/ui/empty-state';
import { choicesOf, Select } from '~/ui/field';
import { MarkerMap, type MapMarker } from '~/ui/marker-map';
import { Pagination } from '~/ui/pagination';
import { SearchForm, type FilterChanges } from './search-form';
import { SearchResultItem } from './search-results';
import { useSafeNavigate } from '~/platform/use-safe-navigate';

export interface SearchPageProps {
  filters: TSearchFilters;
  answer: TSearchAnswer;
  cities: string[];
  ignored: string[];
  today: string;
}

function useDurationLabel() {
  const { t } = useTranslation('spaces');
  return useCallback(
    (minutes: number) => {
      if (minutes < 60) return t('duration.minutes', { count: minutes });
      const hours = Math.floor(minutes / 60);
      const rest = minutes % 60;
      return rest
        ? t('duration.hoursMinutes', { hours, minutes: String(rest).padStart(2, '0') })
        : t('duration.hours', { count: hours });
    },
    [t],
  );
}

/**
 * /search: the filters (kept in the URL), the result count, an accessible list and a map of the same
 * results. A change of filter is a client navigation: the URL gains a history entry, only data is fetched.
 */
export function SearchPage({ filters, answer, cities, ignored, today }: SearchPageProps) {
  const { t, i18n } = useTranslation('search');
  const locale = i18n.language as Locale;
  const navigate = useSafeNavigate();
  const navigation = useNavigation();
  const root = useRootData();
  const durationLabel = useDurationLabel();
  const [hovered, setHovered] = useState<string | null>(null);
  const loading = navigation.state === 'loading' && navigation.location?.pathname === '/search';
  // While new results load, the form already shows what was asked (a ticked box stays ticked) and the next
  // change builds on it, so two quick clicks both count. What was asked is kept as it was built (the
  // server validates it when the results come), so the page needs no schema to read its own URL.
  const [requested, setRequested] = useState<{ search: string; filters: TSearchFilters } | null>(null);
  const pendingSearch = loading ? (navigation.location?.search ?? '') : null;
  const asked = pendingSearch !== null && requested?.search === pendingSearch ? requested.filters : filters;

  const hrefWith = useCallback(
    (changes: Partial<TSearchFilters>) => `/search?${searchParamsOf({ ...asked, ...changes })}`,
    [asked],
  );
  const apply = useCallback(
    (changes: FilterChanges) => {
      const next = { ...asked, ...changes, page: 1 };
      if (!next.date) next.time = undefined;
      const query = searchParamsOf(next).toString();
      const search = query ? `?${query}` : '';
      setRequested({ search, filters: next });
      void navigate(`/search${search}`, { preventScrollReset: true });
    },
    [asked, navigate],
  );
  const selectFromMap = useCallback((id: string) => {
    setHovered(id);
    const item = document.getElementById(`result-${id}`);
    item?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    item?.querySelector('a')?.focus({ preventScroll: true });
  }, []);

  const markers = useMemo<MapMarker[]>(
    () =>
      answer.items
        .filter((item) => item.latitude !== null && item.longitude !== null)
        .map((item) => {
          const price = formatMoney(item.priceCents, locale);
          return {
            id: item.id,
            latitude: item.latitude!,
            longitude: item.longitude!,
            text: price,
            label: t('spaces:map.marker', { name: item.name, price }),
          };
        }),
    [answer.items, locale, t],
  );
  // The length the prices are for (a time alone means an hour) goes on with the rest of the search.
  const bookingQuery = bookingQueryOf({
    ...filters,
    duration: filters.duration ?? (filters.time ? (answer.durationMinutes ?? undefined) : undefined),
  });
  const pages = pageCount(answer.total, answer.pageSize);
  const heading = filters.city ? t('titleCity', { city: filters.city }) : t('title');

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold tracking-tight">{heading}</h1>
      {ignored.length ? (
        <p role="alert" className="bg-secondary text-on-secondary mb-4 rounded-lg px-4 py-2">
          {t('ignored', { fields: ignored.map((field) => t(`fields.${field}`)).join(', ') })}
        </p>
      ) : null}
      <SearchForm
        filters={asked}
        cities={cities}
        today={today}
        onApply={apply}
        durationLabel={durationLabel}
      />

      <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div role="status" aria-live="polite">
          <h2 className="text-xl font-semibold" data-testid="result-count">
            {t('results', { count: answer.total })}
          </h2>
        </div>
        <Select
          label={t('sort')}
          value={asked.sort}
          containerClassName="sm:w-56"
          onChange={(event) => {
            const sort = SEARCH_SORTS.find((option) => option === event.target.value) ?? 'price_asc';
            void navigate(hrefWith({ sort, page: 1 }), { preventScrollReset: true });
          }}
          choices={choicesOf(SEARCH_SORTS, (option) => t(`sorts.${option}`))}
        />
      </div>
      {loading ? <p className="sr-only">{t('loading')}</p> : null}

      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <div aria-busy={loading} className={loading ? 'opacity-60 transition-opacity' : undefined}>
          {answer.items.length ? (
            <ol aria-label={t('resultsList')} className="flex flex-col gap-4">
              {answer.items.map((result, index) => (
                <li key={result.id}>
                  <SearchResultItem
                    result={result}
                    bookingQuery={bookingQuery}
                    durationMinutes={answer.durationMinutes}
                    durationLabel={durationLabel}
                    selected={hovered === result.id}
                    onHover={setHovered}
                    eager={index < 2}
                  />
                </li>
              ))}
            </ol>
          ) : (
            <EmptyState icon={SearchX} title={t('noResultsTitle')}>
              {t('noResults')}
            </EmptyState>
          )}
          <Pagination
            page={answer.page}
            pages={pages}
            hrefOf={(page) => hrefWith({ page })}
            labels={{
              nav: t('spaces:pagination.label'),
              previous: t('spaces:pagination.previous'),
              next: t('spaces:pagination.next'),
              status: t('spaces:pagination.status', { page: answer.page, pages }),
            }}
          />
        </div>
        <div className="lg:sticky lg:top-4 lg:self-start">
          <MarkerMap
            className="h-80 lg:h-[32rem]"
            label={t('map')}
            markers={markers}
            selectedId={hovered}
            onSelect={selectFromMap}
            tileUrl={root?.config.mapTileUrl ?? null}
            tileAttribution={root?.config.mapTileAttribution ?? null}
            zoomInLabel={t('spaces:map.zoomIn')}
            zoomOutLabel={t('spaces:map.zoomOut')}
          />
          {root?.config.mapTileUrl ? null : (
            <p className="text-ink-soft mt-2 text-sm">{t('spaces:map.noTiles')}</p>
          )}
        </div>
      </div>
    </main>
  );
}

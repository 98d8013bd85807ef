/**
 * Search's sorts, sizes and URL helpers, without a schema: browser modules a page loads first import these
 * from here, so zod stays out of their graph. `contract/search.ts` re-exports them with its schemas.
 */
import type { TSearchFilters, TSearchFiltersInput } from './search';

export const SEARCH_SORTS = ['price_asc', 'price_desc', 'capacity_desc', 'name_asc'] as const;

export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SEARCH_PAGE_SIZE = 10;
/** A time searched without a duration means one hour. */
export const DEFAULT_SEARCH_DURATION_MINUTES = 60;

/** The filters a /search URL may carry, in the order links spell them. */
export const URL_KEYS = [
  'city',
  'date',
  'time',
  'duration',
  'people',
  'kind',
  'amenities',
  'maxPrice',
  'sort',
  'page',
] as const;
export type UrlKey = (typeof URL_KEYS)[number];

/** The URL query of some filters, leaving out defaults so links stay short. */
export function searchParamsOf(filters: Partial<TSearchFiltersInput>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of URL_KEYS) {
    const value = filters[key];
    if (value === undefined || value === null || value === '') continue;
    if (key === 'sort' && value === 'price_asc') continue;
    if (key === 'page' && Number(value) === 1) continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  return params;
}

/**
 * What of a search a booking carries on, from the results to a space page and on to a room page, whose
 * calendar opens on that day with that slot chosen: date, start time, length and people.
 */
export type TBookingIntent = Pick<TSearchFilters, 'date' | 'time' | 'duration' | 'people'>;

/** `?date=…&time=…&duration=…&people=…` to append to a space or room link; empty when nothing was asked. */
export function bookingQueryOf(intent: TBookingIntent): string {
  const query = searchParamsOf({
    date: intent.date,
    time: intent.time,
    duration: intent.duration,
    people: intent.people,
  }).toString();
  return query ? `?${query}` : '';
}

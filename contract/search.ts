import { z } from './zod';
import { ZAmenity } from './amenities';
import { defineCallable } from './callable';
import { ZRoomKind } from './rooms';
import { ZCalendarDate, ZText } from './input';
import { countedPageFields, ZPage } from './pagination';
import { ZSpaceCard } from './spaces';
import { SEARCH_SORTS, URL_KEYS, type TBookingIntent, type UrlKey } from './search.plain';

export * from './search.plain';

export const ZSearchSort = z.enum(SEARCH_SORTS);

/** A start time of a booking: 00:00 to 23:59 (24:00 only closes). */
export const ZStartTime = ZText.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'time');

/**
 * What /search filters on; every field lives in the URL. Times and dates are read in each space's own
 * zone ("Tuesday 10:00" means 10:00 where the space is). `maxPrice` is in whole euros, VAT included, and
 * applies to the price of the searched duration, or to the "from" price when no duration is given.
 */
export const ZSearchFilters = z
  .object({
    city: ZText.trim().min(1).max(80).optional(),
    date: ZCalendarDate.optional(),
    time: ZStartTime.optional(),
    duration: z.coerce.number().int().min(15).max(1440).optional(),
    people: z.coerce.number().int().min(1).max(1000).optional(),
    kind: ZRoomKind.optional(),
    amenities: z.array(ZAmenity).max(30).optional(),
    maxPrice: z.coerce.number().int().min(1).max(100_000).optional(),
    sort: ZSearchSort.default('price_asc'),
    page: ZPage,
  })
  .refine((filters) => !filters.time || filters.date, { path: ['time'], message: 'time-needs-date' });
export type TSearchFilters = z.output<typeof ZSearchFilters>;
export type TSearchFiltersInput = z.input<typeof ZSearchFilters>;

export const ZSearchResult = ZSpaceCard.extend({
  /** How many of its rooms match every filter. */
  matchingRoomCount: z.number().int(),
  /** The cheapest matching room's price with VAT: for the searched duration, or its "from" price. */
  priceCents: z.number().int(),
  priceIsForDuration: z.boolean(),
});
export type TSearchResult = z.infer<typeof ZSearchResult>;

export const ZSearchAnswer = z.object({
  items: z.array(ZSearchResult),
  ...countedPageFields,
  durationMinutes: z.number().int().nullable(),
});
export type TSearchAnswer = z.infer<typeof ZSearchAnswer>;

export const searchSpaces = defineCallable({
  name: 'search.spaces',
  input: ZSearchFilters,
  output: ZSearchAnswer,
  mutates: false,
  access: 'public',
});

/**
 * Reads filters from a URL. A value that does not validate is dropped (and named in `ignored`) rather
 * than failing the page: a shared link with one stale filter still shows results.
 */
export function filtersFromSearchParams(params: URLSearchParams): {
  filters: TSearchFilters;
  ignored: UrlKey[];
} {
  const raw: Record<string, unknown> = {};
  for (const key of URL_KEYS) {
    // Amenities come as one comma-separated value (our links) or repeated (a plain HTML form).
    const value = (key === 'amenities' ? params.getAll(key).join(',') : params.get(key))?.trim();
    if (!value) continue;
    raw[key] = key === 'amenities' ? [...new Set(value.split(',').filter(Boolean))] : value;
  }
  const ignored: UrlKey[] = [];
  for (;;) {
    const parsed = ZSearchFilters.safeParse(raw);
    if (parsed.success) return { filters: parsed.data, ignored };
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    for (const key of URL_KEYS) {
      if (bad.has(key) && key in raw) {
        delete raw[key];
        ignored.push(key);
      }
    }
    if (![...bad].some((key) => (URL_KEYS as readonly string[]).includes(key))) {
      return { filters: ZSearchFilters.parse({}), ignored };
    }
  }
}

/** The booking intent a URL carries (anything invalid dropped, as `filtersFromSearchParams` does). */
export function bookingIntentOf(params: URLSearchParams): TBookingIntent {
  const { date, time, duration, people } = filtersFromSearchParams(params).filters;
  return { date, time, duration, people };
}

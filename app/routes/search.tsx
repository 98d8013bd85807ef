import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { filtersFromSearchParams, searchSpaces } from '#contract/search';
import { todayIn } from '#contract/dates';
import { DEFAULT_TIME_ZONE, listCities } from '#contract/spaces';
import type { Route } from './+types/search';
import { SearchPage } from '~/features/search/search-page';
import { translatorFor } from '~/platform/meta';
import { seoMeta } from '~/platform/seo';

export const handle: I18nHandle = { i18n: ['search', 'spaces'] };
await loadRouteNamespaces(handle);

/** `/search?city=…&date=…`: filters from the URL; a filter that does not validate is dropped and named. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { filters, ignored } = filtersFromSearchParams(new URL(request.url).searchParams);
  const [answer, cities] = await Promise.all([
    context.call(searchSpaces, filters),
    context.call(listCities, {}),
  ]);
  // "Today" for the date picker's minimum, in the zone most spaces use; each space checks its own.
  const today = todayIn(DEFAULT_TIME_ZONE, new Date());
  return { filters, answer, cities: cities.map((entry) => entry.city), ignored, today };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = translatorFor(matches);
  const city = data?.filters.city;
  return seoMeta(matches, {
    title: city ? t('search:metaTitleCity', { city }) : t('search:metaTitle'),
    description: t('search:metaDescription'),
    path: city ? `/search?${new URLSearchParams({ city })}` : '/search',
  });
}

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  return <SearchPage {...loaderData} />;
}

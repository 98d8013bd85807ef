import { useTranslation } from '~/platform/translation';
import { redirect } from 'react-router';
import { listArticles } from '#contract/blog';
import { todayIn } from '#contract/dates';
import { listUpcomingEvents } from '#contract/events';
import { DEFAULT_TIME_ZONE, featuredSpaces, getSpace, listCities } from '#contract/spaces';
import type { Route } from './+types/home';
import { UpcomingEvents } from '~/features/events/upcoming-events';
import { BlogTeaser } from '~/features/blog/blog-teaser';
import { HowItWorks } from '~/features/home/how-it-works';
import { SearchBox } from '~/features/search/search-box';
import { FeaturedSpaces } from '~/features/spaces/featured-spaces';
import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['search', 'spaces', 'blog', 'events'] };
await loadRouteNamespaces(handle);

/**
 * On a space's own subdomain (`acme.escale.fr`) the home page is that space's page; elsewhere, the search
 * box and featured spaces.
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (context.tenant) {
    const space = await context.call(getSpace, { ref: context.tenant.details.spaceId }).catch(() => null);
    if (space) throw redirect(`/spaces/${space.slug}`);
  }
  const [featured, cities, blog, events] = await Promise.all([
    context.call(featuredSpaces, { limit: 6 }),
    context.call(listCities, {}),
    context.call(listArticles, { locale: context.locale, pageSize: 3 }),
    context.call(listUpcomingEvents, { limit: 6 }),
  ]);
  const today = todayIn(DEFAULT_TIME_ZONE, new Date());
  return { featured, cities: cities.map((entry) => entry.city), today, articles: blog.items, events };
}

export const meta = pageMeta('home.metaTitle', 'home.metaDescription');

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main">
      <section className="from-muted to-surface bg-gradient-to-b">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{t('home.heroTitle')}</h1>
          <p className="text-ink-soft mt-4 max-w-2xl text-lg">{t('home.heroText')}</p>
          <div className="mt-8 max-w-4xl">
            <SearchBox cities={loaderData.cities} today={loaderData.today} />
          </div>
        </div>
      </section>
      <FeaturedSpaces spaces={loaderData.featured} />
      <UpcomingEvents events={loaderData.events} />
      <HowItWorks />
      <BlogTeaser articles={loaderData.articles} />
    </main>
  );
}

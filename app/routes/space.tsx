import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { bookingIntentOf } from '#contract/search';
import { listUpcomingEvents } from '#contract/events';
import { listSpaceFormulas } from '#contract/formulas';
import { getSpace } from '#contract/spaces';
import type { Route } from './+types/space';
import { SpacePage } from './space-page';
import { upcomingDays } from '~/features/spaces/schedule';
import { spaceJsonLd } from '~/features/spaces/structured-data.server';
import { translatorFor } from '~/platform/meta';
import { seoMeta, shortDescription } from '~/platform/seo';

export const handle: I18nHandle = { i18n: ['spaces', 'formulas', 'events'] };
await loadRouteNamespaces(handle);

/** `/spaces/{id}`: `id` is the slug (canonical) or the uuid. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const space = await context.call(getSpace, { ref: params.id });
  // A search's date, time, length and people go on to the rooms' calendars (read here: the browser's
  // first load of the page carries no schema).
  const intent = bookingIntentOf(new URL(request.url).searchParams);
  const [formulas, events] = await Promise.all([
    context.call(listSpaceFormulas, { spaceId: space.id }),
    context.call(listUpcomingEvents, { spaceId: space.id, limit: 6 }),
  ]);
  // schema.org JSON-LD, built here so the browser never loads its builder (issue 18).
  const base = context.config.baseUrl;
  const structuredData = space.status === 'published' ? spaceJsonLd(space, (path) => `${base}${path}`) : null;
  // The next days' hours in the space's zone, worked out here: the browser never loads the zone rules.
  const now = new Date();
  const days = upcomingDays(space.openingHours, space.closures, space.timeZone, now);
  return { space, formulas, events, intent, now: now.toISOString(), days, structuredData };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const { space } = data;
  const t = translatorFor(matches);
  const kinds = space.kinds.map((kind) => t(`spaces:kindsPlural.${kind}`).toLowerCase()).join(', ');
  return seoMeta(matches, {
    title: `${space.name}, ${space.city}`,
    description: shortDescription(
      space.description ||
        t('spaces:space.metaDescription', { name: space.name, city: space.city, rooms: kinds }),
    ),
    path: `/spaces/${space.slug}`,
    image: space.cover?.url,
    type: 'place',
  });
}

export default function SpaceRoute({ loaderData }: Route.ComponentProps) {
  return (
    <SpacePage
      space={loaderData.space}
      formulas={loaderData.formulas}
      events={loaderData.events}
      intent={loaderData.intent}
      now={loaderData.now}
      days={loaderData.days}
      structuredData={loaderData.structuredData}
    />
  );
}

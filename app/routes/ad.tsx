import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { COMMUNITY_LIMITS, getAd, listAds } from '#contract/community';
import { addDays, todayIn } from '#contract/dates';
import { isUuid } from '#contract/input';
import type { Route } from './+types/ad';
import { AdPage } from '~/features/community/ad-page';
import { requireViewer } from '~/platform/guard';
import { pageTitle } from '~/platform/meta';
import { invariantRoute } from '~/platform/route-invariant';

export const handle: I18nHandle = { i18n: ['community'] };
await loadRouteNamespaces(handle);

/** Login required; an ad one may not see is a 404, like one that does not exist. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireViewer({ context, request });
  invariantRoute(isUuid(params.id));
  const ad = await context.call(getAd, { id: params.id });
  // The author edits it among their own spaces.
  const spaces = ad.isAuthor ? (await context.call(listAds, { mine: true, page: 1 })).spaces : [];
  const today = todayIn('Europe/Paris', new Date());
  return {
    ad,
    spaces,
    today,
    latestEnd: addDays(todayIn('Europe/Paris', new Date(ad.createdAt)), COMMUNITY_LIMITS.adMaxDays),
  };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return pageTitle(matches, 'community:ad.metaTitle', undefined, { title: data?.ad.title ?? '' });
}

export default function AdRoute({ loaderData }: Route.ComponentProps) {
  return <AdPage {...loaderData} />;
}

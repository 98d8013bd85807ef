import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import {
  AD_CATEGORIES,
  AD_KINDS,
  COMMUNITY_LIMITS,
  getReceivedMessage,
  listAds,
  searchDirectory,
  type AdCategory,
  type AdKind,
} from '#contract/community';
import { pageParam } from '#contract/pagination.plain';
import { addDays, todayIn } from '#contract/dates';
import { isUuid } from '#contract/input';
import type { Route } from './+types/community';
import {
  CommunityPage,
  type CommunityFilters,
  type CommunityPageData,
} from '~/features/community/community-page';
import { requireViewer } from '~/platform/guard';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['community'] };
await loadRouteNamespaces(handle);

const isCategory = (value: string): value is AdCategory =>
  (AD_CATEGORIES as readonly string[]).includes(value);
const isKind = (value: string): value is AdKind => (AD_KINDS as readonly string[]).includes(value);

/**
 * Login required. The tab and the filters are the URL's (GET forms that work without JavaScript); a filter
 * that means nothing (an unknown category, a space id that is not one) is ignored. `?reply=<message id>`
 * (the relayed e-mail's button) opens the answer form above the tabs.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<CommunityPageData> {
  const viewer = requireViewer({ context, request });
  const params = new URL(request.url).searchParams;
  const tab = params.get('tab') === 'ads' ? 'ads' : 'directory';
  const text = (name: string) => (params.get(name) ?? '').trim();
  const page = pageParam(text('page'));
  const filters: CommunityFilters = {
    q: text('q').slice(0, COMMUNITY_LIMITS.query),
    spaceId: isUuid(text('spaceId')) ? text('spaceId') : '',
    category: isCategory(text('category')) ? text('category') : '',
    kind: isKind(text('kind')) ? text('kind') : '',
    mine: params.get('mine') === '1',
    page,
  };
  const replyId = params.get('reply');
  const [received, listing] = await Promise.all([
    isUuid(replyId)
      ? context.call(getReceivedMessage, { messageId: replyId }).catch(() => null)
      : Promise.resolve(null),
    tab === 'directory'
      ? context
          .call(searchDirectory, { q: filters.q || undefined, spaceId: filters.spaceId || undefined, page })
          .then((result) => ({ ...result, ads: null }))
      : context
          .call(listAds, {
            q: filters.q || undefined,
            spaceId: filters.spaceId || undefined,
            category: isCategory(filters.category) ? filters.category : undefined,
            kind: isKind(filters.kind) ? filters.kind : undefined,
            mine: filters.mine,
            page,
          })
          .then((result) => ({ ...result, members: null })),
  ]);
  const today = todayIn('Europe/Paris', new Date());
  return {
    viewerId: viewer.id,
    tab,
    filters,
    spaces: listing.spaces,
    members: listing.members,
    ads: listing.ads,
    hasMore: listing.hasMore,
    received,
    today,
    latestEnd: addDays(today, COMMUNITY_LIMITS.adMaxDays),
  };
}

export const meta = pageMeta('community:metaTitle', 'community:metaDescription');

export default function CommunityRoute({ loaderData }: Route.ComponentProps) {
  return <CommunityPage data={loaderData} />;
}

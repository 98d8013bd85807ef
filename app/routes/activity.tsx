import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import {
  ACTIVITY_PAGE_SIZE,
  activityFiltersFromParams,
  activityParamsOf,
  decodeActivityCursor,
  getActivityFilterOptions,
  listActivity,
  ZActivityFilters,
  ZActivityScope,
  type ActivityScope,
  type TActivityFilters,
} from '#contract/activity';
import { isUuid } from '#contract/input';
import type { Route } from './+types/activity';
import { ActivityPage, type ActivityPageData } from '~/features/activity/activity-page';
import { requireViewer } from '~/platform/guard';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['activity'] };
await loadRouteNamespaces(handle);

/**
 * Login required. The filters are the URL's (a GET form that works without JavaScript); a scope the person
 * may not use falls back to their own feed; filters that do not hold are shown next to their fields and
 * nothing is listed until they are corrected.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<ActivityPageData> {
  const viewer = requireViewer({ context, request });
  const params = new URL(request.url).searchParams;
  const raw = activityFiltersFromParams(params);
  const askedScope = ZActivityScope.safeParse(raw.scope);
  const wanted = askedScope.success ? askedScope.data : 'mine';
  const cursorParam = params.get('cursor');
  const cursor = cursorParam && decodeActivityCursor(cursorParam) ? cursorParam : undefined;
  // The `mine` view filters by kind and period only.
  const filtersOf = (scope: ActivityScope) =>
    ZActivityFilters.safeParse(
      scope === 'mine' ? { ...raw, scope, spaceId: undefined, personId: undefined } : { ...raw, scope },
    );
  const pageOf = (filters: TActivityFilters) =>
    context.call(listActivity, { ...filters, cursor, pageSize: ACTIVITY_PAGE_SIZE });

  // The options and the page are asked for at once; a scope the person may not use is then asked again
  // as their own feed (the options say which scopes they have).
  const first = filtersOf(wanted);
  const [options, attempt] = await Promise.all([
    context.call(getActivityFilterOptions, {
      scope: wanted,
      spaceId: isUuid(raw.spaceId) ? raw.spaceId : undefined,
    }),
    first.success
      ? pageOf(first.data).then(
          (page) => ({ page }),
          (error: unknown) => ({ error }),
        )
      : null,
  ]);
  const scope = options.scopes.includes(wanted) ? wanted : 'mine';
  const parsed = scope === wanted ? first : filtersOf(scope);
  const form = {
    scope,
    spaceId: scope !== 'mine' && typeof raw.spaceId === 'string' ? raw.spaceId : '',
    personId: scope !== 'mine' && typeof raw.personId === 'string' ? raw.personId : '',
    kind: Array.isArray(raw.kinds) ? String(raw.kinds[0] ?? '') : '',
    from: typeof raw.from === 'string' ? raw.from : '',
    to: typeof raw.to === 'string' ? raw.to : '',
  };
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
    return { viewerId: viewer.id, options, form, errors, query: '', page: null, paged: false };
  }
  let page;
  if (scope === wanted && attempt) {
    if ('error' in attempt) throw attempt.error;
    page = attempt.page;
  } else {
    page = await pageOf(parsed.data);
  }
  return {
    viewerId: viewer.id,
    options,
    form,
    errors: {},
    query: activityParamsOf(parsed.data),
    page,
    paged: Boolean(cursor),
  };
}

export const meta = pageMeta('activity:metaTitle', 'activity:metaDescription');

export default function ActivityRoute({ loaderData }: Route.ComponentProps) {
  return <ActivityPage data={loaderData} />;
}

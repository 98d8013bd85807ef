import {
  ACTIVITY_PAGE_SIZE,
  activityFiltersFromParams,
  activityParamsOf,
  decodeActivityCursor,
  getActivityFilterOptions,
  listActivity,
  ZActivityFilters,
  ZActivityScope,
} from '#contract/activity';
import { isUuid } from '#contract/input';
import type { Route } from './+types/activity';
import { ActivityPage, type ActivityPageData } from '~/features/activity/activity-page';
import { requireViewer } from '~/platform/guard';
import { pageTitle } from '~/platform/meta';

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
  const spaceId = isUuid(raw.spaceId) ? raw.spaceId : undefined;
  const options = await context.call(getActivityFilterOptions, {
    scope: askedScope.success ? askedScope.data : 'mine',
    spaceId,
  });
  const scope = askedScope.success && options.scopes.includes(askedScope.data) ? askedScope.data : 'mine';
  // The `mine` view filters by kind and period only.
  const asked = scope === 'mine' ? { ...raw, spaceId: undefined, personId: undefined } : raw;
  const form = {
    scope,
    spaceId: typeof asked.spaceId === 'string' ? asked.spaceId : '',
    personId: typeof asked.personId === 'string' ? asked.personId : '',
    kind: Array.isArray(raw.kinds) ? String(raw.kinds[0] ?? '') : '',
    from: typeof raw.from === 'string' ? raw.from : '',
    to: typeof raw.to === 'string' ? raw.to : '',
  };
  const parsed = ZActivityFilters.safeParse({ ...asked, scope });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
    return { viewerId: viewer.id, options, form, errors, query: '', page: null, paged: false };
  }
  const cursorParam = params.get('cursor');
  const cursor = cursorParam && decodeActivityCursor(cursorParam) ? cursorParam : undefined;
  const page = await context.call(listActivity, { ...parsed.data, cursor, pageSize: ACTIVITY_PAGE_SIZE });
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

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'activity:metaTitle', 'activity:metaDescription');
}

export default function ActivityRoute({ loaderData }: Route.ComponentProps) {
  return <ActivityPage data={loaderData} />;
}

import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { pageParam } from '#contract/pagination.plain';
import { listSpaces, ZSpaceListSort } from '#contract/spaces';
import type { Route } from './+types/spaces-all';
import { AllSpaces } from '~/features/spaces/all-spaces';
import { translatorFor } from '~/platform/meta';
import { seoMeta } from '~/platform/seo';

export const handle: I18nHandle = { i18n: ['spaces'] };
await loadRouteNamespaces(handle);

/** `/spaces/all?sort=…&page=…`: a wrong sort or page falls back to the default rather than failing. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const sort = ZSpaceListSort.catch('name').parse(params.get('sort') ?? undefined);
  const page = pageParam(params.get('page'));
  const list = await context.call(listSpaces, { sort, page });
  return { ...list, sort };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = translatorFor(matches);
  const page = data?.page ?? 1;
  return seoMeta(matches, {
    title: t('spaces:all.metaTitle'),
    description: t('spaces:all.metaDescription'),
    path: page > 1 ? `/spaces/all?page=${page}` : '/spaces/all',
  });
}

export default function SpacesAllRoute({ loaderData }: Route.ComponentProps) {
  return <AllSpaces {...loaderData} />;
}

import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { pageParam } from '#contract/pagination.plain';
import { listArticles, ZArticleTag } from '#contract/blog';
import { BLOG_FEED_PATH } from '#contract/blog.plain';
import type { Route } from './+types/blog';
import { BlogList, blogHref } from '~/features/blog/blog-list';
import { translatorFor } from '~/platform/meta';
import { seoMeta } from '~/platform/seo';

export const handle: I18nHandle = { i18n: ['blog'] };
await loadRouteNamespaces(handle);

/** `/blog?tag=…&page=…`: published articles, newest first; an unknown tag or page is simply empty. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const tag = ZArticleTag.safeParse(params.get('tag') ?? undefined);
  const page = pageParam(params.get('page'));
  const result = await context.call(listArticles, {
    locale: context.locale,
    tag: tag.success ? tag.data : undefined,
    page,
  });
  return { ...result, tag: tag.success ? tag.data : null };
}

export function links() {
  return [{ rel: 'alternate', type: 'application/atom+xml', href: BLOG_FEED_PATH, title: 'Escale' }];
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = translatorFor(matches);
  const tag = data?.tag ?? null;
  return seoMeta(matches, {
    title: tag ? t('blog:taggedTitle', { tag }) : t('blog:metaTitle'),
    description: t('blog:metaDescription'),
    path: blogHref(tag, data?.page ?? 1),
  });
}

export default function BlogRoute({ loaderData }: Route.ComponentProps) {
  return <BlogList data={loaderData} />;
}

import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { getArticle } from '#contract/blog';
import { articlePath, BLOG_FEED_PATH } from '#contract/blog.plain';
import type { Route } from './+types/blog-article';
import { ArticlePage } from '~/features/blog/article-page';
import { JsonLd } from '~/platform/json-ld';
import { seoMeta, shortDescription } from '~/platform/seo';

export const handle: I18nHandle = { i18n: ['blog'] };
await loadRouteNamespaces(handle);

/** `/blog/article/{slug}`: one published article (a draft or a scheduled one is the 404 page). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const article = await context.call(getArticle, { slug: params.id, locale: context.locale });
  const base = context.config.baseUrl;
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${base}${path}`);
  // schema.org BlogPosting, in the first HTML for search engines and link previews.
  const structuredData = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.title,
    description: article.description,
    inLanguage: article.lang,
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    author: { '@type': 'Person', name: article.authorName },
    publisher: { '@type': 'Organization', name: 'Escale', url: base },
    mainEntityOfPage: absolute(articlePath(article.slug)),
    url: absolute(articlePath(article.slug)),
    keywords: article.tags.join(', ') || undefined,
    image: article.coverUrl ? absolute(article.coverUrl) : undefined,
  };
  return { article, structuredData };
}

export function links() {
  return [{ rel: 'alternate', type: 'application/atom+xml', href: BLOG_FEED_PATH, title: 'Escale' }];
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const { article } = data;
  return [
    ...seoMeta(matches, {
      title: article.title,
      description: shortDescription(article.description),
      path: articlePath(article.slug),
      image: article.coverUrl,
      type: 'article',
    }),
    { property: 'article:published_time', content: article.publishedAt },
    { property: 'article:modified_time', content: article.updatedAt },
    ...article.tags.map((tag) => ({ property: 'article:tag', content: tag })),
  ];
}

export default function BlogArticleRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <JsonLd data={loaderData.structuredData} />
      <ArticlePage article={loaderData.article} />
    </>
  );
}

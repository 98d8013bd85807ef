import { useTranslation } from '~/platform/translation';
import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { getArticleForAdmin } from '#contract/blog';
import { isUuid } from '#contract/input';
import type { Route } from './+types/admin-blog-article';
import { AdminShell } from '~/features/admin/admin-shell';
import { ArticleEditor, PublishPanel } from '~/features/admin/article-editor';
import { requireAdmin } from '~/platform/guard';
import { pageTitle } from '~/platform/meta';
import { invariantRoute } from '~/platform/route-invariant';
import { TextLink } from '~/ui/link';

export const handle: I18nHandle = { i18n: ['admin'] };
await loadRouteNamespaces(handle);

/** /admin/blog/new and /admin/blog/{id} (platform admins): write an article, preview it, publish it. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdmin({ context, request });
  if (!params.id) return { article: null };
  invariantRoute(isUuid(params.id));
  return { article: await context.call(getArticleForAdmin, { id: params.id }) };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return [
    ...pageTitle(matches, data?.article ? 'admin:blog.editTitle' : 'admin:blog.newTitle'),
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AdminBlogArticleRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const { article } = loaderData;
  return (
    <AdminShell title={article ? t('blog.edit', { title: article.draft.fr.title }) : t('blog.newTitle')}>
      <p>
        <TextLink to="/admin/blog">{t('blog.back')}</TextLink>
      </p>
      {article ? <PublishPanel article={article} /> : <p className="text-ink-soft">{t('blog.saveFirst')}</p>}
      {/* A new key per article: the form starts from the article it shows. */}
      <ArticleEditor key={article?.id ?? 'new'} article={article} />
    </AdminShell>
  );
}

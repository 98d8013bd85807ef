import { useTranslation } from '~/platform/translation';
import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { listArticlesForAdmin } from '#contract/blog';
import type { Route } from './+types/admin-blog';
import { AdminShell } from '~/features/admin/admin-shell';
import { ArticlesTable } from '~/features/admin/articles-table';
import { requireAdmin } from '~/platform/guard';
import { pageTitle } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['admin'] };
await loadRouteNamespaces(handle);

/** /admin/blog (platform admins): every article, drafts and scheduled ones included. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin({ context, request });
  return { articles: await context.call(listArticlesForAdmin, {}) };
}

export function meta({ matches }: Route.MetaArgs) {
  return [...pageTitle(matches, 'admin:blog.title'), { name: 'robots', content: 'noindex' }];
}

export default function AdminBlogRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  return (
    <AdminShell title={t('blog.title')} lead={t('blog.lead')}>
      <ArticlesTable articles={loaderData.articles} />
    </AdminShell>
  );
}

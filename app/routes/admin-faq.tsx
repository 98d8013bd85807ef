import { useTranslation } from '~/platform/translation';
import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { listFaqForAdmin } from '#contract/site-content';
import type { Route } from './+types/admin-faq';
import { AdminShell } from '~/features/admin/admin-shell';
import { FaqManager } from '~/features/admin/faq-manager';
import { requireAdmin } from '~/platform/guard';
import { pageTitle } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['admin', 'content'] };
await loadRouteNamespaces(handle);

/** /admin/faq (platform admins): what the /faq page shows, in both languages, hidden entries included. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin({ context, request });
  return { entries: await context.call(listFaqForAdmin, {}) };
}

export function meta({ matches }: Route.MetaArgs) {
  return [...pageTitle(matches, 'admin:faq.title'), { name: 'robots', content: 'noindex' }];
}

export default function AdminFaqRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  return (
    <AdminShell title={t('faq.title')} lead={t('faq.lead')}>
      <FaqManager entries={loaderData.entries} />
    </AdminShell>
  );
}

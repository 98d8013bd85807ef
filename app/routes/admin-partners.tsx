import { useTranslation } from '~/platform/translation';
import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { listPartnersForAdmin } from '#contract/site-content';
import type { Route } from './+types/admin-partners';
import { AdminShell } from '~/features/admin/admin-shell';
import { PartnersManager } from '~/features/admin/partners-manager';
import { requireAdmin } from '~/platform/guard';
import { pageTitle } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['admin', 'content'] };
await loadRouteNamespaces(handle);

/** /admin/partners (platform admins): what the /partners page shows, in both languages, hidden entries included. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin({ context, request });
  return { partners: await context.call(listPartnersForAdmin, {}) };
}

export function meta({ matches }: Route.MetaArgs) {
  return [...pageTitle(matches, 'admin:partners.title'), { name: 'robots', content: 'noindex' }];
}

export default function AdminPartnersRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  return (
    <AdminShell title={t('partners.title')} lead={t('partners.lead')}>
      <PartnersManager partners={loaderData.partners} />
    </AdminShell>
  );
}

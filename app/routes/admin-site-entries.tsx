import { useTranslation } from '~/platform/translation';
import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { listFaqForAdmin, listPartnersForAdmin } from '#contract/site-content';
import type { Route } from './+types/admin-site-entries';
import { AdminShell } from '~/features/admin/admin-shell';
import { FaqManager } from '~/features/admin/faq-manager';
import { PartnersManager } from '~/features/admin/partners-manager';
import type { SiteEntrySection } from '~/features/admin/site-entries';
import { requireAdmin } from '~/platform/guard';
import { pageTitle } from '~/platform/meta';
import { invariantRoute } from '~/platform/route-invariant';

export const handle: I18nHandle = { i18n: ['admin', 'content'] };
await loadRouteNamespaces(handle);

const isSection = (name: string): name is SiteEntrySection => name === 'faq' || name === 'partners';

/**
 * /admin/faq and /admin/partners (platform admins): what the /faq or the /partners page shows, in both
 * languages, hidden entries included. Any other name under /admin is the 404 page.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  invariantRoute(isSection(params.section));
  requireAdmin({ context, request });
  return params.section === 'faq'
    ? { section: params.section, entries: await context.call(listFaqForAdmin, {}), partners: null }
    : { section: params.section, entries: null, partners: await context.call(listPartnersForAdmin, {}) };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return [
    ...pageTitle(matches, `admin:${data?.section ?? 'faq'}.title`),
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AdminSiteEntriesRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const { section, entries, partners } = loaderData;
  return (
    <AdminShell title={t(`${section}.title`)} lead={t(`${section}.lead`)}>
      {entries ? <FaqManager entries={entries} /> : null}
      {partners ? <PartnersManager partners={partners} /> : null}
    </AdminShell>
  );
}

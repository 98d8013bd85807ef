import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { getPartners } from '#contract/site-content';
import type { Route } from './+types/partners';
import { PartnersPage } from '~/features/content/partners-page';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['content'] };
await loadRouteNamespaces(handle);

/** The partners admins wrote (/admin/partners), published ones, in the page's language. */
export async function loader({ context }: Route.LoaderArgs) {
  return { partners: await context.call(getPartners, { locale: context.locale }) };
}

export const meta = pageMeta('content:partners.metaTitle', 'content:partners.metaDescription');

export default function Partners({ loaderData }: Route.ComponentProps) {
  return <PartnersPage partners={loaderData.partners} />;
}

import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { getManagedSpace } from '#contract/back-office';
import { listCollections, listSpaceMandates } from '#contract/sepa';
import type { Route } from './+types/myspaces-direct-debit';
import { DirectDebitPage } from '~/features/sepa/direct-debit-page';
import { requireViewer } from '~/platform/guard';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['sepa', 'backoffice'] };
await loadRouteNamespaces(handle);

/** /myspaces/{spaceId}/direct-debit: owners, managers and admins (others get the callables' refusal). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireViewer({ context, request });
  const spaceId = params.spaceId;
  const [space, mandates, collections] = await Promise.all([
    context.call(getManagedSpace, { spaceId }),
    context.call(listSpaceMandates, { spaceId }),
    context.call(listCollections, { spaceId }),
  ]);
  return { spaceId, spaceName: space.identity.name, members: mandates.members, ...collections };
}

export const meta = pageMeta('sepa:manage.metaTitle', 'sepa:manage.metaDescription');

export default function DirectDebitRoute({ loaderData }: Route.ComponentProps) {
  return <DirectDebitPage data={loaderData} />;
}

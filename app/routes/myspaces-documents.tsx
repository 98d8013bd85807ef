import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { getManagedSpace } from '#contract/back-office';
import { listSpaceDocuments } from '#contract/documents';
import type { Route } from './+types/myspaces-documents';
import { SpaceDocumentsPage } from '~/features/invoices/space-documents-page';
import { requireViewer } from '~/platform/guard';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['invoices', 'backoffice'] };
await loadRouteNamespaces(handle);

/** /myspaces/{spaceId}/documents: owners, managers and admins (others get the callables' refusal). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireViewer({ context, request });
  const spaceId = params.spaceId;
  const [space, listed] = await Promise.all([
    context.call(getManagedSpace, { spaceId }),
    context.call(listSpaceDocuments, { spaceId }),
  ]);
  return { spaceId, spaceName: space.identity.name, ...listed };
}

export const meta = pageMeta('invoices:spaceDocuments.metaTitle', 'invoices:spaceDocuments.metaDescription');

export default function SpaceDocumentsRoute({ loaderData }: Route.ComponentProps) {
  return <SpaceDocumentsPage data={loaderData} />;
}

import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { getManagedSpace } from '#contract/back-office';
import { todayIn } from '#contract/dates';
import { getLegalIdentity, listSpaceInvoices, verifyChain } from '#contract/invoices';
import { DEFAULT_TIME_ZONE } from '#contract/spaces';
import type { Route } from './+types/myspaces-invoicing';
import { InvoicingPage } from '~/features/invoices/invoicing-page';
import { requireViewer } from '~/platform/guard';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['invoices', 'backoffice'] };
await loadRouteNamespaces(handle);

/** /myspaces/{spaceId}/invoicing: owners, managers and admins (others get the callables' refusal). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireViewer({ context, request });
  const spaceId = params.spaceId;
  const [space, identity, listed, chain] = await Promise.all([
    context.call(getManagedSpace, { spaceId }),
    context.call(getLegalIdentity, { spaceId }),
    context.call(listSpaceInvoices, { spaceId, limit: 200 }),
    context.call(verifyChain, { spaceId }),
  ]);
  const today = todayIn(space.address.timeZone || DEFAULT_TIME_ZONE, new Date());
  return {
    spaceId,
    spaceName: space.identity.name,
    today,
    identity,
    invoices: listed.invoices,
    closings: listed.closings,
    chain,
  };
}

export const meta = pageMeta('invoices:manage.metaTitle', 'invoices:manage.metaDescription');

export default function InvoicingRoute({ loaderData }: Route.ComponentProps) {
  return <InvoicingPage data={loaderData} />;
}

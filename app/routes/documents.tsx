import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { listMyInvoices } from '#contract/invoices';
import type { Route } from './+types/documents';
import { DocumentsPage } from '~/features/invoices/documents-page';
import { requireViewer } from '~/platform/guard';
import { pageTitle } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['invoices'] };
await loadRouteNamespaces(handle);

/** Login required: my invoices and credit notes. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer({ context, request });
  return { invoices: await context.call(listMyInvoices, { limit: 200 }) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'invoices:documents.metaTitle', 'invoices:documents.metaDescription');
}

export default function DocumentsRoute({ loaderData }: Route.ComponentProps) {
  return <DocumentsPage invoices={loaderData.invoices} />;
}

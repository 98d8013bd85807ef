import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { listMySharedDocuments } from '#contract/documents';
import { listMyInvoices } from '#contract/invoices';
import type { Route } from './+types/documents';
import { DocumentsPage } from '~/features/invoices/documents-page';
import { requireViewer } from '~/platform/guard';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['invoices'] };
await loadRouteNamespaces(handle);

/** Login required: the documents shared with me, and my invoices and credit notes a page at a time. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer({ context, request });
  const cursor = new URL(request.url).searchParams.get('cursor')?.slice(0, 200) || undefined;
  const [page, shared] = await Promise.all([
    context.call(listMyInvoices, cursor ? { cursor } : {}),
    context.call(listMySharedDocuments, {}),
  ]);
  return { invoices: page.invoices, nextCursor: page.nextCursor, paged: cursor !== undefined, shared };
}

export const meta = pageMeta('invoices:documents.metaTitle', 'invoices:documents.metaDescription');

export default function DocumentsRoute({ loaderData }: Route.ComponentProps) {
  return <DocumentsPage data={loaderData} />;
}

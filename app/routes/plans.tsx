import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { listMyLedger, listMyPlans } from '#contract/formulas';
import type { Route } from './+types/plans';
import { PlansPage } from '~/features/formulas/plans-page';
import { requireViewer } from '~/platform/guard';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['formulas', 'spaces'] };
await loadRouteNamespaces(handle);

/** Login required: my plans and packs, their lots and balances, and the ledger (`?cursor=` pages back). */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer({ context, request });
  const cursor = new URL(request.url).searchParams.get('cursor')?.slice(0, 200) || undefined;
  const [held, ledger] = await Promise.all([
    context.call(listMyPlans, {}),
    context.call(listMyLedger, cursor ? { cursor } : {}),
  ]);
  return { ...held, ledger };
}

export const meta = pageMeta('formulas:plans.metaTitle', 'formulas:plans.metaDescription');

export default function PlansRoute({ loaderData }: Route.ComponentProps) {
  return <PlansPage data={loaderData} />;
}

import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { listMyLedger, listMyPlans } from '#contract/formulas';
import { listMyMandates } from '#contract/sepa';
import type { Route } from './+types/plans';
import { PlansPage } from '~/features/formulas/plans-page';
import { MandatesPanel } from '~/features/sepa/mandates-panel';
import { requireViewer } from '~/platform/guard';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['formulas', 'spaces', 'sepa'] };
await loadRouteNamespaces(handle);

/**
 * Login required: my plans and packs, their lots and balances, the ledger (`?cursor=` pages back), and my SEPA
 * mandates to the spaces I am a customer of.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer({ context, request });
  const cursor = new URL(request.url).searchParams.get('cursor')?.slice(0, 200) || undefined;
  const [held, ledger, mandates] = await Promise.all([
    context.call(listMyPlans, {}),
    context.call(listMyLedger, cursor ? { cursor } : {}),
    context.call(listMyMandates, {}),
  ]);
  return { ...held, ledger, mandateSpaces: mandates.spaces };
}

export const meta = pageMeta('formulas:plans.metaTitle', 'formulas:plans.metaDescription');

export default function PlansRoute({ loaderData }: Route.ComponentProps) {
  return (
    <PlansPage data={loaderData}>
      <MandatesPanel spaces={loaderData.mandateSpaces} />
    </PlansPage>
  );
}

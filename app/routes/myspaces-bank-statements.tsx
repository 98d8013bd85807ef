import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { getManagedSpace } from '#contract/back-office';
import { getStatement, listStatements } from '#contract/bank-statements';
import type { Route } from './+types/myspaces-bank-statements';
import { BankStatementsPage } from '~/features/bank-statements/bank-statements-page';
import { requireViewer } from '~/platform/guard';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['statements', 'backoffice'] };
await loadRouteNamespaces(handle);

/**
 * /myspaces/{spaceId}/bank-statements: owners, managers and admins (others get the callables' refusal). Shows
 * the statement `?statement=<id>` names, else the latest one uploaded.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireViewer({ context, request });
  const spaceId = params.spaceId;
  const [space, listed] = await Promise.all([
    context.call(getManagedSpace, { spaceId }),
    context.call(listStatements, { spaceId }),
  ]);
  const wanted = new URL(request.url).searchParams.get('statement');
  const shown = listed.statements.find((statement) => statement.id === wanted) ?? listed.statements[0];
  const statement = shown ? await context.call(getStatement, { statementId: shown.id }) : null;
  return { spaceId, spaceName: space.identity.name, statements: listed.statements, statement };
}

export const meta = pageMeta('statements:metaTitle', 'statements:metaDescription');

export default function BankStatementsRoute({ loaderData }: Route.ComponentProps) {
  return <BankStatementsPage data={loaderData} />;
}

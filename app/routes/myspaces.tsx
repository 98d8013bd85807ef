import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { listMySpaces } from '#contract/back-office';
import type { Route } from './+types/myspaces';
import { MySpaces } from '~/features/back-office/my-spaces';
import { requireViewer } from '~/platform/guard';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['backoffice', 'spaces'] };
await loadRouteNamespaces(handle);

/** /myspaces (login required): the spaces I run and belong to, and invitations waiting for me. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer({ context, request });
  return context.call(listMySpaces, {});
}

export const meta = pageMeta('backoffice:metaTitle', 'backoffice:metaDescription');

export default function MySpacesRoute({ loaderData }: Route.ComponentProps) {
  return <MySpaces {...loaderData} />;
}

import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { listDisplays } from '#contract/door-displays';
import type { Route } from './+types/myspaces-displays';
import { DisplaysManager } from '~/features/door-displays/displays-manager';
import { requireViewer } from '~/platform/guard';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['displays', 'backoffice'] };
await loadRouteNamespaces(handle);

/** /myspaces/{spaceId}/displays: the rooms' door display links (owners, managers and admins). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireViewer({ context, request });
  return context.call(listDisplays, { spaceId: params.spaceId });
}

export const meta = pageMeta('displays:meta.officeTitle', 'displays:meta.officeDescription');

export default function SpaceDisplaysRoute({ loaderData }: Route.ComponentProps) {
  return <DisplaysManager data={loaderData} />;
}

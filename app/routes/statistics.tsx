import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { readStatistics } from '#contract/statistics-request';
import type { Route } from './+types/statistics';
import { OfficeFrame } from '~/features/back-office/office-navigation';
import { StatisticsPage } from '~/features/statistics/statistics-page';
import { requireViewer } from '~/platform/guard';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['statistics', 'spaces', 'backoffice'] };
await loadRouteNamespaces(handle);

/**
 * /statistics (login required; managers, and admins across every space): `?space=` one space (else every
 * space the viewer manages), `&room=`, `&period=` (and `from`, `to` for chosen dates). Members are refused by
 * the callables (the refusal page). "Today" is the service's, in the shown space's zone.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer({ context, request });
  return readStatistics(context.call, new URL(request.url).searchParams);
}

export const meta = pageMeta('statistics:metaTitle', 'statistics:metaDescription');

/** One space's figures sit in its back office's frame; every space's stand alone. */
export default function StatisticsRoute({ loaderData }: Route.ComponentProps) {
  const page = <StatisticsPage {...loaderData} />;
  const spaceId = loaderData.query.space;
  return spaceId ? (
    <OfficeFrame spaceId={spaceId} current="statistics">
      {page}
    </OfficeFrame>
  ) : (
    page
  );
}

import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { getManagedSpace, listTeam } from '#contract/back-office';
import { listManagedEvents } from '#contract/events';
import { listManagedFormulas, listSpacePlans } from '#contract/formulas';
import { listReports, REPORT_STATUSES } from '#contract/community';
import { todayIn } from '#contract/dates';
import { DEFAULT_TIME_ZONE } from '#contract/spaces';
import type { Route } from './+types/myspaces-space';
import { OFFICE_SECTIONS, SpaceBackOffice } from './space-back-office';
import { ModerationPanel } from '~/features/community/moderation-panel';
import { requireViewer } from '~/platform/guard';
import { pageTitle } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['backoffice', 'spaces', 'community', 'formulas', 'events'] };
await loadRouteNamespaces(handle);

/** /myspaces/{spaceId}?section=…: one space's back office (owners, managers and admins; others get 403). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireViewer({ context, request });
  const wanted = new URL(request.url).searchParams.get('section');
  const section = OFFICE_SECTIONS.find((name) => name === wanted) ?? 'general';
  const space = await context.call(getManagedSpace, { spaceId: params.spaceId });
  const team = section === 'team' ? await context.call(listTeam, { spaceId: params.spaceId }) : null;
  const sales =
    section === 'formulas'
      ? await Promise.all([
          context.call(listManagedFormulas, { spaceId: params.spaceId }),
          context.call(listSpacePlans, { spaceId: params.spaceId }),
        ]).then(([catalogue, plans]) => ({ ...catalogue, plans }))
      : null;
  const wantedStatus = new URL(request.url).searchParams.get('status');
  const reportStatus = REPORT_STATUSES.find((status) => status === wantedStatus) ?? 'open';
  const reports =
    section === 'reports'
      ? (await context.call(listReports, { spaceId: params.spaceId, status: reportStatus })).reports
      : null;
  const events =
    section === 'events' ? await context.call(listManagedEvents, { spaceId: params.spaceId }) : null;
  const today = todayIn(space.address.timeZone || DEFAULT_TIME_ZONE, new Date());
  return { space, section, team, sales, events, today, reports, reportStatus };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return pageTitle(matches, 'backoffice:office.metaTitle', undefined, {
    name: data?.space.identity.name ?? '',
  });
}

export default function SpaceBackOfficeRoute({ loaderData }: Route.ComponentProps) {
  const { reports, reportStatus, ...office } = loaderData;
  return (
    <SpaceBackOffice
      {...office}
      reports={reports ? <ModerationPanel reports={reports} status={reportStatus} /> : null}
    />
  );
}

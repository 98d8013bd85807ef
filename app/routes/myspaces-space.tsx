import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { getManagedSpace, listTeam } from '#contract/back-office';
import { countEventsOnDay, listManagedEvents } from '#contract/events';
import { listManagedFormulas, listSpacePlans } from '#contract/formulas';
import { countOpenReports, listReports, REPORT_STATUSES } from '#contract/community';
import { countUnpaidInvoices } from '#contract/invoices';
import { countArrivals, countAwaitingDecision, listForApproval } from '#contract/reservations';
import { listSpaceMandates } from '#contract/sepa';
import { todayIn } from '#contract/dates';
import { DEFAULT_TIME_ZONE } from '#contract/spaces';
import type { TLoadContext } from '#contract/load-context';
import type { Route } from './+types/myspaces-space';
import { preloadOfficeSection, SpaceBackOffice } from './space-back-office';
import type { HomeItem } from '~/features/back-office/office-home';
import {
  officeEntryPath,
  officeSectionOf,
  type OfficeSection,
} from '~/features/back-office/office-navigation';
import { requireViewer } from '~/platform/guard';
import { beforeHydration, lazyPart } from '~/platform/lazy-part';
import { pageTitle } from '~/platform/meta';

// Other features' panels, loaded with the section that shows them (./space-back-office.tsx).
const ApprovalsQueue = lazyPart(() =>
  import('~/features/reservations/approvals-queue').then((module) => module.ApprovalsQueue),
);
const ModerationPanel = lazyPart(() =>
  import('~/features/community/moderation-panel').then((module) => module.ModerationPanel),
);
const MandateNote = lazyPart(() =>
  import('~/features/sepa/mandate-note').then((module) => module.MandateNote),
);

export const handle: I18nHandle = {
  i18n: ['backoffice', 'spaces', 'community', 'formulas', 'events', 'reservations', 'sepa'],
};
await loadRouteNamespaces(handle);
// A first visit hydrates the section it shows whole: its code is loaded before (lazyPart).
if (beforeHydration())
  await preloadSection(officeSectionOf(new URLSearchParams(window.location.search).get('section')));

function preloadSection(section: OfficeSection): Promise<unknown> {
  const panels: Partial<Record<OfficeSection, { preload(): Promise<void> }>> = {
    approvals: ApprovalsQueue,
    reports: ModerationPanel,
    team: MandateNote,
  };
  return Promise.all([preloadOfficeSection(section), panels[section]?.preload()]);
}

/**
 * The home's items: one query each, asked of the feature that owns what is counted, side by side; each
 * links to where the manager acts on it.
 */
async function homeItems(context: TLoadContext, spaceId: string, today: string): Promise<HomeItem[]> {
  const [approvals, arrivals, events, unpaid, reports] = await Promise.all([
    context.call(countAwaitingDecision, { spaceId }),
    context.call(countArrivals, { spaceId, date: today }),
    context.call(countEventsOnDay, { spaceId, date: today }),
    context.call(countUnpaidInvoices, { spaceId }),
    context.call(countOpenReports, { spaceId }),
  ]);
  return [
    { kind: 'approvals', count: approvals.count, to: officeEntryPath(spaceId, 'approvals') },
    {
      kind: 'arrivals',
      count: arrivals.count,
      to: `/reservations?view=planning&space=${spaceId}&date=${today}`,
    },
    { kind: 'events', count: events.count, to: officeEntryPath(spaceId, 'events') },
    { kind: 'unpaid', count: unpaid.count, to: `${officeEntryPath(spaceId, 'invoicing')}#invoices` },
    { kind: 'reports', count: reports.count, to: officeEntryPath(spaceId, 'reports') },
  ];
}

/** /myspaces/{spaceId}?section=…: one space's back office (owners, managers and admins; others get 403). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireViewer({ context, request });
  const spaceId = params.spaceId;
  const section = officeSectionOf(new URL(request.url).searchParams.get('section'));
  const space = await context.call(getManagedSpace, { spaceId });
  const timeZone = space.address.timeZone || DEFAULT_TIME_ZONE;
  const today = todayIn(timeZone, new Date());
  const home = section === 'home' ? await homeItems(context, spaceId, today) : null;
  const approvals = section === 'approvals' ? await context.call(listForApproval, { spaceId }) : null;
  const team = section === 'team' ? await context.call(listTeam, { spaceId }) : null;
  const mandates = section === 'team' ? await context.call(listSpaceMandates, { spaceId }) : null;
  const sales =
    section === 'formulas'
      ? await Promise.all([
          context.call(listManagedFormulas, { spaceId }),
          context.call(listSpacePlans, { spaceId }),
        ]).then(([catalogue, plans]) => ({ ...catalogue, plans }))
      : null;
  const wantedStatus = new URL(request.url).searchParams.get('status');
  const reportStatus = REPORT_STATUSES.find((status) => status === wantedStatus) ?? 'open';
  const reports =
    section === 'reports'
      ? (await context.call(listReports, { spaceId, status: reportStatus })).reports
      : null;
  const events = section === 'events' ? await context.call(listManagedEvents, { spaceId }) : null;
  return {
    space,
    timeZone,
    section,
    home,
    approvals,
    team,
    sales,
    events,
    today,
    reports,
    reportStatus,
    mandates,
  };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return pageTitle(matches, 'backoffice:office.metaTitle', undefined, {
    name: data?.space.identity.name ?? '',
  });
}

export default function SpaceBackOfficeRoute({ loaderData }: Route.ComponentProps) {
  const { reports, reportStatus, approvals, mandates, timeZone, ...office } = loaderData;
  const mandateOf = new Map(mandates?.members.map((member) => [member.userId, member.mandate]));
  return (
    <SpaceBackOffice
      {...office}
      approvals={approvals ? <ApprovalsQueue initial={approvals} /> : null}
      reports={
        reports ? <ModerationPanel reports={reports} status={reportStatus} timeZone={timeZone} /> : null
      }
      memberNote={(userId) =>
        mandateOf.has(userId) ? <MandateNote mandate={mandateOf.get(userId) ?? null} /> : null
      }
    />
  );
}

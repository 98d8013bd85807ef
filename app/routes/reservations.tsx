import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { pageParam } from '#contract/pagination.plain';
import { todayIn } from '#contract/dates';
import { isUuid, ZCalendarDate } from '#contract/input';
import {
  getBookingPolicy,
  getFeedStatus,
  getSpaceCalendar,
  listForApproval,
  listManagedSpaces,
  listMyReservations,
} from '#contract/reservations';
import type { Route } from './+types/reservations';
import {
  MyReservationsPage,
  preloadReservationsView,
  type ReservationsPageData,
  type ReservationsView,
} from '~/features/reservations/my-reservations-page';
import { requireViewer } from '~/platform/guard';
import { beforeHydration } from '~/platform/lazy-part';
import { pageMeta } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['reservations'] };
await loadRouteNamespaces(handle);
// A first visit hydrates the view it shows whole: its code is loaded before (app/platform/lazy-part.tsx).
if (beforeHydration()) await preloadReservationsView(new URLSearchParams(window.location.search).get('view'));

/**
 * Login required. `?view=approvals` and `?view=planning&space=…&date=…` are the managers' views; anyone
 * else asking for them gets their own reservations.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<ReservationsPageData> {
  requireViewer({ context, request });
  const params = new URL(request.url).searchParams;
  const [feed, managed] = await Promise.all([
    context.call(getFeedStatus, {}),
    context.call(listManagedSpaces, {}),
  ]);
  const asked = params.get('view');
  const view: ReservationsView =
    managed.length > 0 && (asked === 'approvals' || asked === 'planning') ? asked : 'mine';
  const empty = { items: [], hasMore: false, page: 1 };

  if (view === 'approvals') {
    const approvals = await context.call(listForApproval, {});
    return { view, upcoming: empty, past: empty, feed, managed, approvals, planning: null };
  }
  if (view === 'planning') {
    const askedSpace = params.get('space');
    const space = managed.find((item) => item.id === askedSpace) ?? managed[0]!;
    // A date the planning cannot show (not a date, or outside the app's calendar) means today.
    const askedDate = ZCalendarDate.safeParse(params.get('date'));
    const date = askedDate.success ? askedDate.data : todayIn(space.timeZone, new Date());
    const spaceId = isUuid(space.id) ? space.id : '';
    const [calendar, policy] = await Promise.all([
      context.call(getSpaceCalendar, { spaceId, date }),
      context.call(getBookingPolicy, { spaceId }),
    ]);
    return {
      view,
      upcoming: empty,
      past: empty,
      feed,
      managed,
      approvals: null,
      planning: { calendar, policy },
    };
  }
  const [upcoming, past] = await Promise.all([
    context.call(listMyReservations, { scope: 'upcoming', page: pageParam(params.get('upcoming')) }),
    context.call(listMyReservations, { scope: 'past', page: pageParam(params.get('past')) }),
  ]);
  return { view, upcoming, past, feed, managed, approvals: null, planning: null };
}

export const meta = pageMeta('reservations:mine.metaTitle', 'reservations:mine.metaDescription');

export default function ReservationsRoute({ loaderData }: Route.ComponentProps) {
  return <MyReservationsPage data={loaderData} />;
}

import { CalendarX2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from '~/platform/translation';
import { Link, useRevalidator } from 'react-router';
import type {
  TFeedStatus,
  TManagedReservation,
  TManagedSpace,
  TReservation,
  TBookingPolicy,
  TSpaceCalendar,
} from '#contract/reservations';
import { isActiveStatus } from '#contract/reservations.plain';
import { buttonClass } from '~/ui/button';
import { cn } from '~/ui/cn';
import { EmptyState } from '~/ui/empty-state';
import { LinkTabs } from '~/ui/link-tabs';
import { lazyPart } from '~/platform/lazy-part';
import { CalendarLinks } from './calendar-links';
import { CancellationAction } from './cancellation-action';
import { FeedPanel } from './feed-panel';
import { ReservationCard } from './reservation-card';
import { CheckInButton } from './check-in-action';

// A manager's other views load with them (docs/decisions/031-light-pages.md): a member's list loads neither.
const ApprovalsQueue = lazyPart(() => import('./approvals-queue').then((module) => module.ApprovalsQueue));
const SpacePlanning = lazyPart(() => import('./space-planning').then((module) => module.SpacePlanning));

/** Loads the code of the view a URL asks for (`?view=`), for the route to await before the first hydration. */
export function preloadReservationsView(view: string | null): Promise<void> {
  if (view === 'approvals') return ApprovalsQueue.preload();
  if (view === 'planning') return SpacePlanning.preload();
  return Promise.resolve();
}

export type ReservationsView = 'mine' | 'approvals' | 'planning';

export interface ReservationsPageData {
  view: ReservationsView;
  upcoming: { items: TReservation[]; hasMore: boolean; page: number };
  past: { items: TReservation[]; hasMore: boolean; page: number };
  feed: TFeedStatus;
  managed: TManagedSpace[];
  approvals: TManagedReservation[] | null;
  planning: { calendar: TSpaceCalendar; policy: TBookingPolicy } | null;
}

/**
 * A list of my reservations. A change made here shows at once; a reservation cancelled from the upcoming
 * list leaves it, and the page's data is read again so that it joins the past ones.
 */
function ReservationList({
  items,
  emptyTitle,
  emptyText,
  upcoming,
}: {
  items: TReservation[];
  emptyTitle: string;
  emptyText?: string;
  /** The upcoming list: only active reservations, each with its calendar links. */
  upcoming: boolean;
}) {
  const { t } = useTranslation('reservations');
  const { revalidate } = useRevalidator();
  const [list, setList] = useState(items);
  // The page's data read again (after a cancellation): the list starts over from it.
  const [read, setRead] = useState(items);
  if (read !== items) {
    setRead(items);
    setList(items);
  }
  const replace = (updated: TReservation) => {
    if (upcoming && !isActiveStatus(updated.status)) {
      setList((current) => current.filter((item) => item.id !== updated.id));
      void revalidate();
      return;
    }
    setList((current) => current.map((item) => (item.id === updated.id ? updated : item)));
  };
  if (list.length === 0) {
    return (
      <EmptyState
        icon={CalendarX2}
        title={emptyTitle}
        action={
          <Link to="/spaces/all" className={buttonClass('primary')}>
            {t('mine.findSpace')}
          </Link>
        }
      >
        {emptyText}
      </EmptyState>
    );
  }
  return (
    <ul className="flex flex-col gap-4">
      {list.map((reservation) => (
        <li key={reservation.id}>
          <ReservationCard
            reservation={reservation}
            actions={
              <>
                {upcoming && isActiveStatus(reservation.status) ? (
                  <CalendarLinks reservation={reservation} />
                ) : null}
                <CheckInButton reservation={reservation} onChanged={replace} />
                <CancellationAction reservation={reservation} onChanged={replace} />
              </>
            }
          />
        </li>
      ))}
    </ul>
  );
}

function Tabs({ data }: { data: ReservationsPageData }) {
  const { t } = useTranslation('reservations');
  const pending = data.managed.reduce((sum, space) => sum + space.pendingCount, 0);
  const tabs: Array<{ view: ReservationsView; to: string; label: string }> = [
    { view: 'mine', to: '/reservations', label: t('tabs.mine') },
    { view: 'approvals', to: '/reservations?view=approvals', label: t('tabs.approvals', { count: pending }) },
    { view: 'planning', to: '/reservations?view=planning', label: t('tabs.planning') },
  ];
  return (
    <LinkTabs
      label={t('tabs.label')}
      look="underline"
      className="mb-6"
      tabs={tabs.map((tab) => ({
        id: tab.view,
        to: tab.to,
        current: data.view === tab.view,
        children: tab.label,
      }))}
    />
  );
}

/** My upcoming or past reservations: a page of them, and the link to the next page when there is one. */
function ReservationsSection({
  scope,
  list,
}: {
  scope: 'upcoming' | 'past';
  list: ReservationsPageData['past'];
}) {
  const { t } = useTranslation('reservations');
  const upcoming = scope === 'upcoming';
  return (
    <section aria-labelledby={`${scope}-title`} className="flex flex-col gap-4">
      <h2 id={`${scope}-title`} className="text-2xl font-semibold">
        {t(upcoming ? 'mine.upcoming' : 'mine.past')}
      </h2>
      <ReservationList
        key={`${scope}-${list.page}`}
        items={list.items}
        emptyTitle={t(upcoming ? 'mine.noUpcoming' : 'mine.noPast')}
        emptyText={upcoming ? t('mine.noUpcomingText') : undefined}
        upcoming={upcoming}
      />
      {list.hasMore ? (
        <Link
          to={`/reservations?${scope}=${list.page + 1}`}
          className={cn(buttonClass('outline'), 'self-start')}
        >
          {t('mine.more')}
        </Link>
      ) : null}
    </section>
  );
}

/** `/reservations`: my upcoming and past reservations and calendar feed; for managers, approvals and planning. */
export function MyReservationsPage({ data }: { data: ReservationsPageData }) {
  const { t } = useTranslation('reservations');
  const isManager = data.managed.length > 0;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold tracking-tight sm:text-4xl">
        {isManager ? t('tabs.title') : t('mine.title')}
      </h1>
      {isManager ? <Tabs data={data} /> : null}
      {data.view === 'approvals' && data.approvals ? (
        <section aria-labelledby="approvals-title">
          <h2 id="approvals-title" className="mb-4 text-2xl font-semibold">
            {t('approvals.title')}
          </h2>
          <Suspense fallback={null}>
            <ApprovalsQueue initial={data.approvals} />
          </Suspense>
        </section>
      ) : data.view === 'planning' && data.planning ? (
        <Suspense fallback={null}>
          <SpacePlanning
            calendar={data.planning.calendar}
            spaces={data.managed}
            policy={data.planning.policy}
          />
        </Suspense>
      ) : (
        <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="flex flex-col gap-10">
            <ReservationsSection scope="upcoming" list={data.upcoming} />
            <ReservationsSection scope="past" list={data.past} />
          </div>
          <aside>
            <FeedPanel initial={data.feed} />
          </aside>
        </div>
      )}
    </main>
  );
}

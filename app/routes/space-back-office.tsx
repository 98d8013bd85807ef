import { ExternalLink } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { lazyPart } from '~/platform/lazy-part';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import type { TInvitation, TManagedSpace } from '#contract/back-office';
import { BackLink } from '~/ui/back-link';
import { StatusBadge } from '~/features/back-office/status-badge';
import type { TeamMember } from '~/features/back-office/team-manager';
import type { TFormula, TMemberPlan, TSalesSettings } from '#contract/formulas';
import type { TManagedEvent } from '#contract/events';
import { OfficeHome, type HomeItem } from '~/features/back-office/office-home';
import { officeEntryPath, type OfficeSection } from '~/features/back-office/office-navigation';
import { DEFAULT_TIME_ZONE } from '#contract/spaces.plain';

// Each section's forms load with the section (issue 31): the home, where the back office opens, loads none of
// them. The route module loads the section its URL names before the first hydration (preloadOfficeSection).
const IdentityForm = lazyPart(() =>
  import('~/features/back-office/identity-form').then((module) => module.IdentityForm),
);
const AddressForm = lazyPart(() =>
  import('~/features/back-office/address-form').then((module) => module.AddressForm),
);
const HoursSection = lazyPart(() => import('./space-back-office-hours').then((module) => module.default));
const RoomsManager = lazyPart(() =>
  import('~/features/back-office/rooms-manager').then((module) => module.RoomsManager),
);
const SalesSection = lazyPart(() => import('./space-back-office-sales').then((module) => module.default));
const EventsOffice = lazyPart(() =>
  import('~/features/events/office/events-office').then((module) => module.EventsOffice),
);
const PhotoManager = lazyPart(() =>
  import('~/features/back-office/photo-manager').then((module) => module.PhotoManager),
);
const BrandingForm = lazyPart(() =>
  import('~/features/back-office/branding-form').then((module) => module.BrandingForm),
);
const TeamManager = lazyPart(() =>
  import('~/features/back-office/team-manager').then((module) => module.TeamManager),
);
const PublishPanel = lazyPart(() =>
  import('~/features/back-office/publish-panel').then((module) => module.PublishPanel),
);

const SECTION_PARTS: Partial<Record<OfficeSection, { preload(): Promise<void> }>> = {
  general: IdentityForm,
  address: AddressForm,
  hours: HoursSection,
  rooms: RoomsManager,
  formulas: SalesSection,
  events: EventsOffice,
  photos: PhotoManager,
  branding: BrandingForm,
  team: TeamManager,
  status: PublishPanel,
};

/** Loads the code of a section's own forms (the home and the route's panels have none here). */
export function preloadOfficeSection(section: OfficeSection): Promise<void> {
  return SECTION_PARTS[section]?.preload() ?? Promise.resolve();
}

/** The back office of one space: a section at a time, chosen in the URL (`?section=hours`). */
export function SpaceBackOffice({
  space,
  section,
  team,
  sales = null,
  events = null,
  today,
  home = null,
  approvals,
  reports,
  memberNote,
}: {
  space: TManagedSpace;
  section: OfficeSection;
  team: { members: TeamMember[]; invitations: TInvitation[] } | null;
  /** The `formulas` section's data: the formulas, the sales settings and the members' plans. */
  sales?: { formulas: TFormula[]; settings: TSalesSettings; plans: TMemberPlan[] } | null;
  /** The `events` section's data: the space's events and how long offers last. */
  events?: { events: TManagedEvent[]; settings: { offerHours: number } } | null;
  today: string;
  /** The home's items (the `home` section). */
  home?: HomeItem[] | null;
  /** The requests waiting for a decision, composed by the route (the reservations' panel). */
  approvals?: ReactNode;
  /** The community's reports section, composed by the route (another feature's panel). */
  reports?: ReactNode;
  /** A line under each team member (their SEPA mandate), composed by the route. */
  memberNote?: (userId: string) => ReactNode;
}) {
  const { t } = useTranslation('backoffice');
  // Each form starts from the saved values, keyed by them: after a save it shows what was stored, and a
  // save elsewhere on the page leaves its unsaved edits alone.
  const keyOf = (value: unknown) => JSON.stringify(value);
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8">
      <BackLink to="/myspaces" label={t('space.breadcrumb', { ns: 'spaces' })} className="mb-4">
        {t('office.back')}
      </BackLink>
      <header className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight">{space.identity.name}</h1>
          <StatusBadge status={space.status} />
        </div>
        <Link
          to={`/spaces/${space.slug}`}
          className="text-primary-ink inline-flex items-center gap-1 underline underline-offset-2"
        >
          {space.status === 'published' ? t('office.seePublic') : t('office.preview')}
          <ExternalLink aria-hidden className="size-4" />
        </Link>
      </header>
      <Suspense fallback={null}>
        <div className="flex flex-col gap-6">
          {section === 'home' && home ? (
            <OfficeHome
              items={home}
              today={today}
              timeZone={space.address.timeZone || DEFAULT_TIME_ZONE}
              statisticsPath={officeEntryPath(space.id, 'statistics')}
            />
          ) : null}
          {section === 'approvals' ? approvals : null}
          {section === 'general' ? (
            <IdentityForm key={keyOf(space.identity)} spaceId={space.id} initial={space.identity} />
          ) : null}
          {section === 'address' ? (
            <AddressForm key={keyOf(space.address)} spaceId={space.id} initial={space.address} />
          ) : null}
          {section === 'hours' ? (
            <HoursSection
              spaceId={space.id}
              openingHours={space.openingHours}
              closures={space.closures}
              today={today}
            />
          ) : null}
          {section === 'rooms' ? <RoomsManager spaceId={space.id} rooms={space.rooms} /> : null}
          {section === 'formulas' && sales ? <SalesSection spaceId={space.id} sales={sales} /> : null}
          {section === 'events' && events ? (
            <EventsOffice
              spaceId={space.id}
              events={events.events}
              offerHours={events.settings.offerHours}
              rooms={space.rooms
                .filter((room) => !room.archived)
                .map((room) => ({ id: room.id, name: room.name }))}
              timeZone={space.address.timeZone || 'Europe/Paris'}
            />
          ) : null}
          {section === 'photos' ? (
            <PhotoManager owner={{ type: 'space', id: space.id }} photos={space.photos} />
          ) : null}
          {section === 'branding' ? (
            <BrandingForm key={keyOf(space.branding)} spaceId={space.id} initial={space.branding} />
          ) : null}
          {section === 'team' && team ? (
            <TeamManager
              spaceId={space.id}
              members={team.members}
              invitations={team.invitations}
              canManageManagers={space.myRole !== 'manager'}
              memberNote={memberNote}
            />
          ) : null}
          {section === 'reports' ? reports : null}
          {section === 'status' ? <PublishPanel space={space} /> : null}
        </div>
      </Suspense>
    </main>
  );
}

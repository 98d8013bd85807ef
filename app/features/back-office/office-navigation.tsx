import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '~/platform/translation';
import { cn } from '~/ui/cn';

/** The sections of `/myspaces/{id}` (`?section=…`), the home first: it is where the back office opens. */
const OFFICE_SECTIONS = [
  'home',
  'approvals',
  'events',
  'reports',
  'general',
  'address',
  'hours',
  'photos',
  'branding',
  'status',
  'rooms',
  'formulas',
  'team',
] as const;
export type OfficeSection = (typeof OFFICE_SECTIONS)[number];

/** The back office's pages of their own (`/myspaces/{id}/invoicing`, `/myspaces/{id}/documents`). */
const OFFICE_PAGES = ['invoicing', 'direct-debit', 'bank-statements', 'documents', 'displays'] as const;
type OfficePage = (typeof OFFICE_PAGES)[number];
/** A page of the back office at an address of its own: /statistics, for one space (`?space={id}`). */
type OfficeElsewhere = 'statistics';
export type OfficeEntry = OfficeSection | OfficePage | OfficeElsewhere;

/** The navigation's groups, in order, each list named by its title; the first has none (the home, the figures). */
const GROUPS: Array<{ id: string; entries: OfficeEntry[] }> = [
  { id: 'today', entries: ['home', 'statistics'] },
  { id: 'daily', entries: ['approvals', 'events', 'reports'] },
  { id: 'space', entries: ['general', 'address', 'hours', 'photos', 'branding', 'status'] },
  { id: 'offer', entries: ['rooms', 'formulas', 'displays'] },
  { id: 'admin', entries: ['team', 'invoicing', 'direct-debit', 'bank-statements', 'documents'] },
];

/** The section a `?section=` value names; the home for none or one the back office does not have. */
export function officeSectionOf(value: string | null): OfficeSection {
  return OFFICE_SECTIONS.find((name) => name === value) ?? 'home';
}

/** Where an entry of a space's back office is. */
export function officeEntryPath(spaceId: string, entry: OfficeEntry): string {
  if (entry === 'home') return `/myspaces/${spaceId}`;
  if (entry === 'statistics') return `/statistics?space=${spaceId}`;
  if ((OFFICE_PAGES as readonly string[]).includes(entry)) return `/myspaces/${spaceId}/${entry}`;
  return `/myspaces/${spaceId}?section=${entry}`;
}

/** The entry a back-office address shows: a page of its own, or a section of `/myspaces/{id}`. */
export function officeEntryOf(pathname: string, search: string): OfficeEntry {
  const page = OFFICE_PAGES.find((name) => pathname.endsWith(`/${name}`));
  return page ?? officeSectionOf(new URLSearchParams(search).get('section'));
}

function EntryLinks({
  spaceId,
  current,
  look,
}: {
  spaceId: string;
  current: OfficeEntry;
  look: 'side' | 'menu';
}) {
  const { t } = useTranslation('backoffice');
  return (
    <div className="flex flex-col gap-4">
      {GROUPS.map((group) => (
        <div key={group.id}>
          {group.id === 'today' ? null : (
            <p
              id={`office-nav-${look}-${group.id}`}
              className="text-ink-soft mb-1 px-3 text-xs font-semibold tracking-wide uppercase"
            >
              {t(`office.groups.${group.id}`)}
            </p>
          )}
          <ul
            className="flex flex-col gap-0.5"
            aria-labelledby={group.id === 'today' ? undefined : `office-nav-${look}-${group.id}`}
          >
            {group.entries.map((entry) => (
              <li key={entry}>
                <Link
                  to={officeEntryPath(spaceId, entry)}
                  aria-current={entry === current ? 'page' : undefined}
                  className={cn(
                    'block rounded-lg px-3 py-2 text-sm',
                    entry === current ? 'bg-primary text-on-primary font-semibold' : 'hover:bg-muted',
                  )}
                >
                  {t(`office.tabs.${entry}`)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/**
 * Every place of a space's back office in one navigation: a side column on wide screens; on narrower ones a
 * disclosure that names the current place and opens the same links (a native `<details>`: keyboard and
 * screen readers know it, and it works before the page's JavaScript). It closes on each navigation.
 */
function OfficeNavigation({ spaceId, current }: { spaceId: string; current: OfficeEntry }) {
  const { t } = useTranslation('backoffice');
  return (
    <>
      <nav aria-label={t('office.sections')} className="hidden w-56 shrink-0 py-8 lg:block">
        <EntryLinks spaceId={spaceId} current={current} look="side" />
      </nav>
      <nav aria-label={t('office.sections')} className="px-4 pt-6 lg:hidden">
        <details key={current} className="border-line bg-surface group rounded-lg border">
          <summary className="hover:bg-muted flex cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-3 py-2 [&::-webkit-details-marker]:hidden">
            <span>
              <span className="text-ink-soft text-sm">{t('office.sectionsMenu')} </span>
              <span className="font-semibold">{t(`office.tabs.${current}`)}</span>
            </span>
            <ChevronDown aria-hidden className="size-5 shrink-0 transition-transform group-open:rotate-180" />
          </summary>
          <div className="border-line border-t p-2">
            <EntryLinks spaceId={spaceId} current={current} look="menu" />
          </div>
        </details>
      </nav>
    </>
  );
}

/** A space's back office: its navigation beside (or above) the page of the place chosen. */
export function OfficeFrame({
  spaceId,
  current,
  children,
}: {
  spaceId: string;
  current: OfficeEntry;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col lg:flex-row lg:gap-2 lg:px-4">
      <OfficeNavigation spaceId={spaceId} current={current} />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

import { Building2, CalendarCheck, Newspaper, ShieldCheck, Users, type LucideIcon } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import type { listActivity, TActivityItem } from '#contract/activity';
import { ACTIVITY_PAGE_SIZE, activityCalls, activityFiltersFromParams } from '#contract/activity.plain';
import type { InputOf } from '#contract/callable';
import { describeActivity, groupOfKind, reasonOf, zoneOfItem } from '#contract/activity-sentence';
import type { Translate } from '#contract/translator';
import type { Locale } from '#contract/locale';
import { todayIn } from '#contract/dates';
import { formatTime, zoneCity } from '#contract/reservation-format';
import { DEFAULT_TIME_ZONE } from '#contract/spaces.plain';
import { call } from '~/platform/callable-client';
import { capitalize, formatCalendarDate, useVisitorTimeZone } from '~/platform/format';
import { useLocale } from '~/platform/use-locale';
import { buttonClass } from '~/ui/button';
import { cn } from '~/ui/cn';
import { TextLink } from '~/ui/link';
import { Notice } from '~/ui/notice';

const GROUP_ICONS: Record<string, LucideIcon> = {
  account: ShieldCheck,
  reservations: CalendarCheck,
  spaces: Building2,
  teams: Users,
  content: Newspaper,
};

/** The words of an entry's link, from where it leads (the first rule that matches). */
const LINK_LABELS: ReadonlyArray<[test: (link: string) => boolean, key: string]> = [
  [(link) => link.startsWith('/reservations?view=planning'), 'links.planning'],
  [(link) => link.startsWith('/profile#billing'), 'links.billing'],
  [(link) => link.startsWith('/profile'), 'links.profile'],
  [(link) => link.startsWith('/admin/blog'), 'links.article'],
  [(link) => link.startsWith('/admin/faq'), 'links.faq'],
  [(link) => link.startsWith('/admin/partners'), 'links.partners'],
  [(link) => link.startsWith('/documents#my-invoices'), 'links.invoices'],
  [(link) => link.startsWith('/documents') || link.endsWith('/documents'), 'links.documents'],
  [(link) => link.endsWith('/invoicing#identity'), 'links.legalIdentity'],
  [(link) => link.includes('/invoicing'), 'links.invoicing'],
  [(link) => link.startsWith('/ad/'), 'links.ad'],
  [(link) => link.startsWith('/community'), 'links.community'],
  [(link) => link.startsWith('/events/') || link.includes('/events/'), 'links.event'],
  [(link) => link.includes('section=reports'), 'links.reports'],
  [(link) => link.includes('section=team'), 'links.team'],
  [(link) => link.includes('section=rooms') || link.includes('/rooms/'), 'links.room'],
  [(link) => link.startsWith('/myspaces'), 'links.backOffice'],
];

function linkLabelKey(item: TActivityItem): string {
  const link = item.link ?? '';
  if (link.startsWith('/reservations') && !link.startsWith('/reservations?view=planning'))
    return item.kind.startsWith('calendar_feed') ? 'links.calendar' : 'links.reservation';
  return LINK_LABELS.find(([test]) => test(link))?.[1] ?? 'links.space';
}

interface Day {
  date: string;
  zone: string;
  items: TActivityItem[];
}

/** Entries by day, each in its own zone (the space's, else the reader's); the order is kept. */
function byDay(items: TActivityItem[], readerZone: string): Day[] {
  const days: Day[] = [];
  for (const item of items) {
    const zone = zoneOfItem(item, readerZone);
    const date = todayIn(zone, new Date(item.occurredAt));
    const last = days.at(-1);
    if (last && last.date === date) last.items.push(item);
    else days.push({ date, zone, items: [item] });
  }
  return days;
}

/** One entry: plain props, no hooks (a page renders dozens; the feed translates once for all). */
function Entry({
  item,
  viewerId,
  readerZone,
  t,
  locale,
}: {
  item: TActivityItem;
  viewerId: string;
  readerZone: string;
  t: Translate;
  locale: Locale;
}) {
  const zone = zoneOfItem(item, readerZone);
  const sentence = describeActivity(item, { viewerId, locale, timeZone: readerZone, t });
  const reason = reasonOf(item, t);
  const Icon = GROUP_ICONS[groupOfKind(item.kind)] ?? ShieldCheck;
  const time = formatTime(locale, item.occurredAt, zone);
  const sentenceId = `activity-${item.id}`;
  return (
    <li className="border-line bg-surface flex gap-3 rounded-xl border p-3 sm:p-4" data-kind={item.kind}>
      <span className="bg-muted text-ink-soft flex size-9 shrink-0 items-center justify-center rounded-full">
        <Icon aria-hidden className="size-4" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p id={sentenceId} className="break-words">
          {sentence}
        </p>
        {reason ? <p className="text-ink-soft text-sm break-words">{t('reason', { reason })}</p> : null}
        <div className="text-ink-soft flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <time dateTime={item.occurredAt}>
            {zone === readerZone ? time : t('timeInZone', { time, zone: zoneCity(zone) })}
          </time>
          {item.link ? (
            <TextLink to={item.link} aria-describedby={sentenceId} className="text-sm">
              {t(linkLabelKey(item))}
            </TextLink>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/**
 * The entries, grouped by day, and "show more": a link to the next page (it works without JavaScript),
 * which with JavaScript appends the next page here instead of leaving.
 */
export function ActivityFeed({
  initial,
  query,
  viewerId,
  paged,
}: {
  initial: { items: TActivityItem[]; nextCursor: string | null };
  query: string;
  viewerId: string;
  paged: boolean;
}) {
  const { t } = useTranslation('activity');
  const locale = useLocale();
  const readerZone = useVisitorTimeZone() ?? DEFAULT_TIME_ZONE;
  const [items, setItems] = useState(initial.items);
  const [nextCursor, setNextCursor] = useState(initial.nextCursor);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const nextHref = nextCursor
    ? `/activity?${query ? `${query}&` : ''}cursor=${encodeURIComponent(nextCursor)}`
    : null;

  async function loadMore(event: MouseEvent<HTMLAnchorElement>) {
    // A next page is offered only for filters that held (the page's loader judged them); the server judges
    // them again, so the feed needs no schema of its own (docs/decisions/031-light-pages.md).
    if (!nextCursor) return;
    const filters = activityFiltersFromParams(new URLSearchParams(query)) as InputOf<typeof listActivity>;
    event.preventDefault();
    setLoading(true);
    setFailed(false);
    try {
      const page = await call(activityCalls.list, {
        ...filters,
        cursor: nextCursor,
        pageSize: ACTIVITY_PAGE_SIZE,
      });
      setItems((current) => [...current, ...page.items]);
      setNextCursor(page.nextCursor);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      {paged ? (
        <Link
          to={`/activity${query ? `?${query}` : ''}`}
          className={cn(buttonClass('ghost', 'sm'), 'self-start')}
        >
          {t('firstPage')}
        </Link>
      ) : null}
      {byDay(items, readerZone).map((day) => (
        <section key={`${day.date}-${day.items[0]!.id}`} aria-labelledby={`day-${day.items[0]!.id}`}>
          <h3 id={`day-${day.items[0]!.id}`} className="mb-2 text-base font-semibold">
            {capitalize(formatCalendarDate(day.date, locale))}
          </h3>
          <ol className="flex flex-col gap-2">
            {day.items.map((item) => (
              <Entry
                key={item.id}
                item={item}
                viewerId={viewerId}
                readerZone={readerZone}
                t={t}
                locale={locale}
              />
            ))}
          </ol>
        </section>
      ))}
      {failed ? <Notice tone="error">{t('moreFailed')}</Notice> : null}
      {nextHref ? (
        <a
          href={nextHref}
          onClick={(event) => void loadMore(event)}
          aria-disabled={loading || undefined}
          className={cn(buttonClass('outline'), 'self-center', loading && 'pointer-events-none opacity-60')}
        >
          {loading ? t('loadingMore') : t('more')}
        </a>
      ) : null}
    </div>
  );
}

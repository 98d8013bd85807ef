import {
  ChartColumn,
  CalendarCheck,
  CalendarDays,
  Flag,
  Inbox,
  ReceiptText,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { startOfDayIn } from '#contract/dates';
import { formatDay } from '#contract/reservation-format';
import { useTranslation } from '~/platform/translation';
import { useLocale } from '~/platform/use-locale';
import { CardLink } from '~/ui/card-link';
import { cn } from '~/ui/cn';

/** What the home counts (the route gives them in the order to show). */
type HomeItemKind = 'approvals' | 'arrivals' | 'events' | 'unpaid' | 'reports';

export interface HomeItem {
  kind: HomeItemKind;
  count: number;
  /** Where the manager acts on it. */
  to: string;
}

const ICONS: Record<HomeItemKind, LucideIcon> = {
  approvals: Inbox,
  arrivals: CalendarCheck,
  events: CalendarDays,
  unpaid: ReceiptText,
  reports: Flag,
};

/**
 * The back office's home: what needs the manager today, each thing with how many and where to act on it.
 * The counts are read by the route, one query each, from the features that own them.
 */
export function OfficeHome({
  items,
  today,
  timeZone,
  statisticsPath,
}: {
  items: HomeItem[];
  /** The space's today (`YYYY-MM-DD`) and its zone. */
  today: string;
  timeZone: string;
  /** The space's figures (/statistics), how it is doing beside what needs doing. */
  statisticsPath: string;
}) {
  const { t } = useTranslation('backoffice');
  const locale = useLocale();
  const day = formatDay(locale, startOfDayIn(today, timeZone), timeZone);
  return (
    <>
      <section aria-labelledby="office-home-title" className="flex flex-col gap-4">
        <div>
          <h2 id="office-home-title" className="text-2xl font-semibold">
            {t('home.title')}
          </h2>
          <p className="text-ink-soft first-letter:uppercase">{day}</p>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((item) => {
            const Icon = ICONS[item.kind];
            const waiting = item.count > 0;
            return (
              <li
                key={item.kind}
                className={cn(
                  'bg-surface relative flex flex-col gap-2 rounded-xl border p-4',
                  waiting ? 'border-primary' : 'border-line',
                )}
              >
                <div className="flex items-center gap-3">
                  <Icon
                    aria-hidden
                    className={cn('size-6 shrink-0', waiting ? 'text-primary' : 'text-ink-soft')}
                  />
                  <p className="text-3xl font-bold tabular-nums">{item.count}</p>
                </div>
                <p>{t(`home.items.${item.kind}.label`, { count: item.count })}</p>
                <p className="text-primary-ink mt-auto text-sm font-medium underline underline-offset-2">
                  <CardLink to={item.to}>
                    {t(`home.items.${item.kind}.action`)}
                    <span className="sr-only">
                      {' '}
                      ({item.count} {t(`home.items.${item.kind}.label`, { count: item.count })})
                    </span>
                  </CardLink>
                </p>
              </li>
            );
          })}
        </ul>
      </section>
      {/* How the space is doing, beside what needs doing today (not one of today's tasks). */}
      <div className="border-line bg-surface flex flex-wrap items-center gap-3 rounded-xl border p-4">
        <ChartColumn aria-hidden className="text-ink-soft size-6 shrink-0" />
        <p className="min-w-0 flex-1 basis-60">{t('home.statistics.lead')}</p>
        <Link
          to={statisticsPath}
          className="text-primary-ink text-sm font-medium underline underline-offset-2"
        >
          {t('home.statistics.link')}
        </Link>
      </div>
    </>
  );
}

import { Clock } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import type { Locale } from '#contract/locale';
import type { TClosure, TOpeningInterval } from '#contract/spaces';
import { formatCalendarDate } from '~/platform/format';
import { cn } from '~/ui/cn';
import { isOpenAt, type ScheduledDay } from './open-now';

const WEEK = [1, 2, 3, 4, 5, 6, 7];

function intervalsText(intervals: Array<{ opens: string; closes: string }>, closed: string): string {
  return intervals.length ? intervals.map((i) => `${i.opens} – ${i.closes}`).join(', ') : closed;
}

/**
 * The space's hours in its own zone: the week, then the next seven days with their dates (closures
 * included) and whether it is open now. `days` and `now` come from the loader so server and browser agree.
 */
export function OpeningHours({
  hours,
  closures,
  days,
  timeZone,
  now,
}: {
  hours: TOpeningInterval[];
  closures: TClosure[];
  days: ScheduledDay[];
  timeZone: string;
  now: string;
}) {
  const { t, i18n } = useTranslation('spaces');
  const locale = i18n.language as Locale;
  const open = isOpenAt(days, new Date(now));
  return (
    <section aria-labelledby="hours-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="hours-title" className="text-xl font-semibold">
          {t('space.hours')}
        </h2>
        <span
          className={cn(
            'rounded-full px-3 py-1 text-sm font-medium',
            open ? 'bg-success text-white' : 'bg-muted text-ink',
          )}
        >
          {open ? t('space.openNow') : t('space.closedNow')}
        </span>
      </div>
      <p className="text-ink-soft flex items-center gap-1 text-sm">
        <Clock aria-hidden className="size-4" />
        {t('space.hoursZone', { zone: timeZone })}
      </p>
      <table className="w-full text-sm">
        <caption className="sr-only">{t('space.weekly')}</caption>
        <tbody>
          {WEEK.map((weekday) => (
            <tr key={weekday} className="border-line border-b last:border-0">
              <th scope="row" className="py-1.5 pr-4 text-left font-medium">
                {t(`weekdays.${weekday}`)}
              </th>
              <td className="py-1.5 text-right tabular-nums">
                {intervalsText(
                  hours.filter((h) => h.weekday === weekday),
                  t('space.closed'),
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div>
        <h3 className="mb-2 font-semibold">{t('space.nextDays')}</h3>
        <ul className="flex flex-col gap-1 text-sm" data-testid="next-days">
          {days.map((day, index) => (
            <li key={day.date} className="flex justify-between gap-4" data-date={day.date}>
              <span className={cn(index === 0 && 'font-semibold')}>
                {index === 0
                  ? t('space.today')
                  : formatCalendarDate(day.date, locale, { weekday: 'long', day: 'numeric', month: 'long' })}
              </span>
              <span className="text-right tabular-nums">
                {day.closure !== null
                  ? day.closure
                    ? t('space.closedFor', { label: day.closure })
                    : t('space.closed')
                  : intervalsText(day.intervals, t('space.closed'))}
              </span>
            </li>
          ))}
        </ul>
      </div>
      {closures.length ? (
        <div>
          <h3 className="mb-2 font-semibold">{t('space.closures')}</h3>
          <ul className="flex flex-col gap-1 text-sm">
            {closures.map((closure) => (
              <li key={`${closure.startsOn}-${closure.endsOn}`}>
                {closure.startsOn === closure.endsOn
                  ? t('space.closureDay', { day: formatCalendarDate(closure.startsOn, locale) })
                  : t('space.closureRange', {
                      from: formatCalendarDate(closure.startsOn, locale),
                      to: formatCalendarDate(closure.endsOn, locale),
                    })}
                {closure.label ? ` · ${closure.label}` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

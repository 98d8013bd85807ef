import { ChevronLeft, ChevronRight, CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/platform/translation';
import { Form, Link, useRevalidator } from 'react-router';
import { addDays } from '#contract/dates';
import { formatTime } from '#contract/reservation-format';
import {
  isActiveStatus,
  type TBookingPolicy,
  type TCalendarEntry,
  type TManagedSpace,
  type TSpaceCalendar,
} from '#contract/reservations';
import { Button, buttonClass } from '~/ui/button';
import { cn } from '~/ui/cn';
import { Input, Select } from '~/ui/field';
import { CancelButton } from './cancel-button';
import { capitalize } from '~/platform/format';
import { useLocale } from '~/platform/use-locale';
import { PolicyForm } from './policy-form';
import { CheckInButton } from './check-in-action';
import { statusKeyOf } from './status-badge';
import { intlLocaleOf } from '#contract/locale';
import { dateTimeFormat } from '#contract/intl';

const ENTRY_STYLE: Record<string, string> = {
  pending: 'border-amber-500 bg-amber-50 text-amber-950 border-dashed',
  confirmed: 'border-primary bg-primary/10 text-ink',
  completed: 'border-stone-400 bg-stone-100 text-stone-900',
  no_show: 'border-stone-400 bg-stone-100 text-stone-700 line-through',
  cancelled: 'border-red-300 bg-red-50 text-red-900 line-through opacity-80',
  expired: 'border-red-300 bg-red-50 text-red-900 line-through opacity-80',
};

function span(calendar: TSpaceCalendar): { start: number; end: number } {
  const times = [
    ...calendar.open.flatMap((part) => [Date.parse(part.start), Date.parse(part.end)]),
    ...calendar.entries.flatMap((entry) => [Date.parse(entry.startsAt), Date.parse(entry.endsAt)]),
  ];
  const dayStart = Date.parse(calendar.day.start);
  const dayEnd = Date.parse(calendar.day.end);
  if (times.length === 0) return { start: dayStart + 8 * 3_600_000, end: dayStart + 20 * 3_600_000 };
  const hour = 3_600_000;
  return {
    start: Math.max(dayStart, Math.floor((Math.min(...times) - dayStart) / hour) * hour + dayStart),
    end: Math.min(dayEnd, Math.ceil((Math.max(...times) - dayStart) / hour) * hour + dayStart),
  };
}

/** Whether a manager may still cancel the entry (any active reservation, at any time). */

/**
 * The manager's planning: one day of a space, a line per room (100+ rooms stay light: plain positioned
 * blocks, no per-cell elements), each reservation placed on the day's timeline in the space's zone.
 */
export function SpacePlanning({
  calendar,
  spaces,
  policy,
}: {
  calendar: TSpaceCalendar;
  spaces: TManagedSpace[];
  policy: TBookingPolicy;
}) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const revalidator = useRevalidator();
  const zone = calendar.space.timeZone;
  const range = span(calendar);
  const roomNames = new Map(calendar.rooms.map((room) => [room.id, room.name]));
  const width = range.end - range.start;
  const position = (start: string, end: string) => ({
    left: `${((Math.max(Date.parse(start), range.start) - range.start) / width) * 100}%`,
    width: `${((Math.min(Date.parse(end), range.end) - Math.max(Date.parse(start), range.start)) / width) * 100}%`,
  });
  const hours: number[] = [];
  for (let at = range.start; at < range.end; at += 3_600_000) hours.push(at);
  const byRoom = new Map<string, TCalendarEntry[]>();
  for (const entry of calendar.entries)
    byRoom.set(entry.roomId, [...(byRoom.get(entry.roomId) ?? []), entry]);
  const href = (date: string) => `/reservations?view=planning&space=${calendar.space.id}&date=${date}`;
  const dayTitle = capitalize(
    dateTimeFormat(intlLocaleOf(locale), {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${calendar.date}T12:00:00Z`)),
  );

  return (
    <div className="flex flex-col gap-6">
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="view" value="planning" />
        {spaces.length > 1 ? (
          <Select
            label={t('planning.space')}
            name="space"
            defaultValue={calendar.space.id}
            containerClassName="min-w-56"
            choices={spaces.map((space) => ({ value: space.id, label: space.name }))}
          />
        ) : (
          <input type="hidden" name="space" value={calendar.space.id} />
        )}
        <Input
          label={t('planning.date')}
          type="date"
          name="date"
          defaultValue={calendar.date}
          containerClassName="w-44"
        />
        <Button type="submit" variant="outline">
          {t('planning.show')}
        </Button>
        <div className="flex gap-1 sm:ml-auto">
          <Link
            to={href(addDays(calendar.date, -1))}
            className={buttonClass('outline', 'sm')}
            aria-label={t('planning.previous')}
          >
            <ChevronLeft aria-hidden className="size-4" />
          </Link>
          <Link
            to={href(addDays(calendar.date, 1))}
            className={buttonClass('outline', 'sm')}
            aria-label={t('planning.next')}
          >
            <ChevronRight aria-hidden className="size-4" />
          </Link>
        </div>
      </Form>

      <section aria-labelledby="planning-title" className="flex flex-col gap-2">
        <h2 id="planning-title" className="text-xl font-semibold">
          {calendar.space.name} · {dayTitle}
        </h2>
        <p className="text-ink-soft text-sm">
          {calendar.open.length
            ? t('planning.summary', { rooms: calendar.rooms.length, count: calendar.entries.length })
            : t('planning.closed')}
        </p>
        <div className="border-line overflow-x-auto rounded-xl border">
          <div className="min-w-[44rem]">
            <div className="border-line bg-surface sticky top-0 flex border-b text-xs" aria-hidden>
              <div className="w-44 shrink-0 p-2" />
              <div className="relative h-7 flex-1">
                {hours.map((at) => (
                  <span
                    key={at}
                    className="text-ink-soft absolute top-1.5 -translate-x-1/2 tabular-nums"
                    style={{ left: `${((at - range.start) / width) * 100}%` }}
                  >
                    {formatTime(locale, new Date(at), zone)}
                  </span>
                ))}
              </div>
            </div>
            <ul aria-label={t('planning.rooms')}>
              {calendar.rooms.map((room) => {
                const entries = byRoom.get(room.id) ?? [];
                return (
                  <li key={room.id} className="border-line flex border-b last:border-b-0">
                    <div className="w-44 shrink-0 truncate p-2 text-sm font-medium" title={room.name}>
                      {room.name}
                    </div>
                    <div className="bg-muted/60 relative h-11 flex-1">
                      {calendar.open.map((part) => (
                        <div
                          key={part.start}
                          aria-hidden
                          className="bg-surface absolute inset-y-0"
                          style={position(part.start, part.end)}
                        />
                      ))}
                      {entries.length === 0 ? <span className="sr-only">{t('planning.free')}</span> : null}
                      <ol>
                        {entries.map((entry) => {
                          const label: ReactNode = (
                            <>
                              <span className="flex items-center gap-1 truncate font-semibold tabular-nums">
                                {entry.cancellationRequested ? (
                                  <CircleAlert aria-hidden className="size-3 shrink-0" />
                                ) : null}
                                {formatTime(locale, entry.startsAt, zone)}–
                                {formatTime(locale, entry.endsAt, zone)}
                              </span>
                              <span className="block truncate">
                                {entry.memberName}
                                {entry.title ? ` · ${entry.title}` : ''}
                                <span className="sr-only">
                                  {' '}
                                  · {t(`status.${entry.status}`)}
                                  {entry.cancellationRequested
                                    ? ` · ${t('planning.cancellationRequested')}`
                                    : ''}
                                </span>
                              </span>
                            </>
                          );
                          return (
                            <li
                              key={entry.id}
                              className={cn(
                                'absolute inset-y-1 overflow-hidden rounded-md border text-xs leading-tight',
                                // A live booking sits above a cancelled one at the same time.
                                isActiveStatus(entry.status) && 'z-[1]',
                                ENTRY_STYLE[statusKeyOf({ status: entry.status, cancelledBy: null })] ??
                                  ENTRY_STYLE.confirmed,
                              )}
                              style={position(entry.startsAt, entry.endsAt)}
                            >
                              {isActiveStatus(entry.status) ? (
                                <CancelButton
                                  reservation={{
                                    id: entry.id,
                                    room: { name: roomNames.get(entry.roomId) ?? '' },
                                    startsAt: entry.startsAt,
                                    endsAt: entry.endsAt,
                                    space: { timeZone: zone },
                                  }}
                                  asManager
                                  memberName={entry.memberName}
                                  onCancelled={() => void revalidator.revalidate()}
                                  trigger={
                                    <button
                                      type="button"
                                      title={t('planning.cancelTitle')}
                                      className="hover:bg-ink/5 focus-visible:outline-primary block h-full w-full px-1.5 py-0.5 text-left focus-visible:outline-2 focus-visible:-outline-offset-2"
                                    >
                                      {label}
                                      <span className="sr-only"> · {t('planning.cancelHint')}</span>
                                    </button>
                                  }
                                />
                              ) : (
                                <div className="px-1.5 py-0.5">{label}</div>
                              )}
                            </li>
                          );
                        })}
                      </ol>
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      </section>
      <ArrivalsToCheckIn calendar={calendar} onChanged={() => void revalidator.revalidate()} />
      <PolicyForm spaceId={calendar.space.id} spaceName={calendar.space.name} initialPolicy={policy} />
    </div>
  );
}

/** The bookings of the day a manager may check in now (their window open): one button per member. */
function ArrivalsToCheckIn({ calendar, onChanged }: { calendar: TSpaceCalendar; onChanged: () => void }) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const zone = calendar.space.timeZone;
  const due = calendar.entries.filter((entry) => entry.canCheckIn);
  if (due.length === 0) return null;
  const roomNames = new Map(calendar.rooms.map((room) => [room.id, room.name]));
  return (
    <section aria-labelledby="arrivals-title" className="flex flex-col gap-3">
      <h2 id="arrivals-title" className="text-xl font-semibold">
        {t('checkIn.arrivals')}
      </h2>
      <ul className="flex flex-col gap-2">
        {due.map((entry) => (
          <li key={entry.id} className="border-line flex flex-wrap items-center gap-3 rounded-xl border p-3">
            <span className="flex-1 text-sm">
              <span className="font-semibold tabular-nums">
                {formatTime(locale, entry.startsAt, zone)}–{formatTime(locale, entry.endsAt, zone)}
              </span>{' '}
              · {roomNames.get(entry.roomId) ?? ''} · {entry.memberName}
            </span>
            <CheckInButton
              reservation={{ id: entry.id, checkIn: { canCheckIn: true } }}
              memberName={entry.memberName}
              onChanged={onChanged}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

import { CalendarDays, ChevronLeft, ChevronRight, Info } from 'lucide-react';
import { messageOfError } from '~/platform/form-errors';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from '~/platform/translation';
import { addDays, todayIn } from '#contract/dates';
import { zoneCity } from '#contract/reservation-format';
import type { TAvailabilityDay, TRoomAvailability, TSlot } from '#contract/reservations';
import { bookingCalls } from '#contract/reservations.plain';
import type { TBookingIntent } from '#contract/search.plain';
import { Button } from '~/ui/button';
import { cn } from '~/ui/cn';
import { Skeleton } from '~/ui/skeleton';
import type { BookingDraft } from './booking-form';
import { formatDateHeading, useNarrowScreen } from './format';
import { SlotGrid } from './slot-grid';
import { useVisitorTimeZone } from '~/platform/format';
import { useLocale } from '~/platform/use-locale';
import { useCall } from './use-call';

// The form of a chosen start loads with the first choice, or as soon as the member reaches for the calendar.
const loadBookingForm = () => import('./booking-form');
const BookingForm = lazy(loadBookingForm);
function preloadBookingForm() {
  void loadBookingForm();
}

/** What the booking panel needs of a room (the room page's data has it all). */
export interface BookableRoom {
  id: string;
  name: string;
  capacity: number;
  deskGroup: string | null;
  rules: {
    minDurationMinutes: number;
    maxDurationMinutes: number;
    bookingStepMinutes: number;
    requiresApproval: boolean;
  };
  space: { id: string; timeZone: string };
}

type View = 'day' | 'week';

/** How many days ahead a phone looks for the first day with a free start, rather than open on a full one. */
const FIRST_FREE_DAY_SEARCH_DAYS = 14;

/**
 * The room's first fortnight of availability, from the first day the calendar shows: sent with the page by its
 * loader, so the calendar is in the first HTML and answers its first week (two on a desktop, the phone's search
 * for a free day) without a request (decisions 018, 031).
 */
export interface FirstAvailability {
  from: string;
  to: string;
  availability: TRoomAvailability;
}

/**
 * The dates of the first fortnight the room page's loader sends (FirstAvailability): from the first day the
 * calendar shows, the searched date when it is not past, today in the space's zone otherwise (as the panel).
 */
export function firstFortnightOf(intent: TBookingIntent, timeZone: string, now: Date) {
  const today = todayIn(timeZone, now);
  const from = intent.date && intent.date >= today ? intent.date : today;
  return { from, to: addDays(from, FIRST_FREE_DAY_SEARCH_DAYS - 1) };
}

/** The part of the first fortnight from `from` to `to`, when it holds them all (the room alone, not its desk group). */
function withinFirst(
  first: FirstAvailability,
  input: { roomId: string; from: string; to: string; anyDesk?: boolean },
): TRoomAvailability | null {
  const { availability } = first;
  if (input.anyDesk || input.roomId !== availability.roomId) return null;
  if (input.from < first.from || input.to > first.to) return null;
  const inRange = (date: string) => input.from <= date && date <= input.to;
  return {
    ...availability,
    days: availability.days.filter((day) => inRange(day.date)),
    slots: availability.slots.filter((slot) => inRange(slot.date)),
  };
}

/** The lengths a booking starting at `startsAt` may have: on the step, within the rules and the free time. */
function lengthsFrom(
  startsAt: string,
  days: TAvailabilityDay[],
  room: BookableRoom,
  stepMinutes: number,
): number[] {
  const start = Date.parse(startsAt);
  const free = days
    .flatMap((day) => day.free)
    .find((part) => Date.parse(part.start) <= start && start < Date.parse(part.end));
  if (!free) return [];
  const room_max = Math.min(room.rules.maxDurationMinutes, (Date.parse(free.end) - start) / 60_000);
  const lengths: number[] = [];
  for (let minutes = room.rules.minDurationMinutes; minutes <= room_max; minutes += stepMinutes)
    lengths.push(minutes);
  return lengths.filter((minutes) => minutes % stepMinutes === 0);
}

/**
 * Booking on the room page: a day or week calendar of the room's free starts (in the space's zone), then
 * length, attendees and title, the price before confirming, and the booking itself. A refused booking
 * says why; a slot taken meanwhile reloads the calendar.
 *
 * A search carried in the URL (`?date=…&time=…&duration=…&people=…`, contract/search.ts) opens the
 * calendar on that day, with that start chosen when it is free. Without one, a phone opens its day view on
 * the first day with a free start rather than on a day where none is left.
 */
export function BookingPanel({
  room,
  intent,
  first,
}: {
  room: BookableRoom;
  intent: TBookingIntent;
  first: FirstAvailability | null;
}) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const zone = room.space.timeZone;
  const visitorZone = useVisitorTimeZone();
  const narrow = useNarrowScreen();

  const today = useMemo(() => todayIn(zone, new Date()), [zone]);
  // What the search asked, read once: later choices are the member's.
  const [wanted] = useState<TBookingIntent>(intent);
  const wantedDay = wanted.date && wanted.date >= today ? wanted.date : null;
  const [chosenView, setChosenView] = useState<View | null>(null);
  const view: View = chosenView ?? (narrow ? 'day' : 'week');
  const [from, setFrom] = useState(wantedDay ?? today);
  // Until the member moves, a phone's day view starts on the first day with a free start.
  const [seekingFreeDay, setSeekingFreeDay] = useState(wantedDay === null);
  const seeking = seekingFreeDay && view === 'day' && chosenView === null;
  const span = view === 'day' ? 1 : 7;
  const to = addDays(from, span - 1);
  const [anyDesk, setAnyDesk] = useState(false);

  const seed = useCallback(
    (input: Parameters<typeof withinFirst>[1]) => (first ? withinFirst(first, input) : null),
    [first],
  );
  const availability = useCall(
    bookingCalls.getAvailability,
    { roomId: room.id, from, to: seeking ? addDays(from, FIRST_FREE_DAY_SEARCH_DAYS - 1) : to, anyDesk },
    seed,
  );
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [draft, setDraft] = useState<BookingDraft>({
    minutes: wanted.duration ?? room.rules.minDurationMinutes,
    attendees: wanted.people ?? 1,
    title: '',
  });
  const [problem, setProblem] = useState<string | null>(null);

  // While a phone looks for its first free day, the fortnight it read is not what it shows.
  const data = availability.data;
  const shown = seeking ? null : data;

  // Both adjust state while rendering, once the availability they wait for is there (React's pattern for
  // state that follows other state, rather than an effect and a second pass).
  if (seeking && data) {
    setSeekingFreeDay(false);
    setFrom(data.slots.find((slot) => slot.state === 'free')?.date ?? from);
  }
  // The searched start, chosen once the calendar shows it free.
  const [wantedPending, setWantedPending] = useState(Boolean(wantedDay && wanted.time));
  if (wantedPending && data && !seeking) {
    setWantedPending(false);
    const slot = data.slots.find(
      (candidate) => candidate.date === wantedDay && candidate.time === wanted.time,
    );
    if (slot?.state === 'free') setStartsAt(slot.startsAt);
  }

  const step = data?.stepMinutes ?? room.rules.bookingStepMinutes;
  const lengths = startsAt && data ? lengthsFrom(startsAt, data.days, room, step) : [];
  const length = lengths.includes(draft.minutes)
    ? draft.minutes
    : (lengths[0] ?? room.rules.minDurationMinutes);
  const endsAt = startsAt ? new Date(Date.parse(startsAt) + length * 60_000).toISOString() : null;

  /** Shows other dates (or another view): a choice made on the dates left behind is dropped. */
  function show(nextFrom: string, nextView: View = view) {
    setProblem(null);
    setSeekingFreeDay(false);
    setWantedPending(false);
    setStartsAt(null);
    setFrom(nextFrom < today ? today : nextFrom);
    setChosenView(nextView);
  }

  function choose(slot: TSlot) {
    setProblem(null);
    setStartsAt(slot.startsAt);
  }

  const heading =
    view === 'day'
      ? formatDateHeading(locale, from)
      : t('booking.weekOf', { from: formatDateHeading(locale, from), to: formatDateHeading(locale, to) });
  const dates = Array.from({ length: span }, (_, i) => addDays(from, i));
  const freeCount = shown?.slots.filter((slot) => slot.state === 'free').length ?? 0;

  return (
    <section
      aria-labelledby="booking-title"
      id="booking"
      className="border-line mt-10 rounded-2xl border p-4 sm:p-6"
    >
      <h2 id="booking-title" className="text-2xl font-semibold">
        {t('booking.title')}
      </h2>
      {visitorZone && visitorZone !== zone ? (
        <p className="text-ink-soft mt-2 flex items-center gap-2 text-sm">
          <Info aria-hidden className="size-4 shrink-0" />
          {t('booking.zoneNote', { city: zoneCity(zone), zone })}
        </p>
      ) : null}

      <div className="mt-4 flex flex-wrap items-center gap-2">
        <div
          role="group"
          aria-label={t('booking.view')}
          className="border-line inline-flex rounded-lg border p-0.5"
        >
          {(['day', 'week'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => show(from, option)}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm',
                view === option ? 'bg-primary text-on-primary' : 'hover:bg-muted',
              )}
            >
              {t(`booking.views.${option}`)}
            </button>
          ))}
        </div>
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="sm"
            onClick={() => show(addDays(from, -span))}
            disabled={from <= today}
            aria-label={t(`booking.previous.${view}`)}
          >
            <ChevronLeft aria-hidden className="size-4" />
          </Button>
          <Button variant="outline" size="sm" onClick={() => show(today)} disabled={from === today}>
            {t('booking.today')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => show(addDays(from, span))}
            aria-label={t(`booking.next.${view}`)}
          >
            <ChevronRight aria-hidden className="size-4" />
          </Button>
        </div>
        <p className="ml-auto font-medium" aria-live="polite">
          {heading}
        </p>
      </div>

      {/* Drawn as ~/ui/checkbox.tsx draws one, without its hint and error (this one has neither): the room page
          loads none of the fields' code for the desks' option (decision 031). */}
      {room.deskGroup ? (
        <label className="mt-4 flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="accent-primary mt-1 size-4 shrink-0"
            checked={anyDesk}
            onChange={(event) => {
              setProblem(null);
              setAnyDesk(event.target.checked);
              setStartsAt(null);
            }}
          />
          {t('booking.anyDesk', { group: room.deskGroup })}
        </label>
      ) : null}

      {/* Reaching for the calendar loads the form of a chosen start, so choosing one shows it at once. */}
      <div className="mt-4" onPointerEnter={preloadBookingForm} onFocus={preloadBookingForm}>
        {availability.error ? (
          <p role="alert" className="text-danger">
            {messageOfError(t, availability.error, 'reservations')}
          </p>
        ) : !shown ? (
          <Skeleton className="h-64 w-full" />
        ) : shown.slots.length === 0 ? (
          <p className="text-ink-soft flex items-center gap-2">
            <CalendarDays aria-hidden className="size-5" />
            {t(`booking.closed.${view}`)}
          </p>
        ) : (
          <>
            <p className="sr-only" aria-live="polite">
              {t('booking.freeCount', { count: freeCount })}
            </p>
            <SlotGrid
              dates={dates}
              slots={shown.slots}
              locale={locale}
              selection={startsAt && endsAt ? { startsAt, endsAt } : null}
              onSelect={choose}
              label={t('booking.gridLabel', { period: heading })}
            />
            <p className="text-ink-soft mt-2 text-sm">{t('booking.gridHelp')}</p>
          </>
        )}
      </div>

      {startsAt && endsAt ? (
        <Suspense fallback={<Skeleton className="mt-6 h-64 w-full" />}>
          <BookingForm
            room={room}
            anyDesk={anyDesk}
            startsAt={startsAt}
            slot={data?.slots.find((slot) => slot.startsAt === startsAt)}
            lengths={lengths}
            draft={{ ...draft, minutes: length }}
            onDraftChange={(change) => setDraft((current) => ({ ...current, ...change }))}
            problem={problem}
            onProblem={setProblem}
            onTaken={() => {
              setStartsAt(null);
              availability.reload();
            }}
          />
        </Suspense>
      ) : (
        <>
          {/* A refusal that cleared the choice (the slot was taken meanwhile) is said here. */}
          {problem ? (
            <p role="alert" className="text-danger mt-4 font-medium">
              {problem}
            </p>
          ) : null}
          {shown && freeCount > 0 ? <p className="text-ink-soft mt-4">{t('booking.pickStart')}</p> : null}
        </>
      )}
    </section>
  );
}

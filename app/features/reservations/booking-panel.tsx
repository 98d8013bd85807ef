import { CalendarDays, ChevronLeft, ChevronRight, Info, TriangleAlert } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '~/platform/translation';
import { useLocation } from 'react-router';
import { addDays, todayIn } from '#contract/dates';
import { startsInsideFreeCancellationWindow } from '#contract/cancellation';
import { AppError } from '#contract/errors';
import { formatDuration, formatSlot, zoneCity } from '#contract/reservation-format';
import type { TAvailabilityDay, TSlot } from '#contract/reservations';
import { bookingCalls } from '#contract/reservations.plain';
import { bookingQueryOf, type TBookingIntent } from '#contract/search.plain';
import { planCalls, type PaymentChoice as PayWith } from '#contract/formulas.plain';
import { loginPath, signupPath } from '~/platform/auth-paths';
import { call } from '~/platform/callable-client';
import { useRootData } from '~/platform/root-data';
import { Button, buttonClass } from '~/ui/button';
import { cn } from '~/ui/cn';
import { Checkbox, Input, Select } from '~/ui/field';
import { Skeleton } from '~/ui/skeleton';
import { formatDateHeading, newIdempotencyKey, useNarrowScreen } from './format';
import { useVisitorTimeZone } from '~/platform/format';
import { useLocale } from '~/platform/use-locale';
import { PaymentChoice } from './payment-choice';
import { PriceSummary } from './price-summary';
import { refusalMessage } from './refusal-message';
import { SlotGrid } from './slot-grid';
import { useCall } from './use-call';
import { useSafeNavigate } from '~/platform/use-safe-navigate';

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

/** Refusals the panel cannot help with (a missing permission, a room gone, a server fault). */
const LEAVES_THE_PAGE = new Set([
  'permission-denied',
  'not-found',
  'internal',
  'unknown',
  'failed-precondition',
]);

/** Refusals of a booking paid by credit: the member may pay at price instead, on this page. */
const CREDIT_REFUSALS = new Set(['not-enough-credit', 'no-usable-credit']);

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
export function BookingPanel({ room, intent }: { room: BookableRoom; intent: TBookingIntent }) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const navigate = useSafeNavigate();
  const location = useLocation();
  const viewer = useRootData()?.user ?? null;
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

  const availability = useCall(bookingCalls.getAvailability, {
    roomId: room.id,
    from,
    to: seeking ? addDays(from, FIRST_FREE_DAY_SEARCH_DAYS - 1) : to,
    anyDesk,
  });
  const policy = useCall(bookingCalls.getPolicy, { spaceId: room.space.id });
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [minutes, setMinutes] = useState(wanted.duration ?? room.rules.minDurationMinutes);
  const [attendees, setAttendees] = useState(wanted.people ?? 1);
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const attemptKey = useRef<string | null>(null);
  // The member's choice of payment; until they choose, credits when they hold enough.
  const [chosenPayment, setChosenPayment] = useState<PayWith | null>(null);

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
  const length = lengths.includes(minutes) ? minutes : (lengths[0] ?? room.rules.minDurationMinutes);
  const endsAt = startsAt ? new Date(Date.parse(startsAt) + length * 60_000).toISOString() : null;
  const seatsOk = attendees >= 1 && attendees <= room.capacity;
  const chosenSlot = startsAt ? data?.slots.find((slot) => slot.startsAt === startsAt) : undefined;
  // Signing in or up comes back to this room with this choice (or the search it came with) in its URL.
  const returnTo = `${location.pathname}${
    chosenSlot
      ? bookingQueryOf({ date: chosenSlot.date, time: chosenSlot.time, duration: length, people: attendees })
      : location.search
  }`;
  // Said before confirming: a booking born inside the free-cancellation window cannot be cancelled online.
  const lateForFreeCancellation =
    startsAt !== null &&
    policy.data !== null &&
    startsInsideFreeCancellationWindow(startsAt, policy.data.freeCancellationHours, new Date());
  const quote = useCall(
    bookingCalls.quote,
    startsAt && endsAt && seatsOk ? { roomId: room.id, startsAt, endsAt, attendees, anyDesk } : null,
  );

  // What paying with credits would do, for a signed-in member (null: no credit covers this slot).
  const creditOption = useCall(
    planCalls.creditOption,
    viewer?.emailVerified && startsAt && endsAt ? { roomId: room.id, startsAt, endsAt } : null,
  );
  const option = startsAt && endsAt ? creditOption.data : null;
  const payWith: PayWith = option?.enough ? (chosenPayment ?? 'credits') : 'price';

  /** Any change of the booking makes a new attempt (a retry of the same one keeps its key). */
  function changed() {
    attemptKey.current = null;
    setProblem(null);
  }

  /** Shows other dates (or another view): a choice made on the dates left behind is dropped. */
  function show(nextFrom: string, nextView: View = view) {
    changed();
    setSeekingFreeDay(false);
    setWantedPending(false);
    setStartsAt(null);
    setFrom(nextFrom < today ? today : nextFrom);
    setChosenView(nextView);
  }

  function choose(slot: TSlot) {
    changed();
    setStartsAt(slot.startsAt);
  }

  async function confirm() {
    if (!startsAt || !endsAt) return;
    attemptKey.current ??= newIdempotencyKey();
    setSubmitting(true);
    setProblem(null);
    try {
      const reservation = await call(bookingCalls.create, {
        roomId: room.id,
        startsAt,
        endsAt,
        attendees,
        title,
        anyDesk,
        idempotencyKey: attemptKey.current,
        payWith,
      });
      await navigate(`/result?reservation=${reservation.id}`);
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'unknown';
      if (code === 'unauthenticated') {
        await navigate(loginPath(returnTo));
        return;
      }
      const reason = error instanceof AppError ? error.details?.reason : undefined;
      // Credit short or not covering the slot: said here, where the member can pay at price instead.
      if (typeof reason === 'string' && CREDIT_REFUSALS.has(reason)) {
        attemptKey.current = null;
        setProblem(refusalMessage(t, error));
        creditOption.reload();
        return;
      }
      // What the person cannot fix here gets the outcome page: why, and what to do.
      if (LEAVES_THE_PAGE.has(code)) {
        const reason =
          error instanceof AppError && typeof error.details?.reason === 'string'
            ? error.details.reason
            : code;
        await navigate(`/result?error=${encodeURIComponent(reason)}&room=${room.id}`);
        return;
      }
      // A network failure may hide a booking that was made: the same key asks again safely.
      if (code !== 'unavailable' && code !== 'deadline-exceeded') attemptKey.current = null;
      setProblem(refusalMessage(t, error));
      if (code === 'already-exists') {
        setStartsAt(null);
        availability.reload();
      }
    } finally {
      setSubmitting(false);
    }
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

      {room.deskGroup ? (
        <Checkbox
          className="mt-4"
          label={t('booking.anyDesk', { group: room.deskGroup })}
          checked={anyDesk}
          onChange={(event) => {
            changed();
            setAnyDesk(event.target.checked);
            setStartsAt(null);
          }}
        />
      ) : null}

      <div className="mt-4">
        {availability.error ? (
          <p role="alert" className="text-danger">
            {refusalMessage(t, availability.error)}
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
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <div className="flex flex-col gap-4">
            <p className="font-medium">{formatSlot(locale, startsAt, endsAt, zone)}</p>
            <Select
              label={t('booking.length')}
              value={length}
              onChange={(event) => {
                changed();
                setMinutes(Number(event.target.value));
              }}
            >
              {lengths.map((option) => (
                <option key={option} value={option}>
                  {formatDuration(locale, option)}
                </option>
              ))}
            </Select>
            <Input
              label={t('booking.attendees')}
              type="number"
              inputMode="numeric"
              min={1}
              max={room.capacity}
              value={attendees}
              hint={t('booking.capacity', { count: room.capacity })}
              error={seatsOk ? undefined : t('refusals.capacity', { capacity: room.capacity })}
              onChange={(event) => {
                changed();
                setAttendees(Number(event.target.value));
              }}
            />
            <Input
              label={t('booking.titleField')}
              hint={t('booking.titleHint')}
              maxLength={120}
              value={title}
              onChange={(event) => {
                changed();
                setTitle(event.target.value);
              }}
            />
          </div>
          <div className="bg-muted flex flex-col gap-4 rounded-xl p-4">
            <h3 className="font-semibold">{t('booking.summary')}</h3>
            {quote.data ? (
              <PriceSummary price={quote.data} />
            ) : quote.error ? (
              <p role="alert" className="text-danger text-sm">
                {refusalMessage(t, quote.error)}
              </p>
            ) : (
              <Skeleton className="h-24 w-full" />
            )}
            {option ? (
              <PaymentChoice
                option={option}
                price={quote.data}
                value={payWith}
                onChange={(choice) => {
                  changed();
                  setChosenPayment(choice);
                }}
              />
            ) : null}
            {room.rules.requiresApproval ? <p className="text-sm">{t('booking.approvalNote')}</p> : null}
            {policy.data && lateForFreeCancellation ? (
              <p
                id="late-cancellation-warning"
                className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
              >
                <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                <span>
                  <strong className="font-semibold">{t('booking.lateWarningTitle')}</strong>{' '}
                  {t('booking.lateWarning', { count: policy.data.freeCancellationHours })}
                </span>
              </p>
            ) : policy.data ? (
              <p className="text-ink-soft text-sm">
                {t('booking.policy', { count: policy.data.freeCancellationHours })}
              </p>
            ) : null}
            {problem ? (
              <p role="alert" className="text-danger font-medium">
                {problem}
              </p>
            ) : null}
            {!viewer ? (
              <div className="flex flex-col gap-2">
                <a href={loginPath(returnTo)} className={buttonClass('primary', 'lg')}>
                  {t('booking.signInToBook')}
                </a>
                <a href={signupPath(returnTo)} className={buttonClass('outline', 'lg')}>
                  {t('booking.signUpToBook')}
                </a>
              </div>
            ) : !viewer.emailVerified ? (
              <p className="text-sm font-medium">{t('refusals.email-not-verified')}</p>
            ) : (
              <Button
                size="lg"
                onClick={() => void confirm()}
                disabled={submitting || !quote.data}
                aria-describedby={lateForFreeCancellation ? 'late-cancellation-warning' : undefined}
              >
                {submitting
                  ? t('booking.sending')
                  : room.rules.requiresApproval
                    ? t('booking.request')
                    : t('booking.confirm')}
              </Button>
            )}
          </div>
        </div>
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

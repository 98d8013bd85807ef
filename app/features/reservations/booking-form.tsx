import { TriangleAlert } from 'lucide-react';
import { messageOfError } from '~/platform/form-errors';
import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { startsInsideFreeCancellationWindow } from '#contract/cancellation';
import { AppError } from '#contract/errors';
import { planCalls, type PaymentChoice as PayWith } from '#contract/formulas.plain';
import { formatDuration, formatSlot } from '#contract/reservation-format';
import type { TSlot } from '#contract/reservations';
import { bookingCalls } from '#contract/reservations.plain';
import { bookingQueryOf } from '#contract/search.plain';
import { loginPath, signupPath } from '~/platform/auth-paths';
import { call } from '~/platform/callable-client';
import { useRootData } from '~/platform/root-data';
import { useTranslation } from '~/platform/translation';
import { useLocale } from '~/platform/use-locale';
import { useCreditAmounts } from '~/platform/use-format-credit';
import { useForm } from '~/platform/use-form';
import { useSafeNavigate } from '~/platform/use-safe-navigate';
import { Button, buttonClass } from '~/ui/button';
import { choicesOf, Input, Select } from '~/ui/field';
import { Skeleton } from '~/ui/skeleton';
import { FailureText } from '~/ui/failure-text';
import type { BookableRoom } from './booking-panel';
import { newIdempotencyKey } from './format';
import { PaymentChoice } from './payment-choice';
import { PriceSummary } from './price-summary';
import { useCall } from './use-call';

/** What the member sets once a start is chosen; kept by the panel, so moving through the weeks keeps it. */
export interface BookingDraft {
  minutes: number;
  attendees: number;
  title: string;
}

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

/**
 * The booking of a chosen start: length, attendees and title, the price (and credits) before confirming,
 * the cancellation terms, and the booking itself. Most visitors of a room page never choose a start, so the
 * panel loads this with the first choice (issue 18: first-load JavaScript).
 */
export default function BookingForm({
  room,
  anyDesk,
  startsAt,
  slot,
  lengths,
  draft,
  onDraftChange,
  problem,
  onProblem,
  onTaken,
}: {
  room: BookableRoom;
  anyDesk: boolean;
  startsAt: string;
  /** The chosen start as the calendar shows it (its local date and time), when it still does. */
  slot: TSlot | undefined;
  /** The lengths this start allows; `draft.minutes` is one of them. */
  lengths: number[];
  draft: BookingDraft;
  onDraftChange: (change: Partial<BookingDraft>) => void;
  problem: string | null;
  onProblem: (problem: string | null) => void;
  /** The start was taken meanwhile: the panel drops the choice and reads the calendar again. */
  onTaken: () => void;
}) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const navigate = useSafeNavigate();
  const location = useLocation();
  const viewer = useRootData()?.user ?? null;
  const zone = room.space.timeZone;
  const { minutes, attendees, title } = draft;
  const endsAt = new Date(Date.parse(startsAt) + minutes * 60_000).toISOString();
  const seatsOk = attendees >= 1 && attendees <= room.capacity;
  // Failures are said by the panel, which keeps saying a slot taken meanwhile once this form is gone.
  const form = useForm({ namespace: 'reservations', fields: false, sayFailure: onProblem });
  // A retry of the same booking keeps its key (a network failure may hide a booking that was made); any
  // change of the booking makes a new one.
  const attempt = useRef<{ booking: string; key: string } | null>(null);
  // The member's choice of payment; until they choose, credits when they hold enough.
  const [chosenPayment, setChosenPayment] = useState<PayWith | null>(null);

  const policy = useCall(bookingCalls.getPolicy, { spaceId: room.space.id });
  const quote = useCall(
    bookingCalls.quote,
    seatsOk ? { roomId: room.id, startsAt, endsAt, attendees, anyDesk } : null,
  );
  // What paying with credits would do, for a signed-in member (null: no credit covers this slot).
  const creditOption = useCall(
    planCalls.creditOption,
    viewer?.emailVerified ? { roomId: room.id, startsAt, endsAt } : null,
  );
  const option = creditOption.data;
  const payWith: PayWith = option?.enough ? (chosenPayment ?? 'credits') : 'price';
  const creditCost = useCreditAmounts(option ?? null)?.cost ?? null;

  // Signing in or up comes back to this room with this choice in its URL.
  const returnTo = `${location.pathname}${
    slot
      ? bookingQueryOf({ date: slot.date, time: slot.time, duration: minutes, people: attendees })
      : location.search
  }`;
  // Said before confirming: a booking born inside the free-cancellation window cannot be cancelled online.
  const lateForFreeCancellation =
    policy.data !== null &&
    startsInsideFreeCancellationWindow(startsAt, policy.data.freeCancellationHours, new Date());

  /** What the failure of a booking does besides being said: true when it sends the person to another page. */
  async function leavesOrRecovers(error: unknown): Promise<boolean> {
    const code = error instanceof AppError ? error.code : 'unknown';
    if (code === 'unauthenticated') {
      await navigate(loginPath(returnTo));
      return true;
    }
    const reason = error instanceof AppError ? error.details?.reason : undefined;
    // Credit short or not covering the slot: said here, where the member can pay at price instead.
    if (typeof reason === 'string' && CREDIT_REFUSALS.has(reason)) {
      attempt.current = null;
      creditOption.reload();
      return false;
    }
    // What the person cannot fix here gets the outcome page: why, and what to do.
    if (LEAVES_THE_PAGE.has(code)) {
      await navigate(
        `/result?error=${encodeURIComponent(typeof reason === 'string' ? reason : code)}&room=${room.id}`,
      );
      return true;
    }
    // Only a network failure may hide a booking that was made: the same key asks again safely.
    if (code !== 'unavailable' && code !== 'deadline-exceeded') attempt.current = null;
    if (code === 'already-exists') onTaken();
    return false;
  }

  async function confirm() {
    const booking = { roomId: room.id, startsAt, endsAt, attendees, title, anyDesk, payWith };
    const sameBooking = JSON.stringify(booking);
    if (attempt.current?.booking !== sameBooking)
      attempt.current = { booking: sameBooking, key: newIdempotencyKey() };
    const key = attempt.current.key;
    onProblem(null);
    const reservation = await form.run(
      () => call(bookingCalls.create, { ...booking, idempotencyKey: key }),
      undefined,
      { leaves: true, onFailure: leavesOrRecovers },
    );
    if (reservation) await navigate(`/result?reservation=${reservation.id}`);
  }

  /** Any change of the booking clears what was said of the last attempt. */
  function change(patch: Partial<BookingDraft>) {
    onProblem(null);
    onDraftChange(patch);
  }

  return (
    <div className="mt-6 grid gap-6 md:grid-cols-2">
      <div className="flex flex-col gap-4">
        <p className="font-medium">{formatSlot(locale, startsAt, endsAt, zone)}</p>
        <Select
          label={t('booking.length')}
          value={minutes}
          onChange={(event) => change({ minutes: Number(event.target.value) })}
          choices={choicesOf(lengths, (length) => formatDuration(locale, length))}
        />
        <Input
          label={t('booking.attendees')}
          type="number"
          inputMode="numeric"
          min={1}
          max={room.capacity}
          value={attendees}
          hint={t('booking.capacity', { count: room.capacity })}
          error={seatsOk ? undefined : t('refusals.capacity', { capacity: room.capacity })}
          onChange={(event) => change({ attendees: Number(event.target.value) })}
        />
        <Input
          label={t('booking.titleField')}
          hint={t('booking.titleHint')}
          maxLength={120}
          value={title}
          onChange={(event) => change({ title: event.target.value })}
        />
      </div>
      <div className="bg-muted flex flex-col gap-4 rounded-xl p-4">
        <h3 className="font-semibold">{t('booking.summary')}</h3>
        {quote.data ? (
          <PriceSummary price={quote.data} credit={payWith === 'credits' ? creditCost : null} />
        ) : quote.error ? (
          <FailureText>{messageOfError(t, quote.error, 'reservations')}</FailureText>
        ) : (
          <Skeleton className="h-24 w-full" />
        )}
        {option ? (
          <PaymentChoice
            option={option}
            price={quote.data}
            value={payWith}
            onChange={(choice) => {
              onProblem(null);
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
            disabled={form.pending || !quote.data}
            aria-describedby={lateForFreeCancellation ? 'late-cancellation-warning' : undefined}
          >
            {form.pending
              ? t('booking.sending')
              : room.rules.requiresApproval
                ? t('booking.request')
                : t('booking.confirm')}
          </Button>
        )}
      </div>
    </div>
  );
}

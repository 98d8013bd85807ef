import { CircleCheck } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import { formatMoment, formatTime } from '#contract/reservation-format';
import type { TReservation } from '#contract/reservations';
import { myReservationCalls } from '#contract/reservations.plain';
import { call } from '~/platform/callable-client';
import { useForm } from '~/platform/use-form';
import { useLocale } from '~/platform/use-locale';
import { Button } from '~/ui/button';

/**
 * What a booking's member reads of its check-in (contract/check-in.ts): when it was checked in, or that it was
 * released; before that, its code for the room's door display and its window (with the release it risks).
 */
export function CheckInNote({ reservation }: { reservation: TReservation }) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const zone = reservation.space.timeZone;
  const checkIn = reservation.checkIn;
  if (reservation.releasedAt) {
    return (
      <p className="text-sm">
        {t('checkIn.released', { time: formatTime(locale, reservation.releasedAt, zone) })}
      </p>
    );
  }
  if (!checkIn) return null;
  if (checkIn.checkedInAt) {
    return (
      <p className="flex items-center gap-2 text-sm font-medium">
        <CircleCheck aria-hidden className="size-4 shrink-0 text-emerald-700" />
        {t(`checkIn.done.${checkIn.via ?? 'member'}`, {
          time: formatTime(locale, checkIn.checkedInAt, zone),
        })}
      </p>
    );
  }
  if (reservation.status !== 'confirmed') return null;
  return (
    <p className="text-sm">
      {t(checkIn.releases ? 'checkIn.windowReleasing' : 'checkIn.window', {
        opens: formatMoment(locale, checkIn.opensAt, zone),
        closes: formatTime(locale, checkIn.closesAt, zone),
      })}{' '}
      {t('checkIn.code')}{' '}
      <strong className="font-mono tracking-widest" data-testid="check-in-code">
        {checkIn.code}
      </strong>
    </p>
  );
}

/** "I am here": checks the booking in while its window is open (its member, or a manager for them). */
export function CheckInButton({
  reservation,
  onChanged,
  memberName,
}: {
  reservation: Pick<TReservation, 'id'> & { checkIn: { canCheckIn: boolean } | null };
  onChanged: (reservation: TReservation) => void;
  /** A manager checks this member in (the planning). */
  memberName?: string;
}) {
  const { t } = useTranslation('reservations');
  const form = useForm({ namespace: 'reservations', fields: false });
  if (!reservation.checkIn?.canCheckIn) return null;
  async function checkIn() {
    const done = await form.run(
      () => call(myReservationCalls.checkIn, { id: reservation.id }),
      memberName ? t('checkIn.doneFor', { member: memberName }) : t('checkIn.success'),
    );
    if (done) onChanged(done);
  }
  return (
    <Button type="button" disabled={form.pending} onClick={() => void checkIn()}>
      {memberName ? t('checkIn.buttonFor', { member: memberName }) : t('checkIn.button')}
    </Button>
  );
}

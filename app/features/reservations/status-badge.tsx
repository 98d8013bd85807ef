import { useTranslation } from '~/platform/translation';
import type { TReservation } from '#contract/reservations';
import { cn } from '~/ui/cn';

const STYLE: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  confirmed: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  completed: 'bg-stone-100 text-stone-800 ring-stone-300',
  cancelled: 'bg-red-50 text-red-800 ring-red-200',
  expired: 'bg-red-50 text-red-800 ring-red-200',
  declined: 'bg-red-50 text-red-800 ring-red-200',
  no_show: 'bg-stone-100 text-stone-800 ring-stone-300',
};

/** The status as a word (never a colour alone); a request the system cancelled reads "expired". */
export function statusKeyOf(reservation: Pick<TReservation, 'status' | 'cancelledBy'>): string {
  return reservation.status === 'cancelled' && reservation.cancelledBy === 'system'
    ? 'expired'
    : reservation.status;
}

export function StatusBadge({ reservation }: { reservation: Pick<TReservation, 'status' | 'cancelledBy'> }) {
  const { t } = useTranslation('reservations');
  const key = statusKeyOf(reservation);
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
        STYLE[key],
      )}
    >
      {t(`status.${key}`)}
    </span>
  );
}

import { Check } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '~/platform/translation';
import { checkIn, markRegistrationPaid, type TAttendee } from '#contract/events';
import { formatMoney } from '#contract/money';
import { useFormatCredit } from '~/platform/use-format-credit';
import { useLocale } from '~/platform/use-locale';
import { Button } from '~/ui/button';
import { Section } from '~/ui/section';
import { cn } from '~/ui/cn';
import { Input } from '~/ui/field';
import { useFormOperation } from '~/platform/use-form-operation';

/**
 * Check-in at the door, made for a phone: a search, one large button per attendee (tap to check in, tap
 * again to undo), and the count. The list is the managers' alone (with addresses, to tell namesakes apart).
 */
export function DoorList({
  attendees,
  attendedCount,
  expected,
  canCheckIn,
}: {
  attendees: TAttendee[];
  attendedCount: number;
  expected: number;
  canCheckIn: boolean;
}) {
  const { t } = useTranslation(['events', 'formulas']);
  const locale = useLocale();
  const credit = useFormatCredit();
  const [query, setQuery] = useState('');
  const tap = useFormOperation(checkIn, { namespace: 'events' });
  const pay = useFormOperation(markRegistrationPaid, {
    namespace: 'events',
    success: t('events:door.paidDone'),
  });
  /** What a place was paid with, for the door: "30,00 € sur place · à régler", "1 h 30 de crédit". */
  const paymentOf = (person: TAttendee): string | null => {
    const payment = person.payment;
    if (!payment) return null;
    if (payment.with === 'credits' && payment.creditAmount !== null && payment.creditUnit)
      return t('events:door.paidWithCredits', { credit: credit(payment.creditAmount, payment.creditUnit) });
    return t('events:door.order', {
      total: formatMoney(payment.totalCents ?? 0, locale),
      method: payment.paymentMethod ? t(`formulas:payment.${payment.paymentMethod}`).toLowerCase() : '',
      status: t(`events:payment.orderStatus.${payment.orderStatus ?? 'awaiting_payment'}`),
    });
  };
  const shown = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    return needle
      ? attendees.filter((person) => `${person.name} ${person.email}`.toLocaleLowerCase().includes(needle))
      : attendees;
  }, [attendees, query]);
  return (
    <Section title={t('door.title')} id="door">
      <p className="text-lg font-semibold" aria-live="polite">
        {t('door.count', { attended: attendedCount, expected: attendedCount + expected })}
      </p>
      <Input
        type="search"
        label={t('door.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {shown.length === 0 ? <p className="text-ink-soft">{t('door.none')}</p> : null}
      <ul aria-label={t('door.list')} className="flex flex-col gap-2">
        {shown.map((person) => {
          const present = person.status === 'attended';
          const tappable = canCheckIn && ['registered', 'attended', 'no_show'].includes(person.status);
          const label = (
            <span className="min-w-0 flex-1 text-left">
              <span className="block truncate font-medium">{person.name}</span>
              <span className="text-ink-soft block truncate text-sm">{person.email}</span>
            </span>
          );
          const status = t(`door.status.${person.status}`, { position: person.position ?? 0 });
          const paid = paymentOf(person);
          return (
            <li key={person.registrationId} className="space-y-1">
              {tappable ? (
                <button
                  type="button"
                  aria-pressed={present}
                  aria-label={
                    present
                      ? t('door.undo', { name: person.name })
                      : t('door.markPresent', { name: person.name })
                  }
                  disabled={tap.pending}
                  onClick={() => void tap.run({ registrationId: person.registrationId, present: !present })}
                  className={cn(
                    'flex min-h-14 w-full items-center gap-3 rounded-lg border px-3 py-2',
                    present ? 'border-success bg-success/10' : 'border-line bg-surface hover:bg-muted',
                  )}
                >
                  <span
                    aria-hidden
                    className={cn(
                      'flex size-8 shrink-0 items-center justify-center rounded-full border-2',
                      present ? 'border-success bg-success text-white' : 'border-line',
                    )}
                  >
                    {present ? <Check className="size-5" /> : null}
                  </span>
                  {label}
                  <span className="text-sm">{status}</span>
                </button>
              ) : (
                <div className="border-line flex min-h-14 items-center gap-3 rounded-lg border px-3 py-2">
                  {label}
                  <span className="text-ink-soft text-sm">{status}</span>
                </div>
              )}
              {paid ? (
                <div className="flex flex-wrap items-center justify-between gap-2 px-1 text-sm">
                  <span className="text-ink-soft">{paid}</span>
                  {person.payment?.orderStatus === 'awaiting_payment' ? (
                    <Button
                      variant="secondary"
                      disabled={pay.pending}
                      onClick={() => void pay.run({ registrationId: person.registrationId })}
                      aria-label={t('events:door.markPaid', { name: person.name })}
                    >
                      {t('events:door.markPaidShort')}
                    </Button>
                  ) : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

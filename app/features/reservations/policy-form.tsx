import { useState } from 'react';
import { messageOfError } from '~/platform/form-errors';
import { useTranslation } from '~/platform/translation';
import { MAX_FREE_CANCELLATION_HOURS, updateBookingPolicy } from '#contract/reservations';
import { call } from '~/platform/callable-client';
import { Button } from '~/ui/button';
import { Input } from '~/ui/field';
import { toast } from '~/ui/toast-store';

/** The space's cancellation policy: members cancel for free until this many hours before the start. */
export function PolicyForm({
  spaceId,
  spaceName,
  initialHours,
}: {
  spaceId: string;
  spaceName: string;
  initialHours: number;
}) {
  const { t } = useTranslation('reservations');
  const [hours, setHours] = useState(String(initialHours));
  const [busy, setBusy] = useState(false);
  const value = Number(hours);
  const valid = Number.isInteger(value) && value >= 0 && value <= MAX_FREE_CANCELLATION_HOURS;

  async function save() {
    setBusy(true);
    try {
      await call(updateBookingPolicy, { spaceId, freeCancellationHours: value });
      toast({ title: t('policy.saved'), color: 'success' });
    } catch (error) {
      toast({ title: messageOfError(t, error, 'reservations'), color: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="policy-title"
      className="border-line flex flex-col gap-3 rounded-2xl border p-4 sm:p-5"
    >
      <h2 id="policy-title" className="text-xl font-semibold">
        {t('policy.title', { space: spaceName })}
      </h2>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) void save();
        }}
      >
        <Input
          label={t('policy.hours')}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_FREE_CANCELLATION_HOURS}
          value={hours}
          onChange={(event) => setHours(event.target.value)}
          error={valid ? undefined : t('policy.invalid', { max: MAX_FREE_CANCELLATION_HOURS })}
          containerClassName="w-56"
        />
        <Button type="submit" disabled={busy || !valid}>
          {t('policy.save')}
        </Button>
      </form>
      <p className="text-ink-soft text-sm">{t('policy.help')}</p>
    </section>
  );
}

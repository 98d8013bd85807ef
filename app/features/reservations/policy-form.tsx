import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { MAX_FREE_CANCELLATION_HOURS, updateBookingPolicy } from '#contract/reservations';
import { call } from '~/platform/callable-client';
import { Button } from '~/ui/button';
import { Input } from '~/ui/field';
import { useForm } from '~/platform/use-form';

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
  const form = useForm({ namespace: 'reservations' });
  const [hours, setHours] = useState(String(initialHours));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const policy = form.check(updateBookingPolicy.input, {
      spaceId,
      freeCancellationHours: hours.trim() === '' ? Number.NaN : Number(hours),
    });
    if (policy) await form.run(() => call(updateBookingPolicy, policy), t('policy.saved'));
  }

  return (
    <section
      aria-labelledby="policy-title"
      className="border-line flex flex-col gap-3 rounded-2xl border p-4 sm:p-5"
    >
      <h2 id="policy-title" className="text-xl font-semibold">
        {t('policy.title', { space: spaceName })}
      </h2>
      <form className="flex flex-wrap items-end gap-3" noValidate onSubmit={(event) => void submit(event)}>
        <Input
          label={t('policy.hours')}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_FREE_CANCELLATION_HOURS}
          value={hours}
          onChange={(event) => setHours(event.target.value)}
          error={
            form.errors.freeCancellationHours
              ? t('policy.invalid', { max: MAX_FREE_CANCELLATION_HOURS })
              : undefined
          }
          containerClassName="w-56"
        />
        <Button type="submit" disabled={form.pending}>
          {t('policy.save')}
        </Button>
      </form>
      <p className="text-ink-soft text-sm">{t('policy.help')}</p>
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { MAX_CHECK_IN_OPENS_MINUTES, MAX_GRACE_MINUTES, NO_SHOW_REFUNDS } from '#contract/check-in';
import {
  MAX_FREE_CANCELLATION_HOURS,
  updateBookingPolicy,
  type TBookingPolicy,
} from '#contract/reservations';
import { call } from '~/platform/callable-client';
import { Button } from '~/ui/button';
import { Checkbox, choicesOf, Input, Select } from '~/ui/field';
import { useForm } from '~/platform/use-form';

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The space's booking policy: members cancel for free until this many hours before the start; they check in
 * from some minutes before it, and (when the space chooses) a booking nobody checked in by the end of the grace
 * period is released, with what its member gets back (contract/check-in.ts).
 */
export function PolicyForm({
  spaceId,
  spaceName,
  initialPolicy,
}: {
  spaceId: string;
  spaceName: string;
  initialPolicy: TBookingPolicy;
}) {
  const { t } = useTranslation('reservations');
  const form = useForm({ namespace: 'reservations' });
  const initial = initialPolicy.checkIn;
  const [hours, setHours] = useState(String(initialPolicy.freeCancellationHours));
  const [opens, setOpens] = useState(String(initial.opensMinutes));
  const [release, setRelease] = useState(initial.releaseUnclaimed);
  const [grace, setGrace] = useState(String(initial.graceMinutes));
  const [refund, setRefund] = useState(initial.noShowRefund);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const policy = form.check(updateBookingPolicy.input, {
      spaceId,
      freeCancellationHours: numberOf(hours),
      checkIn: {
        releaseUnclaimed: release,
        graceMinutes: numberOf(grace),
        noShowRefund: refund,
        opensMinutes: numberOf(opens),
      },
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
      <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
        <div className="flex flex-wrap items-end gap-3">
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
          <Input
            label={t('policy.opens')}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_CHECK_IN_OPENS_MINUTES}
            value={opens}
            onChange={(event) => setOpens(event.target.value)}
            error={
              form.errors['checkIn.opensMinutes']
                ? t('policy.invalidMinutes', { min: 0, max: MAX_CHECK_IN_OPENS_MINUTES })
                : undefined
            }
            containerClassName="w-56"
          />
        </div>
        <Checkbox
          label={t('policy.release')}
          hint={t('policy.releaseHint')}
          checked={release}
          onChange={(event) => setRelease(event.target.checked)}
        />
        {release ? (
          <div className="flex flex-wrap items-end gap-3">
            <Input
              label={t('policy.grace')}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_GRACE_MINUTES}
              value={grace}
              onChange={(event) => setGrace(event.target.value)}
              error={
                form.errors['checkIn.graceMinutes']
                  ? t('policy.invalidMinutes', { min: 1, max: MAX_GRACE_MINUTES })
                  : undefined
              }
              containerClassName="w-56"
            />
            <Select
              label={t('policy.refund')}
              value={refund}
              onChange={(event) => setRefund(event.target.value as typeof refund)}
              choices={choicesOf(NO_SHOW_REFUNDS, (value) => t(`policy.refunds.${value}`))}
              containerClassName="min-w-72"
            />
          </div>
        ) : null}
        <div>
          <Button type="submit" disabled={form.pending}>
            {t('policy.save')}
          </Button>
        </div>
      </form>
      <p className="text-ink-soft text-sm">{t('policy.help')}</p>
    </section>
  );
}

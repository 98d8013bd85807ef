import { useRef, useState } from 'react';
import { useTranslation } from '~/platform/translation';
import { useRevalidator } from 'react-router';
import { addDays, todayIn } from '#contract/dates';
import { AppError } from '#contract/errors';
import type { TPause, TPausePreview, TPlan } from '#contract/formulas';
import { formulaName, myPlanCalls } from '#contract/formulas.plain';
import { formatDay, formatLastDay } from '#contract/reservation-format';
import { call } from '~/platform/callable-client';
import { messageOfError } from '~/platform/form-errors';
import { useForm } from '~/platform/use-form';
import { useLocale } from '~/platform/use-locale';
import { Button } from '~/ui/button';
import { Dialog, DialogClose } from '~/ui/dialog';
import { Input } from '~/ui/field';
import { FailureText } from '~/ui/failure-text';
import { useFormatCredit } from '~/platform/use-format-credit';

/** Why a pause was refused, in the reader's words (the reason's own sentence, else the code's). */
function useRefusal() {
  const { t } = useTranslation(['formulas', 'common']);
  const locale = useLocale();
  return (error: unknown, timeZone: string) => {
    const details = error instanceof AppError ? error.details : undefined;
    // The contract refuses a resumption on or before the first day without naming a reason.
    if (error instanceof AppError && error.code === 'invalid-argument' && !details?.reason)
      return t('formulas:refusals.pause-order');
    const earliest = details?.earliest;
    const date =
      typeof earliest === 'string'
        ? formatDay(locale, new Date(`${earliest}T12:00:00Z`).toISOString(), timeZone)
        : '';
    return messageOfError(t, error, 'formulas', { date });
  };
}

/** What the pause will do, said before it is confirmed: the dates, the money, the renewal, the credit. */
function PauseConsequences({ preview, plan }: { preview: TPausePreview; plan: TPlan }) {
  const { t } = useTranslation('formulas');
  const locale = useLocale();
  const credit = useFormatCredit();
  const zone = plan.space.timeZone;
  const day = (iso: string) => formatDay(locale, iso, zone);
  const lastDay = (iso: string) => formatLastDay(locale, iso, zone);
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="pause-consequences">
      <li>
        <strong>
          {t('pause.dates', {
            from: day(preview.startsAt),
            to: lastDay(preview.endsAt),
            count: preview.days,
          })}
        </strong>
      </li>
      <li>{t('pause.noCharge')}</li>
      <li>
        {t('pause.renewal', {
          after: day(preview.renewalAfter),
          before: day(preview.renewalBefore),
          count: preview.days,
        })}
      </li>
      {preview.lots.length ? (
        preview.lots.map((lot) => (
          <li key={lot.id}>
            {t('pause.lot', {
              balance: credit(lot.balance, lot.unit),
              after: lastDay(lot.validUntilAfter),
              before: lastDay(lot.validUntilBefore),
            })}
          </li>
        ))
      ) : (
        <li>{t('pause.laterLot', { count: preview.days })}</li>
      )}
      <li>{t('pause.noSpending')}</li>
      <li>{t('pause.change')}</li>
    </ul>
  );
}

/** Pausing a membership: pick the days, read what it does, confirm. */
export function PauseMembership({ plan }: { plan: TPlan }) {
  const { t } = useTranslation(['formulas', 'common']);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const refusal = useRefusal();
  const zone = plan.space.timeZone;
  // A refused pause is said in the dialog, in the pause's own words (the dates it names in the plan's zone).
  const form = useForm({
    namespace: 'formulas',
    failureIn: 'form',
    fields: false,
    messageOf: (error) => refusal(error, zone),
  });
  const [open, setOpen] = useState(false);
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [preview, setPreview] = useState<TPausePreview | null>(null);
  const policy = plan.pausePolicy;
  const earliest = addDays(todayIn(zone, new Date()), policy.noticeDays);

  // The preview follows the dates: each change asks again, and only the latest answer is shown.
  const asked = useRef(0);
  function ask(from: string, to: string) {
    setStartsOn(from);
    setEndsOn(to);
    setPreview(null);
    form.setFailure(null);
    const turn = ++asked.current;
    if (!from || !to) return;
    call(myPlanCalls.previewPause, { planId: plan.id, startsOn: from, endsOn: to }).then(
      (answer) => turn === asked.current && setPreview(answer),
      (error: unknown) => turn === asked.current && form.fail(error),
    );
  }

  function start(next: boolean) {
    setOpen(next);
    if (next) ask(earliest, addDays(earliest, Math.min(7, policy.maxDays)));
  }

  async function confirm() {
    const paused = await form.run(
      () => call(myPlanCalls.pause, { planId: plan.id, startsOn, endsOn }),
      t('formulas:pause.done'),
    );
    if (!paused) return;
    setOpen(false);
    void revalidator.revalidate();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={start}
      trigger={<Button variant="outline">{t('formulas:pause.action')}</Button>}
      title={t('formulas:pause.title', { formula: formulaName(plan.formula, locale) })}
      description={t('formulas:pause.rules', {
        count: policy.maxDays,
        date: formatDay(locale, new Date(`${earliest}T12:00:00Z`).toISOString(), zone),
      })}
    >
      <div className="mt-4 flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <Input
            type="date"
            label={t('formulas:pause.from')}
            min={earliest}
            value={startsOn}
            onChange={(event) => ask(event.target.value, endsOn)}
          />
          <Input
            type="date"
            label={t('formulas:pause.resume')}
            hint={t('formulas:pause.resumeHint')}
            min={startsOn || earliest}
            value={endsOn}
            onChange={(event) => ask(startsOn, event.target.value)}
          />
        </div>
        <div aria-live="polite" className="min-h-6">
          {preview ? <PauseConsequences preview={preview} plan={plan} /> : null}
          <FailureText>{form.failure}</FailureText>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">{t('formulas:pause.back')}</Button>
          </DialogClose>
          <Button disabled={form.pending || !preview} onClick={() => void confirm()}>
            {t('formulas:pause.confirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** A pause of the member's membership: its days, and calling it off (not begun) or resuming now. */
export function PauseLine({ plan, pause }: { plan: TPlan; pause: TPause }) {
  const { t } = useTranslation(['formulas', 'common']);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const form = useForm({ namespace: 'formulas', fields: false });
  const zone = plan.space.timeZone;
  const values = {
    from: formatDay(locale, pause.startsAt, zone),
    to: formatLastDay(locale, pause.endsAt, zone),
    count: pause.days,
  };
  async function end() {
    const ended = await form.run(
      () => call(myPlanCalls.endPause, { pauseId: pause.id }),
      t(pause.state === 'upcoming' ? 'formulas:pause.calledOff' : 'formulas:pause.resumed'),
    );
    if (ended) void revalidator.revalidate();
  }
  return (
    <div
      className="bg-muted flex flex-wrap items-center justify-between gap-2 rounded-lg p-3 text-sm"
      data-testid="pause"
    >
      <p>{t(`formulas:pause.state.${pause.state}`, values)}</p>
      {pause.state !== 'ended' ? (
        <Button variant="outline" size="sm" disabled={form.pending} onClick={() => void end()}>
          {t(pause.state === 'upcoming' ? 'formulas:pause.callOff' : 'formulas:pause.resumeNow')}
        </Button>
      ) : null}
    </div>
  );
}

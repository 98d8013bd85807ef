import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { setOpeningHours, type TOpeningHoursInput } from '#contract/back-office';
import { Button } from '~/ui/button';
import { Input } from '~/ui/field';
import { Section } from '~/ui/section';
import { useOperation } from '~/platform/use-operation';
import type { SettingsFormProps } from './settings-form-props';

type Interval = TOpeningHoursInput[number] & { key: number };

const WEEK = [1, 2, 3, 4, 5, 6, 7];
let nextKey = 1;
const keyed = (interval: TOpeningHoursInput[number]): Interval => ({ ...interval, key: nextKey++ });

/** The week's opening hours: each day closed or open over one or more periods. */
export function HoursForm({
  spaceId,
  initial,
  submitLabel,
  onSaved,
  footer,
}: SettingsFormProps<TOpeningHoursInput>) {
  const { t } = useTranslation('backoffice');
  const [intervals, setIntervals] = useState<Interval[]>(() => initial.map(keyed));
  const save = useOperation(setOpeningHours, { success: onSaved ? undefined : '' });
  const day = (weekday: number) => t(`spaces:weekdays.${weekday}`);

  const update = (key: number, changes: Partial<Interval>) =>
    setIntervals((list) =>
      list.map((interval) => (interval.key === key ? { ...interval, ...changes } : interval)),
    );
  const add = (weekday: number) => {
    const last = intervals.filter((i) => i.weekday === weekday).at(-1);
    const opens = last ? last.closes : '09:00';
    const closes = last ? (last.closes < '18:00' ? '18:00' : '23:00') : '18:00';
    setIntervals((list) => [...list, keyed({ weekday, opens, closes })]);
  };
  const copyMonday = () => {
    const monday = intervals.filter((i) => i.weekday === 1);
    setIntervals((list) => [
      ...list.filter((i) => i.weekday === 1 || i.weekday > 5),
      ...[2, 3, 4, 5].flatMap((weekday) =>
        monday.map((i) => keyed({ weekday, opens: i.opens, closes: i.closes })),
      ),
    ]);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const hours = intervals.map(({ weekday, opens, closes }) => ({ weekday, opens, closes }));
    if (await save.run({ spaceId, hours })) onSaved?.();
  }

  return (
    <form onSubmit={submit} noValidate>
      <Section title={t('hours.title')} hint={t('hours.hint')}>
        <ul className="divide-line flex flex-col divide-y">
          {WEEK.map((weekday) => {
            const ofDay = intervals.filter((interval) => interval.weekday === weekday);
            return (
              <li key={weekday} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:gap-4">
                <h3 className="w-28 shrink-0 pt-2 font-medium">{day(weekday)}</h3>
                <div className="flex flex-1 flex-col gap-2">
                  {ofDay.length === 0 ? (
                    <p className="text-ink-soft pt-2 text-sm">{t('hours.closedDay')}</p>
                  ) : null}
                  {ofDay.map((interval) => {
                    const index = intervals.indexOf(interval);
                    return (
                      <div key={interval.key} className="flex flex-wrap items-end gap-2">
                        <Input
                          type="time"
                          step={900}
                          label={t('hours.opens')}
                          containerClassName="w-36"
                          value={interval.opens}
                          onChange={(event) => update(interval.key, { opens: event.target.value })}
                          error={save.errorOf(`hours.${index}.opens`)}
                        />
                        <Input
                          type="time"
                          step={900}
                          label={t('hours.closes')}
                          containerClassName="w-36"
                          value={interval.closes === '24:00' ? '23:59' : interval.closes}
                          onChange={(event) => update(interval.key, { closes: event.target.value })}
                          error={save.errorOf(`hours.${index}.closes`)}
                        />
                        <Button
                          variant="ghost"
                          aria-label={t('hours.removeInterval', {
                            opens: interval.opens,
                            closes: interval.closes,
                            day: day(weekday),
                          })}
                          onClick={() => setIntervals((list) => list.filter((i) => i.key !== interval.key))}
                        >
                          <Trash2 aria-hidden className="size-4" />
                        </Button>
                      </div>
                    );
                  })}
                  <Button variant="outline" size="sm" className="self-start" onClick={() => add(weekday)}>
                    <Plus aria-hidden className="size-4" />
                    {t('hours.addInterval', { day: day(weekday).toLowerCase() })}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.pending}>
            {save.pending ? t('saving') : (submitLabel ?? t('save'))}
          </Button>
          <Button
            variant="outline"
            className="h-auto! min-h-10 py-2 whitespace-normal!"
            onClick={copyMonday}
            disabled={!intervals.some((i) => i.weekday === 1)}
          >
            {t('hours.copyMonday')}
          </Button>
          {footer}
        </div>
      </Section>
    </form>
  );
}

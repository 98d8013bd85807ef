import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { setClosures, type TClosuresInput } from '#contract/back-office';
import { Button } from '~/ui/button';
import { Input } from '~/ui/field';
import { Section } from '~/ui/section';
import { useOperation } from '~/platform/use-operation';

type Closure = TClosuresInput[number] & { key: number };
let nextKey = 1;

/** Days the space is closed despite its hours: ranges of dates with a reason. */
export function ClosuresForm({
  spaceId,
  initial,
  today,
}: {
  spaceId: string;
  initial: TClosuresInput;
  today: string;
}) {
  const { t } = useTranslation('backoffice');
  const [closures, setList] = useState<Closure[]>(() => initial.map((c) => ({ ...c, key: nextKey++ })));
  const save = useOperation(setClosures, { success: '' });
  const update = (key: number, changes: Partial<Closure>) =>
    setList((list) => list.map((c) => (c.key === key ? { ...c, ...changes } : c)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    await save.run({
      spaceId,
      closures: closures.map(({ startsOn, endsOn, label }) => ({ startsOn, endsOn, label })),
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Section title={t('hours.closuresTitle')} hint={t('hours.closuresHint')}>
        {closures.length === 0 ? <p className="text-ink-soft text-sm">{t('hours.noClosure')}</p> : null}
        <ul className="flex flex-col gap-3">
          {closures.map((closure, index) => (
            <li key={closure.key} className="flex flex-wrap items-end gap-2">
              <Input
                type="date"
                label={t('hours.startsOn')}
                containerClassName="w-44"
                value={closure.startsOn}
                onChange={(event) =>
                  update(closure.key, {
                    startsOn: event.target.value,
                    endsOn: closure.endsOn < event.target.value ? event.target.value : closure.endsOn,
                  })
                }
                error={save.errorOf(`closures.${index}.startsOn`)}
              />
              <Input
                type="date"
                label={t('hours.endsOn')}
                containerClassName="w-44"
                min={closure.startsOn}
                value={closure.endsOn}
                onChange={(event) => update(closure.key, { endsOn: event.target.value })}
                error={save.errorOf(`closures.${index}.endsOn`)}
              />
              <Input
                label={t('hours.label')}
                containerClassName="min-w-48 flex-1"
                maxLength={80}
                value={closure.label}
                onChange={(event) => update(closure.key, { label: event.target.value })}
                error={save.errorOf(`closures.${index}.label`)}
              />
              <Button
                variant="ghost"
                aria-label={t('hours.removeClosure', { date: closure.startsOn })}
                onClick={() => setList((list) => list.filter((c) => c.key !== closure.key))}
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="outline"
            onClick={() =>
              setList((list) => [...list, { startsOn: today, endsOn: today, label: '', key: nextKey++ }])
            }
          >
            <Plus aria-hidden className="size-4" />
            {t('hours.addClosure')}
          </Button>
          <Button type="submit" disabled={save.pending}>
            {save.pending ? t('saving') : t('save')}
          </Button>
        </div>
      </Section>
    </form>
  );
}

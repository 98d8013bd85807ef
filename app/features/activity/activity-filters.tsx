import { useTranslation } from '~/platform/translation';
import { Form, Link } from 'react-router';
import type { ActivityScope, TActivityFilterOptions } from '#contract/activity';
import { ACTIVITY_KINDS } from '#contract/activity.plain';
import { ACTIVITY_KIND_GROUPS, groupOfKind, kindKey } from '#contract/activity-sentence';
import { DEFAULT_TIME_ZONE } from '#contract/spaces.plain';
import { zoneCity } from '#contract/reservation-format';
import { Button, buttonClass } from '~/ui/button';
import { cn } from '~/ui/cn';
import { FilterSelect, Input, Select } from '~/ui/field';

/** The filters' fields as the URL gave them (text, possibly invalid: shown back as typed). */
export interface ActivityForm {
  scope: ActivityScope;
  spaceId: string;
  personId: string;
  kind: string;
  from: string;
  to: string;
}

/**
 * The feed's filters: a plain GET form (it works without JavaScript; with it, React Router navigates).
 * Space and person only in the managers' views; kinds grouped by what they are about.
 */
export function ActivityFilters({
  form,
  options,
  errors,
  filtered,
}: {
  form: ActivityForm;
  options: TActivityFilterOptions;
  errors: Record<string, string>;
  filtered: boolean;
}) {
  const { t } = useTranslation('activity');
  const errorOf = (field: string) =>
    errors[field]
      ? t(`filters.errors.${errors[field]}`, { defaultValue: t('filters.errors.invalid') })
      : undefined;
  const managerView = form.scope !== 'mine';
  const space = options.spaces.find((item) => item.id === form.spaceId);
  const zone = space?.timeZone ?? DEFAULT_TIME_ZONE;
  const knownPerson = options.people.some((person) => person.id === form.personId);
  // A filter's URL parameter, its value as the URL gave it, and its refusal (named after the filter's field).
  const filterField = (
    name: string,
    field: Exclude<keyof ActivityForm, 'scope'>,
    refusedAs: string = field,
  ) => ({
    name,
    defaultValue: form[field],
    error: errorOf(refusedAs),
  });
  return (
    <Form
      method="get"
      action="/activity"
      className="border-line bg-surface flex flex-col gap-3 rounded-2xl border p-4"
    >
      <h2 className="text-lg font-semibold">{t('filters.title')}</h2>
      {form.scope !== 'mine' ? <input type="hidden" name="scope" value={form.scope} /> : null}
      {managerView && options.spaces.length > 0 ? (
        <FilterSelect
          label={t('filters.space')}
          {...filterField('space', 'spaceId')}
          anyLabel={t('filters.allSpaces')}
          choices={options.spaces.map((item) => ({ value: item.id, label: item.name }))}
        />
      ) : null}
      {managerView && (options.people.length > 0 || form.personId) ? (
        <FilterSelect
          label={t('filters.person')}
          {...filterField('person', 'personId')}
          anyLabel={t('filters.anyone')}
          choices={[
            // A person the URL names whom the choices do not list (no longer in the space) reads "someone".
            ...(form.personId && !knownPerson ? [{ value: form.personId, label: t('people.someone') }] : []),
            ...options.people.map((person) => ({
              value: person.id,
              label: person.email
                ? t('filters.personWithEmail', { name: person.name, email: person.email })
                : person.name,
            })),
          ]}
        />
      ) : null}
      <Select label={t('filters.kind')} {...filterField('kind', 'kind', 'kinds')}>
        <option value="">{t('filters.anyKind')}</option>
        {Object.keys(ACTIVITY_KIND_GROUPS).map((group) => (
          <optgroup key={group} label={t(`groups.${group}`)}>
            {ACTIVITY_KINDS.filter((kind) => groupOfKind(kind) === group).map((kind) => (
              <option key={kind} value={kind}>
                {t(kindKey(kind, 'label'))}
              </option>
            ))}
          </optgroup>
        ))}
      </Select>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-1">
        <Input label={t('filters.from')} type="date" {...filterField('from', 'from')} />
        <Input label={t('filters.to')} type="date" {...filterField('to', 'to')} />
      </div>
      <p className="text-ink-soft text-xs">{t('filters.zoneNote', { zone: zoneCity(zone) })}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit">{t('filters.apply')}</Button>
        {filtered ? (
          <Link
            to={form.scope === 'mine' ? '/activity' : `/activity?scope=${form.scope}`}
            className={cn(buttonClass('ghost', 'sm'))}
          >
            {t('filters.reset')}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

import { useState } from 'react';
import { Form } from 'react-router';
import type { OutputOf } from '#contract/callable';
import type { getStatisticsScope } from '#contract/statistics';
import { STATISTICS_PERIODS, type StatisticsQuery } from '#contract/statistics-period';
import { useTranslation } from '~/platform/translation';
import { buttonClass } from '~/ui/button-class';
import { choicesOf, Input, Select } from '~/ui/field';

/**
 * What the page shows: the space (or every space), the room and the period, sent as the page's address
 * (a GET form: each view has its URL, and it works before the page's JavaScript). The room list is the
 * shown space's: choosing another space hides it until the page shows that space.
 */
export function StatisticsFilters({
  query,
  spaces,
  rooms,
  allSpaces,
}: {
  query: StatisticsQuery;
  spaces: OutputOf<typeof getStatisticsScope>['spaces'];
  rooms: OutputOf<typeof getStatisticsScope>['rooms'];
  /** The viewer is an admin: "every space" is every space of the platform. */
  allSpaces: boolean;
}) {
  const { t } = useTranslation('statistics');
  const [space, setSpace] = useState(query.space ?? '');
  const [period, setPeriod] = useState(query.period);
  const showRooms = rooms.length > 0 && space !== '' && space === (query.space ?? '');
  return (
    <Form
      method="get"
      action="/statistics"
      aria-label={t('filters.title')}
      className="border-line bg-surface flex flex-col gap-3 rounded-2xl border p-4 sm:p-5"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {spaces.length > 1 || allSpaces ? (
          <Select
            name="space"
            label={t('filters.space')}
            value={space}
            onChange={(event) => setSpace(event.target.value)}
            choices={spaces.map((item) => ({ value: item.id, label: `${item.name} (${item.city})` }))}
          >
            <option value="">{t(allSpaces ? 'allSpacesAdmin' : 'allSpaces')}</option>
          </Select>
        ) : (
          <input type="hidden" name="space" value={space} />
        )}
        {showRooms ? (
          <Select
            name="room"
            label={t('filters.room')}
            defaultValue={query.room ?? ''}
            choices={rooms.map((room) => ({
              value: room.id,
              label: room.archived ? t('filters.archived', { name: room.name }) : room.name,
            }))}
          >
            <option value="">{t('filters.allRooms')}</option>
          </Select>
        ) : null}
        <Select
          name="period"
          label={t('filters.period')}
          value={period}
          onChange={(event) => setPeriod(event.target.value as StatisticsQuery['period'])}
          choices={choicesOf(STATISTICS_PERIODS, (name) => t(`filters.periods.${name}`))}
        />
        {period === 'custom' ? (
          <div className="grid grid-cols-2 gap-3">
            <Input name="from" type="date" label={t('filters.from')} defaultValue={query.from} required />
            <Input name="to" type="date" label={t('filters.to')} defaultValue={query.to} required />
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass('primary')}>
          {t('filters.apply')}
        </button>
        {showRooms ? <p className="text-ink-soft text-sm">{t('filters.roomHint')}</p> : null}
      </div>
    </Form>
  );
}

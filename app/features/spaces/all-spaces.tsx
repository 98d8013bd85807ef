import { Building } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import { Form, useSubmit } from 'react-router';
import { pageCount } from '#contract/pagination.plain';
import { SPACE_LIST_SORTS, type SpaceListSort } from '#contract/spaces.plain';
import type { TSpaceCard } from '#contract/spaces';
import { Button } from '~/ui/button';
import { EmptyState } from '~/ui/empty-state';
import { choicesOf, Select } from '~/ui/field';
import { Pagination } from '~/ui/pagination';
import { SpaceCard } from './space-card';

/** Every published space, sortable and paginated; the sort and page live in the URL. */
export function AllSpaces({
  items,
  total,
  page,
  pageSize,
  sort,
}: {
  items: TSpaceCard[];
  total: number;
  page: number;
  pageSize: number;
  sort: SpaceListSort;
}) {
  const { t } = useTranslation('spaces');
  const submit = useSubmit();
  const pages = pageCount(total, pageSize);
  const hrefOf = (target: number) => `/spaces/all?${new URLSearchParams({ sort, page: String(target) })}`;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t('all.title')}</h1>
          <p className="text-ink-soft mt-2">{t('all.intro')}</p>
          <p className="mt-1 font-medium" role="status">
            {t('all.count', { count: total })}
          </p>
        </div>
        <Form method="get" className="flex items-end gap-2" onChange={(event) => submit(event.currentTarget)}>
          <Select
            label={t('all.sort')}
            name="sort"
            defaultValue={sort}
            key={sort}
            containerClassName="w-52"
            choices={choicesOf(SPACE_LIST_SORTS, (option) => t(`all.sorts.${option}`))}
          />
          <Button type="submit" variant="outline">
            {t('all.apply')}
          </Button>
        </Form>
      </header>
      {items.length ? (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((space, index) => (
            <li key={space.id} className="flex">
              <SpaceCard space={space} headingLevel={2} eager={index < 3} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon={Building} title={t('all.emptyTitle')}>
          {t('all.empty')}
        </EmptyState>
      )}
      <Pagination
        page={page}
        pages={pages}
        hrefOf={hrefOf}
        labels={{
          nav: t('pagination.label'),
          previous: t('pagination.previous'),
          next: t('pagination.next'),
          status: t('pagination.status', { page, pages }),
        }}
      />
    </main>
  );
}

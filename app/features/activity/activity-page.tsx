import { Download, History } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import type { TActivityFilterOptions, TActivityItem } from '#contract/activity';
import { ACTIVITY_EXPORT_PATH, MAX_ACTIVITY_EXPORT_ROWS } from '#contract/activity.plain';
import { intlLocaleOf } from '#contract/locale';
import { useLocale } from '~/platform/use-locale';
import { buttonClass } from '~/ui/button';
import { cn } from '~/ui/cn';
import { EmptyState } from '~/ui/empty-state';
import { LinkTabs } from '~/ui/link-tabs';
import { Notice } from '~/ui/notice';
import { ActivityFilters, type ActivityForm } from './activity-filters';
import { ActivityFeed } from './activity-feed';

export interface ActivityPageData {
  viewerId: string;
  options: TActivityFilterOptions;
  /** The filters as the URL gave them, for the form's fields. */
  form: ActivityForm;
  /** Filters that do not hold, by field: a key of `filters.errors`. */
  errors: Record<string, string>;
  /** The valid filters as a URL query (for "load more" and the CSV), without cursor. */
  query: string;
  page: { items: TActivityItem[]; nextCursor: string | null } | null;
  /** Whether this is a later page opened by its link (without JavaScript). */
  paged: boolean;
}

/** `/activity`: what happened to me; for managers, their spaces' log with filters and a CSV export. */
export function ActivityPage({ data }: { data: ActivityPageData }) {
  const { t } = useTranslation('activity');
  const locale = useLocale();
  const { form, options, page } = data;
  const filtered = Boolean(form.spaceId || form.personId || form.kind || form.from || form.to);
  const managerView = form.scope !== 'mine';
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
      <p className="text-ink-soft mb-6">{t(`intro.${form.scope}`)}</p>
      {options.scopes.length > 1 ? (
        <LinkTabs
          label={t('scopes.label')}
          look="underline"
          className="mb-6"
          tabs={options.scopes.map((scope) => ({
            id: scope,
            to: scope === 'mine' ? '/activity' : `/activity?scope=${scope}`,
            current: scope === form.scope,
            children: t(`scopes.${scope}`),
          }))}
        />
      ) : null}
      <div className="grid gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <aside className="flex flex-col gap-4">
          <ActivityFilters form={form} options={options} errors={data.errors} filtered={filtered} />
          {managerView && page ? (
            <div className="flex flex-col gap-1">
              <a
                href={`${ACTIVITY_EXPORT_PATH}${data.query ? `?${data.query}` : ''}`}
                download
                className={cn(buttonClass('outline'), 'justify-center')}
                aria-describedby="activity-export-hint"
              >
                <Download aria-hidden className="size-4" />
                {t('export')}
              </a>
              <p id="activity-export-hint" className="text-ink-soft text-xs">
                {t('exportHint', { max: MAX_ACTIVITY_EXPORT_ROWS.toLocaleString(intlLocaleOf(locale)) })}
              </p>
            </div>
          ) : null}
        </aside>
        <section aria-labelledby="activity-list-title" className="flex min-w-0 flex-col gap-4">
          <h2 id="activity-list-title" className="sr-only">
            {t('list')}
          </h2>
          {!page ? (
            <Notice tone="error">{t('filters.invalidNotice')}</Notice>
          ) : page.items.length === 0 && !data.paged ? (
            <EmptyState icon={History} title={t('empty.title')}>
              {filtered ? t('empty.filtered') : t('empty.mine')}
            </EmptyState>
          ) : (
            <ActivityFeed
              key={`${data.query}|${page.items[0]?.id ?? ''}`}
              initial={page}
              query={data.query}
              viewerId={data.viewerId}
              paged={data.paged}
            />
          )}
        </section>
      </div>
    </main>
  );
}

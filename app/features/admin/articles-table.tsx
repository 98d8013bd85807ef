import { Plus } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import type { TAdminArticleRow } from '#contract/blog';
import { useLocale } from '~/platform/use-locale';
import { buttonClass } from '~/ui/button';
import { cn } from '~/ui/cn';
import { dateTimeFormat } from '#contract/intl';
import { intlLocaleOf } from '#contract/locale';

export const STATE_BADGE = {
  draft: 'bg-muted text-ink',
  scheduled: 'bg-amber-100 text-amber-900',
  published: 'bg-emerald-100 text-emerald-900',
} as const;

/** An instant as Paris's date and time, where admins schedule: "8 sept. 2026, 09:30". */
export function formatParisMoment(instant: string, locale: 'fr' | 'en'): string {
  return dateTimeFormat(intlLocaleOf(locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  }).format(new Date(instant));
}

const COLUMNS = ['title', 'state', 'date', 'languages'] as const;

export function ArticlesTable({ articles }: { articles: TAdminArticleRow[] }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  return (
    <>
      <div>
        <Link to="/admin/blog/new" className={buttonClass('primary')}>
          <Plus aria-hidden className="size-4" />
          {t('blog.new')}
        </Link>
      </div>
      {articles.length ? (
        <div className="border-line overflow-x-auto rounded-xl border">
          <table className="w-full text-left text-sm">
            <thead className="bg-muted">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-4 py-2 font-medium">
                    {t(`blog.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-line divide-y">
              {articles.map((article) => (
                <tr key={article.id}>
                  <td className="px-4 py-3">
                    <Link
                      to={`/admin/blog/${article.id}`}
                      className="text-primary-ink font-medium underline underline-offset-2 hover:no-underline"
                    >
                      {article.titleFr}
                    </Link>
                    <span className="text-ink-soft block text-xs">/blog/article/{article.slug}</span>
                  </td>
                  <td className="px-4 py-3">
                    <span
                      className={cn(
                        'rounded-full px-2 py-0.5 text-xs font-medium',
                        STATE_BADGE[article.state],
                      )}
                    >
                      {t(`states.${article.state}`)}
                    </span>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    {article.publishedAt ? formatParisMoment(article.publishedAt, locale) : '—'}
                  </td>
                  <td className="px-4 py-3">{article.hasEnglish ? 'FR, EN' : 'FR'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-ink-soft">{t('blog.empty')}</p>
      )}
    </>
  );
}

import { Newspaper, Rss } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import type { listArticles } from '#contract/blog';
import { BLOG_FEED_PATH, BLOG_PATH } from '#contract/blog.plain';
import type { OutputOf } from '#contract/callable';
import { pageCount } from '#contract/pagination.plain';
import { cn } from '~/ui/cn';
import { EmptyState } from '~/ui/empty-state';
import { Pagination } from '~/ui/pagination';
import { ArticleCard } from './article-card';

export type BlogListData = OutputOf<typeof listArticles> & { tag: string | null };

/** `/blog?tag=…&page=…`: the URL is the view, so every page and filter is a plain link. */
export function blogHref(tag: string | null, page = 1): string {
  const params = new URLSearchParams();
  if (tag) params.set('tag', tag);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${BLOG_PATH}?${query}` : BLOG_PATH;
}

const chip = 'rounded-full border px-3 py-1.5 text-sm';

export function BlogList({ data }: { data: BlogListData }) {
  const { t } = useTranslation('blog');
  const { tag } = data;
  return (
    <main id="main">
      <header className="from-muted to-surface border-line border-b bg-gradient-to-b">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {tag ? t('taggedTitle', { tag }) : t('title')}
          </h1>
          <p className="text-ink-soft mt-4 max-w-2xl text-lg text-pretty">{t('lead')}</p>
          <a
            href={BLOG_FEED_PATH}
            className="text-primary-ink mt-4 inline-flex items-center gap-2 underline underline-offset-2 hover:no-underline"
          >
            <Rss aria-hidden className="size-4" />
            {t('feed')}
          </a>
        </div>
      </header>
      <div className="mx-auto max-w-6xl px-4 py-10">
        {data.tags.length ? (
          <nav aria-label={t('tags')}>
            <ul className="flex flex-wrap gap-2">
              <li>
                <Link
                  to={blogHref(null)}
                  aria-current={tag ? undefined : 'page'}
                  className={cn(
                    chip,
                    tag ? 'border-line hover:bg-muted' : 'bg-primary text-on-primary border-primary',
                  )}
                >
                  {t('allTags')}
                </Link>
              </li>
              {data.tags.map((entry) => (
                <li key={entry.tag}>
                  <Link
                    to={blogHref(entry.tag)}
                    aria-current={entry.tag === tag ? 'page' : undefined}
                    className={cn(
                      chip,
                      entry.tag === tag
                        ? 'bg-primary text-on-primary border-primary'
                        : 'border-line hover:bg-muted',
                    )}
                  >
                    {entry.tag} <span className="sr-only">(</span>
                    {entry.count}
                    <span className="sr-only">)</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {data.items.length ? (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.items.map((article) => (
              <li key={article.slug} className="flex">
                <ArticleCard article={article} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-8">
            <EmptyState icon={Newspaper} title={tag ? t('emptyTag') : t('empty')} />
          </div>
        )}
        <Pagination
          page={data.page}
          pages={pageCount(data.total, data.pageSize)}
          hrefOf={(page) => blogHref(tag, page)}
          labels={{
            nav: t('pagination.nav'),
            previous: t('pagination.previous'),
            next: t('pagination.next'),
            status: t('pagination.status', { page: data.page, pages: pageCount(data.total, data.pageSize) }),
          }}
        />
      </div>
    </main>
  );
}

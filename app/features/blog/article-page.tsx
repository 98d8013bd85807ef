import { srcSetOf } from '#contract/image-variants';
import { IMAGE_SIZES } from '~/ui/photo';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import type { TArticle } from '#contract/blog';
import { articlePath, BLOG_PATH } from '#contract/blog.plain';
import { useLocale } from '~/platform/use-locale';
import { cn } from '~/ui/cn';
import { TextLink } from '~/ui/link';
import { MarkdownBody } from '~/ui/markdown-body';
import { blogHref } from './blog-list';
import { articleDay, formatArticleDate } from './article-date';

/** One article: title, date and author, cover, body, tags, and the articles before and after it. */
export function ArticlePage({ article }: { article: TArticle }) {
  const { t } = useTranslation('blog');
  const locale = useLocale();
  const lang = article.lang !== locale ? article.lang : undefined;
  return (
    <main id="main">
      <article>
        <header className="from-muted to-surface border-line border-b bg-gradient-to-b">
          <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
            <p>
              <TextLink to={BLOG_PATH}>{t('article.back')}</TextLink>
            </p>
            <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl" lang={lang}>
              {article.title}
            </h1>
            <p className="text-ink-soft mt-4 text-lg text-pretty" lang={lang}>
              {article.excerpt}
            </p>
            <p className="text-ink-soft mt-4 text-sm">
              <time dateTime={articleDay(article.publishedAt)}>
                {t('publishedOn', { date: formatArticleDate(article.publishedAt, locale) })}
              </time>
              {' · '}
              {t('by', { author: article.authorName })}
            </p>
            {lang ? (
              <p className="bg-muted mt-4 rounded-lg px-3 py-2 text-sm">{t('article.frenchOnly')}</p>
            ) : null}
          </div>
        </header>
        <div className="mx-auto max-w-3xl px-4 py-10">
          {article.coverUrl ? (
            <img
              src={article.coverUrl}
              srcSet={srcSetOf(article.coverUrl)}
              sizes={IMAGE_SIZES.column}
              alt={article.coverAlt}
              width={1200}
              height={800}
              className="bg-muted mb-8 aspect-[3/2] w-full rounded-2xl object-cover"
            />
          ) : null}
          <MarkdownBody html={article.bodyHtml} lang={lang} />
          {article.tags.length ? (
            <ul className="mt-10 flex flex-wrap gap-2" aria-label={t('article.tagsLabel')}>
              {article.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={blogHref(tag)}
                    className="border-line hover:bg-muted rounded-full border px-3 py-1.5 text-sm"
                  >
                    {tag}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </article>
      {article.previous || article.next ? (
        <nav aria-label={t('article.neighbours')} className="border-line border-t">
          <div className="mx-auto grid max-w-3xl gap-4 px-4 py-8 sm:grid-cols-2">
            {article.previous ? <NeighbourLink rel="prev" neighbour={article.previous} /> : <span />}
            {article.next ? <NeighbourLink rel="next" neighbour={article.next} /> : null}
          </div>
        </nav>
      ) : null}
    </main>
  );
}

/** The article before or after this one: which it is, and its title (in its language when not the page's). */
function NeighbourLink({
  rel,
  neighbour,
}: {
  rel: 'prev' | 'next';
  neighbour: NonNullable<TArticle['previous']>;
}) {
  const { t } = useTranslation('blog');
  const locale = useLocale();
  const next = rel === 'next';
  const Arrow = next ? ArrowRight : ArrowLeft;
  return (
    <Link
      to={articlePath(neighbour.slug)}
      rel={rel}
      className={cn('border-line hover:bg-muted flex flex-col rounded-xl border p-4', next && 'text-right')}
    >
      <span className={cn('text-ink-soft flex items-center gap-1 text-sm', next && 'justify-end')}>
        {next ? null : <Arrow aria-hidden className="size-4" />}
        {t(next ? 'article.next' : 'article.previous')}
        {next ? <Arrow aria-hidden className="size-4" /> : null}
      </span>
      <span className="mt-1 font-medium" lang={neighbour.lang !== locale ? neighbour.lang : undefined}>
        {neighbour.title}
      </span>
    </Link>
  );
}

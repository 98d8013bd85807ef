import { srcSetOf } from '#contract/image-variants';
import { IMAGE_SIZES } from '~/ui/photo';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import type { TArticleSummary } from '#contract/blog';
import { articlePath } from '#contract/blog.plain';
import { useLocale } from '~/platform/use-locale';
import { articleDay, formatArticleDate } from './article-date';

/** One article in a list: cover, date, title (the link), excerpt and tags. */
export function ArticleCard({
  article,
  headingLevel = 2,
}: {
  article: TArticleSummary;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('blog');
  const locale = useLocale();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const lang = article.lang !== locale ? article.lang : undefined;
  return (
    <article className="border-line bg-surface relative flex w-full flex-col overflow-hidden rounded-2xl border">
      {article.coverUrl ? (
        <img
          src={article.coverUrl}
          srcSet={srcSetOf(article.coverUrl)}
          sizes={IMAGE_SIZES.card}
          alt=""
          loading="lazy"
          width={1200}
          height={800}
          className="bg-muted aspect-[3/2] w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <p className="text-ink-soft text-sm">
          <time dateTime={articleDay(article.publishedAt)}>
            {formatArticleDate(article.publishedAt, locale)}
          </time>
        </p>
        <Heading className="mt-1 text-lg font-semibold text-balance" lang={lang}>
          <Link
            to={articlePath(article.slug)}
            className="after:absolute after:inset-0 hover:underline focus-visible:underline"
          >
            {article.title}
          </Link>
        </Heading>
        <p className="text-ink-soft mt-2 flex-1 leading-6" lang={lang}>
          {article.excerpt}
        </p>
        {article.tags.length ? (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('article.tagsLabel')}>
            {article.tags.map((tag) => (
              <li key={tag} className="bg-muted text-ink rounded-full px-2.5 py-0.5 text-xs">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}

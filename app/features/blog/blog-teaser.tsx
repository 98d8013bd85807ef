import { useTranslation } from '~/platform/translation';
import type { TArticleSummary } from '#contract/blog';
import { BLOG_PATH } from '#contract/blog.plain';
import { TextLink } from '~/ui/link';
import { ArticleCard } from './article-card';

/** The latest articles on the home page, with the way to the blog; nothing when none is published. */
export function BlogTeaser({ articles }: { articles: TArticleSummary[] }) {
  const { t } = useTranslation('blog');
  if (!articles.length) return null;
  return (
    <section aria-labelledby="blog-teaser-title" className="mx-auto max-w-6xl px-4 py-12">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-2">
        <h2 id="blog-teaser-title" className="text-2xl font-semibold">
          {t('teaser.title')}
        </h2>
        <TextLink to={BLOG_PATH}>{t('teaser.all')}</TextLink>
      </div>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {articles.map((article) => (
          <li key={article.slug} className="flex">
            <ArticleCard article={article} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}

import { useTranslation } from '~/platform/translation';
import type { TSpaceCard } from '#contract/spaces';
import { TextLink } from '~/ui/link';
import { SpaceCard } from './space-card';

/** A few published spaces on the home page, with the way to all of them. */
export function FeaturedSpaces({ spaces }: { spaces: TSpaceCard[] }) {
  const { t } = useTranslation('spaces');
  if (!spaces.length) return null;
  return (
    <section aria-labelledby="featured-title" className="mx-auto max-w-6xl px-4 py-12">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-2">
        <h2 id="featured-title" className="text-2xl font-semibold">
          {t('featured.title')}
        </h2>
        <TextLink to="/spaces/all">{t('featured.all')}</TextLink>
      </div>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {spaces.map((space) => (
          <li key={space.id} className="flex">
            <SpaceCard space={space} />
          </li>
        ))}
      </ul>
    </section>
  );
}

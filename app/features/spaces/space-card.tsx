import { MapPin } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import type { Locale } from '#contract/locale';
import type { TSpaceCard } from '#contract/spaces';
import { formatMoney } from '#contract/money';
import { CardLink } from '~/ui/card-link';
import { Photo } from '~/ui/photo';

/** A space in a grid: cover, name (the link), city, what it offers and its lowest price. */
export function SpaceCard({
  space,
  headingLevel = 3,
  eager = false,
}: {
  space: TSpaceCard;
  headingLevel?: 2 | 3;
  eager?: boolean;
}) {
  const { t, i18n } = useTranslation('spaces');
  const locale = i18n.language as Locale;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="border-line bg-surface relative flex w-full flex-col overflow-hidden rounded-2xl border shadow-sm transition hover:shadow-md">
      <Photo
        src={space.cover?.url}
        alt={space.cover?.alt ?? ''}
        placeholder={t('card.noPhoto')}
        eager={eager}
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="text-lg leading-snug font-semibold">
          <CardLink to={`/spaces/${space.slug}`}>{space.name}</CardLink>
        </Heading>
        <p className="text-ink-soft flex items-center gap-1 text-sm">
          <MapPin aria-hidden className="size-4" />
          {space.postcode} {space.city}
        </p>
        {space.kinds.length ? (
          <p className="text-sm">{space.kinds.map((kind) => t(`kindsPlural.${kind}`)).join(' · ')}</p>
        ) : null}
        <p className="mt-auto pt-2 font-semibold">
          {space.fromPriceCents === null
            ? t('price.none')
            : `${t('price.from', { price: formatMoney(space.fromPriceCents, locale) })} ${t('price.inclVat')}`}
        </p>
      </div>
    </article>
  );
}

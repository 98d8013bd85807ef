import { useTranslation } from '~/platform/translation';
import type { TAd } from '#contract/community';

/** An ad's kind, category and status as small badges; in a list (`listed`), an open ad's status goes unsaid. */
export function AdBadges({
  ad,
  listed = false,
}: {
  ad: Pick<TAd, 'kind' | 'category'> & { status: string };
  listed?: boolean;
}) {
  const { t } = useTranslation('community');
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <span className="bg-primary/10 text-primary-ink rounded-full px-2 py-0.5 font-medium">
        {t(`kinds.${ad.kind}`)}
      </span>
      <span className="bg-muted rounded-full px-2 py-0.5">{t(`categories.${ad.category}`)}</span>
      {listed && ad.status === 'open' ? null : (
        <span className="border-line rounded-full border px-2 py-0.5">{t(`statuses.${ad.status}`)}</span>
      )}
    </div>
  );
}

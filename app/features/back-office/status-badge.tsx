import { useTranslation } from '~/platform/translation';
import type { SpaceStatus } from '#contract/spaces';
import { cn } from '~/ui/cn';

const STYLES: Record<SpaceStatus, string> = {
  draft: 'bg-secondary text-on-secondary',
  published: 'bg-success text-white',
  archived: 'bg-muted text-ink',
};

export function StatusBadge({ status }: { status: SpaceStatus }) {
  const { t } = useTranslation('backoffice');
  return (
    <span className={cn('rounded-full px-3 py-1 text-sm font-medium', STYLES[status])}>
      {t(`status.${status}`)}
    </span>
  );
}

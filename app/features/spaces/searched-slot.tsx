import { Search } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import type { Locale } from '#contract/locale';
import type { TBookingIntent } from '#contract/search';
import { formatCalendarDate } from '~/platform/format';
import { durationLabel } from './labels';

/** The search a visitor came with (date, time, length, people), said where its rooms are listed. */
export function SearchedSlot({ intent }: { intent: TBookingIntent }) {
  const { t, i18n } = useTranslation('spaces');
  const locale = i18n.language as Locale;
  const parts = [
    intent.date ? formatCalendarDate(intent.date, locale) : null,
    intent.date && intent.time ? t('space.searchedAt', { time: intent.time }) : null,
    intent.duration ? durationLabel(intent.duration, t) : null,
    intent.people ? t('capacity', { count: intent.people }) : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  return (
    <p className="bg-muted mb-4 flex items-start gap-2 rounded-lg px-4 py-3 text-sm">
      <Search aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        {t('space.searched', { what: parts.join(', ') })} {intent.date ? t('space.searchedOpens') : null}
      </span>
    </p>
  );
}

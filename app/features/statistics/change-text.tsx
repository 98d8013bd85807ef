import { changeKindOf, changeOf, type StatKind, type StatValue } from '#contract/statistics-tables';
import { useTranslation } from '~/platform/translation';
import { useLocale } from '~/platform/use-locale';
import { directionOf, formatRelative, formatStat } from './stat-format';

/**
 * The arrow beside a change, for the eye: a character, not an icon's SVG (a 50-room page shows a hundred of
 * them; as SVG they were a tenth of its HTML and of its render, decision 030).
 */
const ARROWS = { up: '↑', down: '↓', same: '→' } as const;

/**
 * How a figure moved since the period before, in its sign and in words ("+12 (+8 %) en hausse"), an arrow
 * beside them for the eye: never a colour alone. `change` is given when already worked out (a table's
 * change column); otherwise it is current − previous.
 */
export function ChangeText({
  kind,
  current = null,
  previous = null,
  change = changeOf(current, previous),
}: {
  /** The figure's kind (a rate changes by points). */
  kind: StatKind;
  current?: StatValue;
  previous?: StatValue;
  change?: StatValue;
}) {
  const { t } = useTranslation('statistics');
  const locale = useLocale();
  const direction = directionOf(change);
  if (direction === 'unknown') return <span className="text-ink-soft">{t('change.unknown')}</span>;
  const relative = kind === 'rate' || kind === 'points' ? null : formatRelative(current, previous, locale);
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-x-1">
      <span aria-hidden className="w-4 shrink-0 text-center font-bold">
        {ARROWS[direction]}
      </span>
      {direction === 'same' ? null : (
        <span className="font-medium tabular-nums">
          {formatStat(kind === 'points' ? 'points' : changeKindOf(kind), change, locale, true)}
          {relative ? ` (${relative})` : null}
        </span>
      )}
      <span>{t(`change.${direction}`)}</span>
    </span>
  );
}

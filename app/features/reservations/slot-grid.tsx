import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import type { Locale } from '#contract/locale';
import type { TSlot } from '#contract/reservations';
import { cn } from '~/ui/cn';
import { formatDateHeading } from './format';

interface SlotGridProps {
  /** The columns: local dates of the space (`YYYY-MM-DD`). */
  dates: string[];
  slots: TSlot[];
  locale: Locale;
  /** The chosen booking, to highlight its steps. */
  selection: { startsAt: string; endsAt: string } | null;
  onSelect: (slot: TSlot) => void;
  /** The grid's accessible name. */
  label: string;
}

interface Row {
  key: string;
  time: string;
  /** 1 for the second pass of a time the autumn clock change repeats. */
  repeat: number;
}

/** Rows are wall-clock times; a time repeated by the autumn change gets its own row, after the first. */
function rowsOf(slots: TSlot[]): { rows: Row[]; cells: Map<string, TSlot> } {
  const cells = new Map<string, TSlot>();
  const rows = new Map<string, Row>();
  const seen = new Map<string, number>();
  for (const slot of slots) {
    const dayKey = `${slot.date} ${slot.time}`;
    const repeat = seen.get(dayKey) ?? 0;
    seen.set(dayKey, repeat + 1);
    const key = repeat ? `${slot.time}#${repeat}` : slot.time;
    rows.set(key, { key, time: slot.time, repeat });
    cells.set(`${slot.date} ${key}`, slot);
  }
  const sorted = [...rows.values()].sort((a, b) => a.time.localeCompare(b.time) || a.repeat - b.repeat);
  return { rows: sorted, cells };
}

/** Where the grid takes focus first: the chosen start, else the earliest free start, else the first cell. */
function firstFocusCell(rows: Row[], cells: Map<string, TSlot>, dates: string[], chosen: string | null) {
  for (let r = 0; chosen && r < rows.length; r++) {
    for (let c = 0; c < dates.length; c++) {
      if (cells.get(`${dates[c]} ${rows[r]!.key}`)?.startsAt === chosen) return { row: r, col: c };
    }
  }
  for (let r = 0; r < rows.length; r++) {
    for (let c = 0; c < dates.length; c++) {
      if (cells.get(`${dates[c]} ${rows[r]!.key}`)?.state === 'free') return { row: r, col: c };
    }
  }
  return { row: 0, col: 0 };
}

const STATE_STYLE: Record<TSlot['state'], string> = {
  free: 'bg-surface text-primary-ink hover:bg-muted cursor-pointer font-medium',
  booked:
    'bg-muted text-ink-soft bg-[repeating-linear-gradient(135deg,transparent_0_6px,rgb(0_0_0/0.05)_6px_12px)]',
  unavailable: 'bg-muted/60 text-ink-soft',
};

/**
 * The availability calendar as an ARIA grid: one column per day, one row per step of the wall clock.
 * One cell is in the tab order at a time; arrow keys move between cells, Home/End to the row's ends,
 * Page Up/Down by four rows, Enter or Space chooses a free start.
 */
export function SlotGrid({ dates, slots, locale, selection, onSelect, label }: SlotGridProps) {
  const { t } = useTranslation('reservations');
  const { rows, cells } = rowsOf(slots);
  const firstFocus = firstFocusCell(rows, cells, dates, selection?.startsAt ?? null);
  const [focus, setFocus] = useState<{ row: number; col: number } | null>(null);
  const active = focus && focus.row < rows.length && focus.col < dates.length ? focus : firstFocus;
  const cellRefs = useRef(new Map<string, HTMLTableCellElement>());
  const scroller = useRef<HTMLDivElement>(null);
  // The chosen start (the one a search asked, say), else the earliest free one, may lie below the grid's
  // fold: the grid scrolls itself to it (never the page) when the dates or the choice change.
  const firstFocusSlot = cells.get(`${dates[firstFocus.col]} ${rows[firstFocus.row]?.key}`);
  const revealed = selection?.startsAt ?? (firstFocusSlot?.state === 'free' ? firstFocusSlot.startsAt : null);
  const datesKey = dates.join();
  useEffect(() => {
    const box = scroller.current;
    const cell = revealed ? box?.querySelector<HTMLElement>(`[data-starts-at="${revealed}"]`) : null;
    if (!box || !cell) return;
    const header = box.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    const top = cell.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    if (top - header < box.scrollTop || top + cell.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - header - cell.offsetHeight);
    }
  }, [revealed, datesKey]);

  const selected = (slot: TSlot | undefined) =>
    Boolean(slot && selection && slot.startsAt >= selection.startsAt && slot.startsAt < selection.endsAt);

  function move(row: number, col: number) {
    const next = {
      row: Math.max(0, Math.min(rows.length - 1, row)),
      col: Math.max(0, Math.min(dates.length - 1, col)),
    };
    setFocus(next);
    cellRefs.current.get(`${next.row}:${next.col}`)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableCellElement>, row: number, col: number, slot?: TSlot) {
    const moves: Record<string, () => void> = {
      ArrowUp: () => move(row - 1, col),
      ArrowDown: () => move(row + 1, col),
      ArrowLeft: () => move(row, col - 1),
      ArrowRight: () => move(row, col + 1),
      Home: () => (event.ctrlKey ? move(0, 0) : move(row, 0)),
      End: () => (event.ctrlKey ? move(rows.length - 1, dates.length - 1) : move(row, dates.length - 1)),
      PageUp: () => move(row - 4, col),
      PageDown: () => move(row + 4, col),
    };
    const action = moves[event.key];
    if (action) {
      event.preventDefault();
      action();
    } else if ((event.key === 'Enter' || event.key === ' ') && slot?.state === 'free') {
      event.preventDefault();
      onSelect(slot);
    }
  }

  if (rows.length === 0) return null;
  return (
    <div ref={scroller} className="border-line max-h-[32rem] overflow-auto rounded-xl border">
      <table role="grid" aria-label={label} className="w-full border-separate border-spacing-0 text-sm">
        <thead className="bg-surface sticky top-0 z-10">
          <tr>
            <th scope="col" className="border-line w-16 border-b p-2 text-left font-medium">
              <span className="sr-only">{t('grid.time')}</span>
            </th>
            {dates.map((date) => (
              <th key={date} scope="col" className="border-line border-b p-2 text-center font-medium">
                {formatDateHeading(locale, date)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={row.key}>
              <th
                scope="row"
                className="text-ink-soft border-line border-b px-2 py-1 text-left font-normal tabular-nums"
              >
                {row.time}
                {row.repeat ? <span className="block text-xs">{t('grid.repeated')}</span> : null}
              </th>
              {dates.map((date, c) => {
                const slot = cells.get(`${date} ${row.key}`);
                const isActive = active.row === r && active.col === c;
                const state = slot?.state;
                const name = `${formatDateHeading(locale, date)}, ${row.time}${row.repeat ? ` ${t('grid.repeated')}` : ''} : ${t(`grid.state.${state ?? 'closed'}`)}`;
                return (
                  <td
                    key={date}
                    ref={(element) => {
                      const key = `${r}:${c}`;
                      if (element) cellRefs.current.set(key, element);
                      else cellRefs.current.delete(key);
                    }}
                    role="gridcell"
                    tabIndex={isActive ? 0 : -1}
                    aria-label={name}
                    aria-selected={selected(slot)}
                    aria-disabled={state !== 'free' || undefined}
                    data-starts-at={slot?.startsAt}
                    data-state={state ?? 'closed'}
                    onKeyDown={(event) => onKeyDown(event, r, c, slot)}
                    onFocus={() => setFocus({ row: r, col: c })}
                    onClick={() => {
                      setFocus({ row: r, col: c });
                      if (slot?.state === 'free') onSelect(slot);
                    }}
                    className={cn(
                      'border-line h-9 border-b border-l px-1 text-center outline-offset-[-3px]',
                      selected(slot)
                        ? // The ring is drawn inside the cell, on the primary colour: in the colour made for it.
                          'bg-primary text-on-primary focus-visible:outline-on-primary font-semibold'
                        : state
                          ? STATE_STYLE[state]
                          : 'bg-muted/30',
                    )}
                  >
                    <span aria-hidden>
                      {selected(slot)
                        ? slot?.startsAt === selection?.startsAt
                          ? t('grid.short.start')
                          : ''
                        : state
                          ? t(`grid.short.${state}`)
                          : ''}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

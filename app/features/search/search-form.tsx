import { SlidersHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { Form, Link } from 'react-router';
import { AMENITIES, type Amenity } from '#contract/amenities.plain';
import { ROOM_KINDS } from '#contract/rooms.plain';
import type { TSearchFilters } from '#contract/search';
import { Button } from '~/ui/button';
import { Checkbox, choicesOf, FilterSelect, Input } from '~/ui/field';

/** Start times offered: every half hour from 07:00 to 22:00. */
const START_TIMES = Array.from({ length: 31 }, (_, index) => {
  const minutes = 7 * 60 + index * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
const DURATIONS = [30, 60, 90, 120, 180, 240, 480];

export type FilterChanges = Partial<Omit<TSearchFilters, 'page'>>;

/** What the form shows before the URL catches up: typed text, and a box ticked a moment ago. */
interface Draft {
  city: string;
  people: string;
  maxPrice: string;
  amenities: Amenity[];
}

function draftOf(filters: TSearchFilters): Draft {
  return {
    city: filters.city ?? '',
    people: filters.people ? String(filters.people) : '',
    maxPrice: filters.maxPrice ? String(filters.maxPrice) : '',
    amenities: filters.amenities ?? [],
  };
}

function numberOrUndefined(text: string): number | undefined {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * The search filters. Lists and dates apply at once; typed fields (city, people, budget) apply when the
 * field is left or the form is submitted, so results never jump while someone types. Without JavaScript
 * it is a plain GET form with the same parameter names.
 */
export function SearchForm({
  filters,
  cities,
  today,
  onApply,
  durationLabel,
}: {
  filters: TSearchFilters;
  cities: string[];
  today: string;
  onApply: (changes: FilterChanges) => void;
  durationLabel: (minutes: number) => string;
}) {
  const { t } = useTranslation('search');
  const { t: ts } = useTranslation('spaces');
  const cityListId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  // Back/forward or a link changed the URL: the typed fields follow it (adjusted while rendering).
  const [shownFilters, setShownFilters] = useState(filters);
  if (shownFilters !== filters) {
    setShownFilters(filters);
    setDraft(draftOf(filters));
  }

  const typed = (): FilterChanges => ({
    city: draft.city.trim() || undefined,
    people: numberOrUndefined(draft.people),
    maxPrice: numberOrUndefined(draft.maxPrice),
  });
  const applyTyped = () => {
    const changes = typed();
    if (
      changes.city !== filters.city ||
      changes.people !== filters.people ||
      changes.maxPrice !== filters.maxPrice
    ) {
      onApply(changes);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply(typed());
  };
  const toggleAmenity = (amenity: Amenity, on: boolean) => {
    const current = new Set(draft.amenities);
    if (on) current.add(amenity);
    else current.delete(amenity);
    const amenities = AMENITIES.filter((a) => current.has(a));
    setDraft((d) => ({ ...d, amenities }));
    onApply({ amenities });
  };
  // "More filters" opens by itself when one of them is in use, and otherwise stays as the person left it.
  const moreActive = Boolean(filters.amenities?.length || filters.maxPrice);
  const [moreOpen, setMoreOpen] = useState(moreActive);
  if (moreActive && !moreOpen) setMoreOpen(true);

  return (
    <Form
      method="get"
      action="/search"
      onSubmit={onSubmit}
      aria-label={t('filters')}
      className="flex flex-col gap-4"
    >
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
        <Input
          label={t('city')}
          name="city"
          value={draft.city}
          placeholder={t('cityPlaceholder')}
          list={cityListId}
          autoComplete="off"
          containerClassName="col-span-2 md:col-span-1"
          onChange={(event) => {
            const city = event.target.value;
            setDraft((d) => ({ ...d, city }));
            // Picking a suggestion is a choice: apply it at once.
            if (cities.includes(city) && city !== filters.city) onApply({ city });
          }}
          onBlur={applyTyped}
        />
        <datalist id={cityListId}>
          {cities.map((city) => (
            <option key={city} value={city} />
          ))}
        </datalist>
        <Input
          label={t('date')}
          type="date"
          name="date"
          min={today}
          value={filters.date ?? ''}
          onChange={(event) => {
            const date = event.target.value || undefined;
            onApply(date ? { date } : { date: undefined, time: undefined });
          }}
        />
        <FilterSelect
          label={t('time')}
          name="time"
          value={filters.time ?? ''}
          disabled={!filters.date}
          hint={filters.date ? t('timeFreeOnly') : t('timeNeedsDate')}
          onChange={(event) => onApply({ time: event.target.value || undefined })}
          anyLabel={t('anyTime')}
          choices={choicesOf(START_TIMES, (time) => time)}
        />
        <FilterSelect
          label={t('duration')}
          name="duration"
          value={filters.duration ?? ''}
          onChange={(event) => onApply({ duration: numberOrUndefined(event.target.value) })}
          anyLabel={t('anyDuration')}
          choices={choicesOf(DURATIONS, (minutes) => durationLabel(minutes))}
        />
        <Input
          label={t('people')}
          type="number"
          name="people"
          min={1}
          max={1000}
          inputMode="numeric"
          value={draft.people}
          onChange={(event) => setDraft((d) => ({ ...d, people: event.target.value }))}
          onBlur={applyTyped}
        />
        <FilterSelect
          label={t('kind')}
          name="kind"
          value={filters.kind ?? ''}
          onChange={(event) => onApply({ kind: (event.target.value || undefined) as TSearchFilters['kind'] })}
          anyLabel={t('anyKind')}
          choices={choicesOf(ROOM_KINDS, (kind) => ts(`kinds.${kind}`))}
        />
      </div>
      <details
        className="border-line rounded-xl border px-4 py-2"
        open={moreOpen}
        onToggle={(event) => setMoreOpen(event.currentTarget.open)}
      >
        <summary className="flex cursor-pointer items-center gap-2 py-1 font-medium">
          <SlidersHorizontal aria-hidden className="size-4" />
          {t('moreFilters')}
        </summary>
        <div className="flex flex-col gap-4 py-3">
          <fieldset>
            <legend className="mb-2 text-sm font-medium">{t('amenities')}</legend>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
              {AMENITIES.map((amenity) => (
                <Checkbox
                  key={amenity}
                  name="amenities"
                  value={amenity}
                  label={ts(`amenities.${amenity}`)}
                  checked={draft.amenities.includes(amenity)}
                  onChange={(event) => toggleAmenity(amenity, event.target.checked)}
                />
              ))}
            </div>
          </fieldset>
          <Input
            label={t('maxPrice')}
            hint={t('maxPriceHint')}
            type="number"
            name="maxPrice"
            min={1}
            inputMode="numeric"
            value={draft.maxPrice}
            containerClassName="max-w-xs"
            onChange={(event) => setDraft((d) => ({ ...d, maxPrice: event.target.value }))}
            onBlur={applyTyped}
          />
        </div>
      </details>
      {filters.sort !== 'price_asc' ? <input type="hidden" name="sort" value={filters.sort} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit">{t('submit')}</Button>
        <Link to="/search" className="text-primary-ink underline underline-offset-2 hover:no-underline">
          {t('reset')}
        </Link>
      </div>
    </Form>
  );
}

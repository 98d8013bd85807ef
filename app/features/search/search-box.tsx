import { Search } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '~/platform/translation';
import { Form } from 'react-router';
import { Button } from '~/ui/button';
import { Input } from '~/ui/field';
import { useSafeNavigate } from '~/platform/use-safe-navigate';

/** The home page's search: city, date, people; it opens /search with those filters in the URL. */
export function SearchBox({ cities, today }: { cities: string[]; today: string }) {
  const { t } = useTranslation('search');
  const cityListId = useId();
  const navigate = useSafeNavigate();
  return (
    <Form
      method="get"
      action="/search"
      // With JavaScript, empty fields stay out of the URL (`/search?city=Lyon`, not `…&date=&people=`).
      onSubmit={(event) => {
        event.preventDefault();
        const params = new URLSearchParams();
        for (const [key, value] of new FormData(event.currentTarget)) {
          if (typeof value === 'string' && value.trim()) params.set(key, value.trim());
        }
        void navigate(`/search?${params}`);
      }}
      aria-label={t('box.title')}
      className="bg-surface border-line grid grid-cols-2 gap-3 rounded-2xl border p-4 shadow-sm sm:grid-cols-[2fr_1.2fr_1fr_auto] sm:items-end"
    >
      <Input
        label={t('box.city')}
        name="city"
        placeholder={t('cityPlaceholder')}
        list={cityListId}
        autoComplete="off"
        containerClassName="col-span-2 sm:col-span-1"
      />
      <datalist id={cityListId}>
        {cities.map((city) => (
          <option key={city} value={city} />
        ))}
      </datalist>
      <Input label={t('box.date')} type="date" name="date" min={today} />
      <Input label={t('box.people')} type="number" name="people" min={1} max={1000} inputMode="numeric" />
      <Button type="submit" size="md" className="col-span-2 sm:col-span-1">
        <Search aria-hidden className="size-4" />
        {t('box.submit')}
      </Button>
    </Form>
  );
}

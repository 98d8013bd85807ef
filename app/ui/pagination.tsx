import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from './button';

/**
 * Previous / "page n of m" / next, as links (they work without JavaScript and can be opened in a new tab).
 * `hrefOf(page)` builds each page's URL, keeping the other parameters.
 */
export function Pagination({
  page,
  pages,
  hrefOf,
  labels,
}: {
  page: number;
  pages: number;
  hrefOf: (page: number) => string;
  labels: { nav: string; previous: string; next: string; status: string };
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={labels.nav} className="mt-8 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} rel="prev" preventScrollReset={false} className={buttonClass('outline')}>
          <ChevronLeft aria-hidden className="size-4" />
          {labels.previous}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-ink-soft text-sm" aria-current="page">
        {labels.status}
      </p>
      {page < pages ? (
        <Link to={hrefOf(page + 1)} rel="next" className={buttonClass('outline')}>
          {labels.next}
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from './cn';

const UNDERLINE_LINK = 'inline-block rounded-t-lg border-b-2 px-3 py-2 text-sm font-medium';
const FILLED_LINK = 'inline-flex items-center gap-2 rounded-t-lg px-4 py-2 text-sm';
const PILL_LINK = 'inline-block rounded-full border px-3 py-1 text-sm';

/**
 * How the row looks: each look's nav and list, and its current and other link, each whole (one look's link
 * is never joined with another look's state, and the class-conflict test reads each string as it is).
 */
const LOOKS = {
  /** Tabs on a line, the current one underlined (an area's sections, a page's scopes). */
  underline: {
    nav: 'border-line border-b',
    list: '-mb-px flex flex-wrap gap-1',
    current: `${UNDERLINE_LINK} border-primary text-primary-ink`,
    other: `${UNDERLINE_LINK} text-ink-soft hover:text-ink border-transparent`,
  },
  /** Tabs on a line, the current one filled with the brand colour. */
  filled: {
    nav: '',
    list: 'border-line flex gap-1 border-b',
    current: `${FILLED_LINK} bg-primary text-on-primary font-semibold`,
    other: `${FILLED_LINK} hover:bg-muted`,
  },
  /** Rounded chips that wrap (filters such as a status or a tag). */
  pills: {
    nav: '',
    list: 'flex flex-wrap gap-2',
    current: `${PILL_LINK} bg-primary text-on-primary border-primary font-semibold`,
    other: `${PILL_LINK} border-line hover:bg-muted`,
  },
} as const;

export interface LinkTab {
  /** Its React key. */
  id: string;
  to: string;
  current: boolean;
  children: ReactNode;
}

/**
 * A row of links to the views of one page or area, the current one marked for screen readers
 * (`aria-current="page"`) as well as by its look. Links, so each view has its URL and works without JavaScript.
 */
export function LinkTabs({
  label,
  tabs,
  look,
  className,
  preventScrollReset,
}: {
  /** The navigation's accessible name. */
  label: string;
  tabs: LinkTab[];
  look: keyof typeof LOOKS;
  className?: string;
  /** Keep the scroll position (filters inside a page). */
  preventScrollReset?: boolean;
}) {
  const classes = LOOKS[look];
  return (
    <nav aria-label={label} className={cn(classes.nav, className)}>
      <ul className={classes.list}>
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              to={tab.to}
              preventScrollReset={preventScrollReset}
              aria-current={tab.current ? 'page' : undefined}
              className={tab.current ? classes.current : classes.other}
            >
              {tab.children}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

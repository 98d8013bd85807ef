import type { ReactNode } from 'react';
import { cn } from '~/ui/cn';

/**
 * Long-form text: a readable measure (about 65 characters), spaced paragraphs and lists, headings that
 * keep their hierarchy. Child selectors so the translated paragraphs need no classes of their own.
 */
export const proseClass = cn(
  'max-w-prose text-base leading-7 text-ink [&>h2:first-child]:mt-0',
  '[&_h2]:mt-12 [&_h2]:scroll-mt-20 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-balance',
  '[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6',
);

/** The frame of every content page: a header band with the page's h1 and lead, then the body. */
export function ContentPage({
  title,
  lead,
  children,
  wide = false,
  aside,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  /** Pages made of cards and grids (pricing, software) use the full width; texts keep a narrow column. */
  wide?: boolean;
  /** Something beside the header text on wide screens (an illustration). */
  aside?: ReactNode;
}) {
  const width = wide ? 'max-w-6xl' : 'max-w-3xl';
  return (
    <main id="main">
      <header className="from-muted to-surface border-line border-b bg-gradient-to-b">
        <div className={cn('mx-auto flex items-center gap-8 px-4 py-10 sm:py-14', width)}>
          <div className="min-w-0 flex-1">
            <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
            {lead ? <p className="text-ink-soft mt-4 max-w-2xl text-lg text-pretty">{lead}</p> : null}
          </div>
          {aside ? <div className="hidden shrink-0 md:block">{aside}</div> : null}
        </div>
      </header>
      <div className={cn('mx-auto px-4 py-10 sm:py-12', width)}>{children}</div>
    </main>
  );
}

/**
 * A block of a content page under its own h2, which names it for screen readers. `band` sets it on the
 * muted background, as the pages' closing calls to action are.
 */
export function PageSection({
  id,
  title,
  className,
  band = false,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  band?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn(band && 'bg-muted rounded-2xl p-6 sm:p-10', className)}>
      <h2 id={id} className="text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

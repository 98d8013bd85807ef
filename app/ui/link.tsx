import type { ComponentProps } from 'react';
import type { Link as RouterLink } from 'react-router';
import { PreloadLink } from '~/platform/preload-link';
import { clsx } from 'clsx';

export const linkClass = 'text-primary-ink underline underline-offset-2 hover:no-underline';
/** A link among other controls (a header, a menu): underlined only on hover. */
const quietLinkClass = 'text-primary-ink underline-offset-2 no-underline hover:underline';

/**
 * An in-app link, styled as text (`quiet`: underlined on hover only). `className` adds layout and size, never
 * what the style sets: joined with clsx, not merged, so the page shell that uses it does not load
 * tailwind-merge (issue 18). Its route modules are preloaded when it is hovered or focused, through the
 * shared queue that keeps at most 4 preloads in flight (app/platform/route-preload.ts).
 */
export function TextLink({
  className,
  prefetch = 'intent',
  quiet = false,
  ...props
}: ComponentProps<typeof RouterLink> & { quiet?: boolean }) {
  return (
    <PreloadLink
      preload={prefetch === 'render' ? 'viewport' : prefetch}
      className={clsx(quiet ? quietLinkClass : linkClass, className)}
      {...props}
    />
  );
}

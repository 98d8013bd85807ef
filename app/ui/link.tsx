import type { ComponentProps } from 'react';
import type { Link as RouterLink } from 'react-router';
import { PreloadLink } from '~/platform/preload-link';
import { cn } from './cn';

export const linkClass = 'text-primary-ink underline underline-offset-2 hover:no-underline';

/**
 * An in-app link, styled as text; its route modules are preloaded when it is hovered or focused, through the
 * shared queue that keeps at most 4 preloads in flight (app/platform/route-preload.ts).
 */
export function TextLink({ className, prefetch = 'intent', ...props }: ComponentProps<typeof RouterLink>) {
  return (
    <PreloadLink
      preload={prefetch === 'render' ? 'viewport' : prefetch}
      className={cn(linkClass, className)}
      {...props}
    />
  );
}

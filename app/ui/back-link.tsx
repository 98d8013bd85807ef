import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { TextLink } from './link';

/** The way back to the page above (all spaces, a space from its room, the back office), in its own navigation. */
export function BackLink({
  to,
  label,
  className,
  children,
}: {
  to: string;
  /** The navigation's accessible name. */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <nav aria-label={label} className={clsx('text-sm', className)}>
      <TextLink to={to} className="inline-flex items-center gap-1">
        <ChevronLeft aria-hidden className="size-4" />
        {children}
      </TextLink>
    </nav>
  );
}

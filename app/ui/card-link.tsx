import type { ReactNode } from 'react';
import { PreloadLink } from '~/platform/preload-link';

/**
 * The link that makes a whole card clickable: it covers the card (which is `relative`), and its focus ring is
 * drawn around the card. Its route modules are preloaded on hover or focus, as a TextLink's.
 */
export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <PreloadLink
      to={to}
      className="after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-[-3px] focus-visible:after:outline-[var(--color-primary)]"
    >
      {children}
    </PreloadLink>
  );
}

import type { ReactNode } from 'react';
import { cn } from './cn';

/**
 * What went wrong, said where the person is looking (a dialog, a panel) rather than in a toast: read out at
 * once (role="alert"). Renders nothing when there is nothing to say.
 */
export function FailureText({ children, className }: { children: ReactNode; className?: string }) {
  if (children === null || children === undefined || children === '' || children === false) return null;
  return (
    <p role="alert" className={cn('text-danger text-sm', className)}>
      {children}
    </p>
  );
}

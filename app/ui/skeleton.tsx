import { cn } from './cn';

/** A grey block where content is loading; hidden from screen readers, which get the busy region instead. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('bg-muted animate-pulse rounded-md', className)} />;
}

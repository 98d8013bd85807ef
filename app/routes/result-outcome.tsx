import { CircleAlert, CircleCheck, Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '~/ui/cn';

const TONE = {
  success: { icon: CircleCheck, className: 'text-success' },
  waiting: { icon: Hourglass, className: 'text-amber-700' },
  failure: { icon: CircleAlert, className: 'text-danger' },
} as const;

/** The page's heading with its icon: success, waiting or failure. */
export function Outcome({
  tone,
  title,
  children,
}: {
  tone: keyof typeof TONE;
  title: string;
  children?: ReactNode;
}) {
  const { icon: Icon, className } = TONE[tone];
  return (
    <header className="flex items-start gap-3">
      <Icon aria-hidden className={cn('mt-1 size-8 shrink-0', className)} />
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {children ? <div className="text-ink-soft mt-2 text-lg">{children}</div> : null}
      </div>
    </header>
  );
}

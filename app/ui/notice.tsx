import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

const looks = {
  info: { icon: Info, className: 'border-primary/40 bg-primary/5', role: 'status' },
  success: { icon: CircleCheck, className: 'border-success/50 bg-success/5', role: 'status' },
  error: { icon: CircleAlert, className: 'border-danger/50 bg-danger/5', role: 'alert' },
} as const;

/** A message inside a page (not a toast): a form's outcome, a link that no longer works. */
export function Notice({
  tone = 'info',
  children,
  className,
}: {
  tone?: keyof typeof looks;
  children: ReactNode;
  className?: string;
}) {
  const { icon: Icon, className: toneClass, role } = looks[tone];
  return (
    <div role={role} className={cn('flex gap-3 rounded-lg border p-3 text-sm', toneClass, className)}>
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

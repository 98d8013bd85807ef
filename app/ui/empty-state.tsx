import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="border-line flex flex-col items-center gap-3 rounded-2xl border border-dashed p-10 text-center">
      <Icon aria-hidden className="text-ink-soft size-10" />
      <h2 className="text-lg font-semibold">{title}</h2>
      {children ? <div className="text-ink-soft max-w-md">{children}</div> : null}
      {action}
    </div>
  );
}

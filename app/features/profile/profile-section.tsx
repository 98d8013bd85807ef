import { useId, type ReactNode } from 'react';
import { cn } from '~/ui/cn';

/** One card of the profile page, labelled by its heading. */
export function ProfileSection({
  title,
  children,
  tone = 'normal',
}: {
  title: string;
  children: ReactNode;
  tone?: 'normal' | 'danger';
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn(
        'bg-surface rounded-2xl border p-5 sm:p-6',
        tone === 'danger' ? 'border-danger/40' : 'border-line',
      )}
    >
      <h2 id={id} className={cn('mb-4 text-lg font-semibold', tone === 'danger' && 'text-danger')}>
        {title}
      </h2>
      {children}
    </section>
  );
}

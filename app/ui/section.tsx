import type { ReactNode } from 'react';

/** A titled block of the back office or of the wizard. */
export function Section({
  title,
  hint,
  children,
  id,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
  id?: string;
}) {
  const headingId = id ?? `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section
      aria-labelledby={headingId}
      className="border-line bg-surface flex flex-col gap-4 rounded-2xl border p-5 sm:p-6"
    >
      <div>
        <h2 id={headingId} className="text-xl font-semibold">
          {title}
        </h2>
        {hint ? <p className="text-ink-soft mt-1 text-sm">{hint}</p> : null}
      </div>
      {children}
    </section>
  );
}

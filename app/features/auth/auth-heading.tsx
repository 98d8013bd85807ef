import type { ReactNode } from 'react';

/** The title and one-line introduction every /auth page starts with. */
export function AuthHeading({ title, intro }: { title: ReactNode; intro?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {intro ? <p className="text-ink-soft mt-2">{intro}</p> : null}
    </div>
  );
}

/** Escale's mark: a doorway on the primary colour, so it follows a space's branding. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
      <path d="M10 25V11a6 6 0 0 1 12 0v14" fill="none" stroke="var(--color-on-primary)" strokeWidth="3" />
      <circle cx="19" cy="18" r="1.6" fill="var(--color-secondary)" />
    </svg>
  );
}

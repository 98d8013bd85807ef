/** Our own drawing for the error page: an empty desk with a chair pushed back and a question mark. */
export function LostDeskIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 240 160" className={className} aria-hidden focusable="false">
      <rect x="0" y="0" width="240" height="160" rx="16" fill="var(--color-muted)" />
      <ellipse cx="120" cy="140" rx="90" ry="8" fill="#e7e5e4" />
      <rect x="40" y="78" width="130" height="10" rx="3" fill="var(--color-primary)" />
      <rect x="50" y="88" width="8" height="50" rx="2" fill="#78716c" />
      <rect x="152" y="88" width="8" height="50" rx="2" fill="#78716c" />
      <rect x="78" y="46" width="52" height="32" rx="4" fill="#44403c" />
      <rect x="83" y="51" width="42" height="22" rx="2" fill="#fafaf9" />
      <rect x="100" y="78" width="8" height="4" fill="#44403c" />
      <path d="M186 92h26v8h-26z" fill="var(--color-secondary)" />
      <path d="M190 100v36M208 100v36" stroke="#78716c" strokeWidth="5" strokeLinecap="round" />
      <path d="M206 92V64a6 6 0 0 1 6-6h0a6 6 0 0 1 6 6v28" fill="var(--color-secondary)" />
      <text x="104" y="70" textAnchor="middle" fontSize="20" fontWeight="700" fill="var(--color-primary)">
        ?
      </text>
    </svg>
  );
}

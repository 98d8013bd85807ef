import type { ReactNode } from 'react';

/**
 * Our own drawings of the management software (no screenshots, no external images). Colours come from the
 * theme's variables, so a space's brand colour recolours them too. Decorative: hidden from screen readers,
 * the text beside each says what it shows.
 */
const PRIMARY = 'var(--color-primary)';
const SECONDARY = 'var(--color-secondary)';
const MUTED = 'var(--color-muted)';
const LINE = 'var(--color-line)';
const SOFT = '#a8a29e';
const INK = '#44403c';

interface IllustrationProps {
  className?: string;
}

function Frame({ width, height, children }: { width: number; height: number; children: ReactNode }) {
  return (
    <>
      <rect x="0" y="0" width={width} height={height} rx="14" fill={MUTED} />
      {children}
    </>
  );
}

/** A browser window with the back office: menu, three figures, a bar chart and today's bookings. */
export function DashboardIllustration({ className }: IllustrationProps) {
  return (
    <svg viewBox="0 0 360 260" className={className} aria-hidden focusable="false">
      <rect x="4" y="8" width="352" height="244" rx="14" fill="#fff" stroke={LINE} strokeWidth="2" />
      <path d="M4 22a14 14 0 0 1 14-14h324a14 14 0 0 1 14 14v12H4z" fill={MUTED} />
      <circle cx="20" cy="21" r="4" fill="#f87171" />
      <circle cx="33" cy="21" r="4" fill={SECONDARY} />
      <circle cx="46" cy="21" r="4" fill="#4ade80" />
      <rect x="64" y="15" width="150" height="12" rx="6" fill="#fff" />
      <rect x="4" y="34" width="70" height="218" fill={MUTED} opacity="0.6" />
      {[52, 74, 96, 118, 140].map((y, index) => (
        <rect
          key={y}
          x="16"
          y={y}
          width={index === 0 ? 46 : 38}
          height="8"
          rx="4"
          fill={index === 0 ? PRIMARY : SOFT}
        />
      ))}
      {[88, 178, 268].map((x, index) => (
        <g key={x}>
          <rect x={x} y="48" width="80" height="46" rx="8" fill="#fff" stroke={LINE} />
          <rect x={x + 10} y="58" width="34" height="6" rx="3" fill={SOFT} />
          <rect
            x={x + 10}
            y="72"
            width={[48, 38, 54][index]}
            height="12"
            rx="4"
            fill={index === 1 ? SECONDARY : PRIMARY}
          />
        </g>
      ))}
      <rect x="88" y="106" width="150" height="132" rx="8" fill="#fff" stroke={LINE} />
      {[70, 48, 88, 60, 96, 78].map((height, index) => (
        <rect
          key={index}
          x={102 + index * 22}
          y={226 - height}
          width="14"
          height={height}
          rx="3"
          fill={index === 4 ? SECONDARY : PRIMARY}
          opacity={index === 4 ? 1 : 0.85}
        />
      ))}
      <rect x="248" y="106" width="100" height="132" rx="8" fill="#fff" stroke={LINE} />
      {[120, 152, 184].map((y, index) => (
        <g key={y}>
          <rect x="258" y={y} width="6" height="24" rx="3" fill={index === 1 ? SECONDARY : PRIMARY} />
          <rect x="270" y={y + 2} width="64" height="7" rx="3.5" fill={INK} opacity="0.7" />
          <rect x="270" y={y + 14} width="40" height="6" rx="3" fill={SOFT} />
        </g>
      ))}
    </svg>
  );
}

/** A day planner: rooms down the side, hours across, bookings as blocks, a closed evening hatched. */
export function PlanningIllustration({ className }: IllustrationProps) {
  const rows = [40, 84, 128, 172];
  const bookings = [
    { row: 0, from: 0, to: 2, color: PRIMARY },
    { row: 0, from: 3, to: 4, color: SECONDARY },
    { row: 1, from: 1, to: 4, color: PRIMARY },
    { row: 2, from: 0, to: 1, color: SECONDARY },
    { row: 2, from: 2, to: 3, color: PRIMARY },
    { row: 3, from: 1, to: 3, color: SECONDARY },
  ];
  // Six hour columns fill the sheet from x = 88 to its edge at 304; the last one is after closing time.
  const column = (index: number) => 88 + index * 36;
  return (
    <svg viewBox="0 0 320 220" className={className} aria-hidden focusable="false">
      <Frame width={320} height={220}>
        <rect x="16" y="16" width="288" height="190" rx="10" fill="#fff" stroke={LINE} />
        {[0, 1, 2, 3, 4, 5].map((index) => (
          <g key={index}>
            <line x1={column(index)} y1="28" x2={column(index)} y2="198" stroke={LINE} />
            <rect x={column(index) + 8} y="24" width="20" height="6" rx="3" fill={SOFT} />
          </g>
        ))}
        {rows.map((y) => (
          <g key={y}>
            <rect x="26" y={y + 10} width="54" height="8" rx="4" fill={INK} opacity="0.7" />
            <line x1="26" y1={y + 36} x2="296" y2={y + 36} stroke={LINE} />
          </g>
        ))}
        {bookings.map(({ row, from, to, color }, index) => (
          <rect
            key={index}
            x={column(from) + 3}
            y={rows[row]! + 4}
            width={(to - from + 1) * 36 - 6}
            height="26"
            rx="6"
            fill={color}
          />
        ))}
        <rect x={column(5) + 3} y="40" width="30" height="158" rx="6" fill={SOFT} opacity="0.35" />
        <circle cx="284" cy="182" r="16" fill="#fff" stroke={PRIMARY} strokeWidth="3" />
        <path d="M284 173v9l6 4" stroke={PRIMARY} strokeWidth="3" fill="none" strokeLinecap="round" />
      </Frame>
    </svg>
  );
}

/** A pass card and an invoice with its lines and total. */
export function InvoiceIllustration({ className }: IllustrationProps) {
  return (
    <svg viewBox="0 0 320 220" className={className} aria-hidden focusable="false">
      <Frame width={320} height={220}>
        <g transform="rotate(-8 90 120)">
          <rect x="28" y="62" width="128" height="82" rx="12" fill={PRIMARY} />
          <circle cx="56" cy="90" r="12" fill="#fff" opacity="0.9" />
          <rect x="76" y="84" width="62" height="8" rx="4" fill="#fff" opacity="0.9" />
          <rect x="44" y="114" width="96" height="6" rx="3" fill="#fff" opacity="0.6" />
          <rect x="44" y="126" width="60" height="6" rx="3" fill="#fff" opacity="0.6" />
        </g>
        <rect x="150" y="22" width="140" height="180" rx="8" fill="#fff" stroke={LINE} strokeWidth="2" />
        <rect x="166" y="38" width="56" height="10" rx="5" fill={INK} opacity="0.8" />
        <rect x="244" y="38" width="32" height="10" rx="5" fill={SECONDARY} />
        {[68, 88, 108, 128].map((y) => (
          <g key={y}>
            <rect x="166" y={y} width="70" height="7" rx="3.5" fill={SOFT} />
            <rect x="252" y={y} width="24" height="7" rx="3.5" fill={SOFT} />
          </g>
        ))}
        <line x1="166" y1="150" x2="276" y2="150" stroke={LINE} strokeWidth="2" />
        <rect x="166" y="162" width="40" height="9" rx="4.5" fill={INK} opacity="0.8" />
        <rect x="236" y="160" width="40" height="13" rx="5" fill={PRIMARY} />
        <path
          d="M262 186l6 6 12-12"
          stroke="var(--color-success)"
          strokeWidth="4"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </Frame>
    </svg>
  );
}

/** An event card with its filling gauge, members around it and a shared folder. */
export function CommunityIllustration({ className }: IllustrationProps) {
  const people = [
    { x: 44, y: 60, color: SECONDARY },
    { x: 44, y: 118, color: PRIMARY },
    { x: 44, y: 176, color: INK },
  ];
  return (
    <svg viewBox="0 0 320 220" className={className} aria-hidden focusable="false">
      <Frame width={320} height={220}>
        {people.map(({ x, y, color }) => (
          <g key={y}>
            <circle cx={x} cy={y - 8} r="11" fill={color} opacity="0.9" />
            <path d={`M${x - 18} ${y + 22}a18 16 0 0 1 36 0z`} fill={color} opacity="0.9" />
          </g>
        ))}
        <rect x="86" y="24" width="130" height="150" rx="12" fill="#fff" stroke={LINE} strokeWidth="2" />
        <rect x="86" y="24" width="130" height="40" rx="12" fill={PRIMARY} />
        <rect x="86" y="50" width="130" height="14" fill={PRIMARY} />
        <rect x="100" y="36" width="40" height="8" rx="4" fill="#fff" />
        <text x="151" y="112" textAnchor="middle" fontSize="34" fontWeight="700" fill={INK}>
          18
        </text>
        <rect x="100" y="134" width="102" height="10" rx="5" fill={MUTED} />
        <rect x="100" y="134" width="78" height="10" rx="5" fill={SECONDARY} />
        <rect x="100" y="152" width="60" height="6" rx="3" fill={SOFT} />
        <path
          d="M232 116h26l8 10h34v64a6 6 0 0 1-6 6h-62a6 6 0 0 1-6-6v-68a6 6 0 0 1 6-6z"
          fill={SECONDARY}
        />
        <rect x="232" y="132" width="68" height="64" rx="6" fill="#fbbf24" />
        <rect x="246" y="150" width="40" height="6" rx="3" fill="#fff" opacity="0.8" />
        <rect x="246" y="162" width="28" height="6" rx="3" fill="#fff" opacity="0.8" />
      </Frame>
    </svg>
  );
}

/** An occupancy chart: bars per month, a trend line and a gauge. */
export function StatisticsIllustration({ className }: IllustrationProps) {
  const bars = [54, 72, 64, 90, 104, 96, 120];
  const points = bars.map((height, index) => `${40 + index * 30},${176 - height - 14}`).join(' ');
  return (
    <svg viewBox="0 0 320 220" className={className} aria-hidden focusable="false">
      <Frame width={320} height={220}>
        <rect x="16" y="16" width="288" height="190" rx="10" fill="#fff" stroke={LINE} />
        {[56, 96, 136, 176].map((y) => (
          <line key={y} x1="28" y1={y} x2="232" y2={y} stroke={LINE} strokeDasharray="4 4" />
        ))}
        {bars.map((height, index) => (
          <rect
            key={index}
            x={30 + index * 30}
            y={176 - height}
            width="20"
            height={height}
            rx="4"
            fill={PRIMARY}
            opacity="0.8"
          />
        ))}
        <polyline
          points={points}
          fill="none"
          stroke={SECONDARY}
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="268" cy="88" r="26" fill="none" stroke={MUTED} strokeWidth="10" />
        <circle
          cx="268"
          cy="88"
          r="26"
          fill="none"
          stroke={SECONDARY}
          strokeWidth="10"
          strokeDasharray={`${2 * Math.PI * 26 * 0.72} ${2 * Math.PI * 26}`}
          transform="rotate(-90 268 88)"
          strokeLinecap="round"
        />
        <rect x="246" y="140" width="44" height="8" rx="4" fill={SOFT} />
        <rect x="246" y="156" width="30" height="8" rx="4" fill={SOFT} />
      </Frame>
    </svg>
  );
}

/** A space's own site: its colour on the page header and buttons, a palette to choose it. */
export function BrandingIllustration({ className }: IllustrationProps) {
  const swatches = ['#4f46e5', '#0f766e', '#be123c', '#c2410c', '#1d4ed8'];
  return (
    <svg viewBox="0 0 320 220" className={className} aria-hidden focusable="false">
      <Frame width={320} height={220}>
        <rect x="20" y="20" width="210" height="180" rx="10" fill="#fff" stroke={LINE} strokeWidth="2" />
        <path d="M20 30a10 10 0 0 1 10-10h190a10 10 0 0 1 10 10v12H20z" fill={MUTED} />
        <rect x="56" y="26" width="120" height="10" rx="5" fill="#fff" />
        <circle cx="64" cy="31" r="3" fill="#0f766e" />
        <rect x="20" y="42" width="210" height="54" fill="#0f766e" />
        <rect x="36" y="58" width="80" height="10" rx="5" fill="#fff" />
        <rect x="36" y="74" width="120" height="7" rx="3.5" fill="#fff" opacity="0.7" />
        {[110, 132].map((y) => (
          <rect key={y} x="36" y={y} width="178" height="10" rx="5" fill={MUTED} />
        ))}
        <rect x="36" y="160" width="70" height="24" rx="6" fill="#0f766e" />
        <rect x="114" y="160" width="70" height="24" rx="6" fill="#fff" stroke={LINE} />
        <rect x="244" y="34" width="60" height="150" rx="12" fill="#fff" stroke={LINE} strokeWidth="2" />
        {swatches.map((color, index) => (
          <circle
            key={color}
            cx="274"
            cy={58 + index * 26}
            r="10"
            fill={color}
            stroke={index === 1 ? INK : 'none'}
            strokeWidth="3"
          />
        ))}
      </Frame>
    </svg>
  );
}

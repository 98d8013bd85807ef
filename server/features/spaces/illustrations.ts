/**
 * Flat SVG illustrations of a space's rooms, drawn here from a kind and a colour: the demo data's photos.
 * Nothing is downloaded; the same inputs always give the same file.
 */
import type { RoomKind } from '#contract/rooms';

export type IllustrationScene = RoomKind | 'lounge' | 'facade';

const WIDTH = 1200;
const HEIGHT = 800;

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** `color` mixed with white (`amount` > 0) or black (`amount` < 0). */
function shade(hex: string, amount: number): string {
  const target = amount >= 0 ? 255 : 0;
  const mix = Math.abs(amount);
  return `#${channels(hex)
    .map((c) =>
      Math.round(c + (target - c) * mix)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

interface Palette {
  wall: string;
  floor: string;
  accent: string;
  accentDark: string;
  wood: string;
  ink: string;
  glass: string;
}

function paletteOf(color: string, variant: number): Palette {
  const walls = ['#f5f1ea', '#eef2f3', '#f3efe8', '#eef0f6'];
  return {
    wall: walls[variant % walls.length] ?? '#f5f1ea',
    floor: variant % 2 ? '#d9c7ad' : '#cdb89b',
    accent: color,
    accentDark: shade(color, -0.35),
    wood: '#b0835a',
    ink: '#2b2724',
    glass: shade(color, 0.78),
  };
}

function windowPane(x: number, y: number, w: number, h: number, p: Palette): string {
  return `<g><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${p.glass}" stroke="#ffffff" stroke-width="10"/>
<line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="#ffffff" stroke-width="8"/>
<line x1="${x}" y1="${y + h / 2}" x2="${x + w}" y2="${y + h / 2}" stroke="#ffffff" stroke-width="8"/>
<path d="M${x + 20} ${y + h - 20} l${w * 0.3} ${-h * 0.35} l${w * 0.2} ${h * 0.2} l${w * 0.25} ${-h * 0.3}" fill="none" stroke="${p.accent}" stroke-opacity="0.25" stroke-width="10"/></g>`;
}

function plant(x: number, y: number, scale: number, p: Palette): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})">
<path d="M0 0 C-40 -60 -50 -120 -10 -170 C0 -110 10 -60 0 0Z" fill="#4f7f52"/>
<path d="M0 0 C40 -50 70 -110 40 -160 C20 -100 10 -50 0 0Z" fill="#6b9b62"/>
<path d="M0 0 C-10 -70 10 -140 0 -200 C25 -140 20 -70 0 0Z" fill="#3f6e45"/>
<path d="M-40 0 h80 l-12 70 h-56z" fill="${p.accentDark}"/></g>`;
}

function chair(x: number, y: number, p: Palette, flip = false): string {
  const t = flip ? `translate(${x} ${y}) scale(-1 1)` : `translate(${x} ${y})`;
  return `<g transform="${t}"><rect x="-28" y="-90" width="56" height="70" rx="14" fill="${p.accent}"/>
<rect x="-34" y="-26" width="68" height="22" rx="8" fill="${p.accentDark}"/>
<rect x="-4" y="-4" width="8" height="40" fill="${p.ink}"/><rect x="-30" y="34" width="60" height="8" rx="4" fill="${p.ink}"/></g>`;
}

function meetingRoom(p: Palette): string {
  const chairs = [360, 480, 600, 720, 840].map((x) => `${chair(x, 470, p)}${chair(x, 640, p)}`).join('');
  return `${windowPane(80, 110, 240, 300, p)}
<rect x="430" y="110" width="420" height="240" rx="10" fill="${p.ink}"/>
<rect x="448" y="128" width="384" height="204" rx="4" fill="${shade(p.accent, 0.55)}"/>
<rect x="480" y="170" width="180" height="18" rx="9" fill="${p.accentDark}"/><rect x="480" y="205" width="300" height="14" rx="7" fill="#ffffff"/>
<rect x="480" y="232" width="240" height="14" rx="7" fill="#ffffff"/>
<rect x="960" y="130" width="150" height="200" rx="8" fill="#ffffff" stroke="${p.accentDark}" stroke-width="6"/>
<path d="M985 180 h100 M985 220 h70 M985 260 h90" stroke="${p.accent}" stroke-width="8" stroke-linecap="round"/>
${chairs.slice(0, chairs.length)}
<rect x="300" y="520" width="620" height="70" rx="35" fill="${p.wood}"/>
<rect x="320" y="590" width="16" height="90" fill="${p.ink}"/><rect x="884" y="590" width="16" height="90" fill="${p.ink}"/>
<rect x="560" y="500" width="70" height="26" rx="4" fill="${p.ink}"/>${plant(1080, 640, 1, p)}`;
}

function privateOffice(p: Palette): string {
  return `${windowPane(720, 100, 380, 330, p)}
<rect x="90" y="140" width="260" height="330" rx="6" fill="${p.wood}"/>
<rect x="110" y="170" width="220" height="10" fill="${shade(p.wood, -0.3)}"/><rect x="110" y="280" width="220" height="10" fill="${shade(p.wood, -0.3)}"/>
<rect x="110" y="390" width="220" height="10" fill="${shade(p.wood, -0.3)}"/>
<rect x="130" y="205" width="26" height="75" fill="${p.accent}"/><rect x="162" y="215" width="22" height="65" fill="${p.accentDark}"/>
<rect x="190" y="200" width="30" height="80" fill="#e4d3b8"/><rect x="240" y="315" width="70" height="75" rx="6" fill="${p.glass}"/>
<rect x="420" y="470" width="560" height="40" rx="8" fill="${p.wood}"/>
<rect x="450" y="510" width="20" height="170" fill="${p.ink}"/><rect x="930" y="510" width="20" height="170" fill="${p.ink}"/>
<rect x="560" y="360" width="200" height="120" rx="8" fill="${p.ink}"/><rect x="575" y="375" width="170" height="92" fill="${shade(p.accent, 0.5)}"/>
<rect x="640" y="480" width="40" height="10" fill="${p.ink}"/>
<circle cx="860" cy="440" r="30" fill="${p.accent}"/><rect x="856" y="380" width="8" height="60" fill="${p.ink}"/>
${chair(660, 640, p)}${plant(1080, 650, 1.1, p)}`;
}

function desks(p: Palette): string {
  const row = (y: number, scale: number) =>
    [0, 1, 2]
      .map((i) => {
        const x = 170 + i * 330;
        return `<g transform="translate(${x} ${y}) scale(${scale})">
<rect x="0" y="0" width="280" height="26" rx="6" fill="${p.wood}"/>
<rect x="12" y="26" width="12" height="110" fill="${p.ink}"/><rect x="256" y="26" width="12" height="110" fill="${p.ink}"/>
<rect x="90" y="-70" width="110" height="66" rx="6" fill="${p.ink}"/><rect x="98" y="-62" width="94" height="50" fill="${shade(p.accent, 0.5)}"/>
<rect x="135" y="-6" width="20" height="8" fill="${p.ink}"/>
<path d="M240 0 v-60 l-30 -20" stroke="${p.ink}" stroke-width="6" fill="none"/><circle cx="206" cy="-82" r="14" fill="${p.accent}"/></g>`;
      })
      .join('');
  return `${windowPane(80, 80, 300, 220, p)}${windowPane(450, 80, 300, 220, p)}${windowPane(820, 80, 300, 220, p)}
${row(380, 0.8)}${chair(290, 560, p)}${chair(620, 560, p)}${chair(950, 560, p)}
${row(560, 1)}${plant(80, 700, 0.9, p)}`;
}

function eventHall(p: Palette): string {
  const seats = [0, 1, 2]
    .map((line) =>
      [0, 1, 2, 3, 4, 5, 6]
        .map((i) => {
          const x = 190 + i * 140 + (line % 2) * 20;
          const y = 520 + line * 90;
          return `<rect x="${x}" y="${y}" width="90" height="60" rx="14" fill="${line % 2 ? p.accentDark : p.accent}"/>`;
        })
        .join(''),
    )
    .join('');
  return `<rect x="250" y="300" width="700" height="90" fill="${p.wood}"/>
<rect x="250" y="390" width="700" height="18" fill="${shade(p.wood, -0.35)}"/>
<rect x="330" y="80" width="540" height="200" rx="6" fill="${p.ink}"/><rect x="345" y="95" width="510" height="170" fill="${shade(p.accent, 0.6)}"/>
<path d="M380 240 l100 -80 l80 50 l120 -100 l130 130" stroke="${p.accentDark}" stroke-width="14" fill="none"/>
<rect x="585" y="230" width="30" height="70" fill="${p.ink}"/><rect x="560" y="220" width="80" height="16" rx="4" fill="${p.ink}"/>
<path d="M150 60 l60 160 M1050 60 l-60 160" stroke="${p.ink}" stroke-width="8"/>
<path d="M210 220 l-40 40 h80z M990 220 l-40 40 h80z" fill="#fde68a" fill-opacity="0.7"/>${seats}`;
}

function lounge(p: Palette): string {
  return `${windowPane(90, 90, 420, 330, p)}
<rect x="560" y="130" width="520" height="60" rx="8" fill="${p.wood}"/>
<circle cx="640" cy="240" r="30" fill="#fde68a"/><rect x="636" y="190" width="8" height="30" fill="${p.ink}"/>
<circle cx="820" cy="240" r="30" fill="#fde68a"/><rect x="816" y="190" width="8" height="30" fill="${p.ink}"/>
<circle cx="1000" cy="240" r="30" fill="#fde68a"/><rect x="996" y="190" width="8" height="30" fill="${p.ink}"/>
<rect x="580" y="420" width="500" height="40" rx="10" fill="${p.ink}"/>
<rect x="600" y="460" width="14" height="160" fill="${p.ink}"/><rect x="1046" y="460" width="14" height="160" fill="${p.ink}"/>
<rect x="660" y="370" width="50" height="50" rx="6" fill="${p.accent}"/><path d="M710 380 h18 v24 h-18" stroke="${p.accent}" stroke-width="6" fill="none"/>
<rect x="120" y="480" width="400" height="130" rx="40" fill="${p.accent}"/>
<rect x="100" y="560" width="440" height="80" rx="30" fill="${p.accentDark}"/>
<rect x="130" y="640" width="14" height="40" fill="${p.ink}"/><rect x="496" y="640" width="14" height="40" fill="${p.ink}"/>
<circle cx="230" cy="520" r="34" fill="${shade(p.accent, 0.5)}"/>${plant(1120, 660, 1, p)}`;
}

function facade(p: Palette): string {
  const windows = [0, 1, 2]
    .flatMap((floor) =>
      [0, 1, 2, 3].map(
        (i) =>
          `<rect x="${270 + i * 180}" y="${130 + floor * 150}" width="120" height="100" rx="4" fill="${p.glass}" stroke="#ffffff" stroke-width="8"/>`,
      ),
    )
    .join('');
  return `<rect x="0" y="0" width="${WIDTH}" height="${HEIGHT}" fill="${shade(p.accent, 0.85)}"/>
<circle cx="1040" cy="120" r="60" fill="#fde68a"/>
<rect x="220" y="80" width="760" height="620" fill="#efe6d8"/><rect x="200" y="60" width="800" height="30" fill="${p.accentDark}"/>
${windows}
<rect x="520" y="580" width="160" height="120" fill="${p.accentDark}"/><rect x="596" y="580" width="8" height="120" fill="#efe6d8"/>
<rect x="470" y="545" width="260" height="30" rx="4" fill="${p.accent}"/>
<rect x="0" y="700" width="${WIDTH}" height="100" fill="#9ca3af"/><rect x="0" y="690" width="${WIDTH}" height="14" fill="#d1d5db"/>
${plant(160, 700, 1.2, p)}${plant(1040, 700, 1.2, p)}`;
}

const SCENES: Record<IllustrationScene, (p: Palette) => string> = {
  meeting_room: meetingRoom,
  private_office: privateOffice,
  desk: desks,
  event_hall: eventHall,
  lounge,
  facade,
};

/** An SVG document (1200×800) of `scene` in `color`; `variant` varies the walls and floor. */
export function illustrationSvg(scene: IllustrationScene, color: string, variant = 0): string {
  const palette = paletteOf(/^#[0-9a-f]{6}$/i.test(color) ? color : '#4f46e5', variant);
  const room =
    scene === 'facade'
      ? ''
      : `<rect width="${WIDTH}" height="${HEIGHT}" fill="${palette.wall}"/>
<rect y="${HEIGHT * 0.78}" width="${WIDTH}" height="${HEIGHT * 0.22}" fill="${palette.floor}"/>
<rect y="${HEIGHT * 0.78 - 8}" width="${WIDTH}" height="10" fill="${shade(palette.floor, -0.25)}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">${room}${SCENES[scene](palette)}</svg>\n`;
}

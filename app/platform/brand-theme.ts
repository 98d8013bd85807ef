/**
 * A space's colour replaces the primary colour. Text on it must stay readable (WCAG AA, 4.5:1), so the
 * text colour is white or near-black, whichever contrasts more, and links use a darkened "ink" of the colour.
 */
const WHITE = '#ffffff';
const DARK = '#1c1917';
/** For the few mid-tone colours where neither white nor the ink colour reaches AA, pure black always does. */
const BLACK = '#000000';
/** The lightest and darkest page backgrounds a primary-ink link sits on (`--color-surface`, `--color-muted`). */
const INK_BACKGROUNDS = ['#ffffff', '#f5f5f4'];
export const AA_CONTRAST = 4.5;
/** Each darkening step keeps this share of every channel; enough steps reach near-black from any colour. */
const DARKEN_FACTOR = 0.9;
const MAX_DARKEN_STEPS = 40;

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The text colour for `background`: white or near-black, whichever reads better, and pure black when even
 * the better of the two stays under AA (mid tones around 18 % luminance).
 */
export function textColorOn(background: string): string {
  const onWhite = contrastRatio(background, WHITE);
  const onDark = contrastRatio(background, DARK);
  const best = onWhite >= onDark ? WHITE : DARK;
  return Math.max(onWhite, onDark) >= AA_CONTRAST ? best : BLACK;
}

function readsOnEveryBackground(hex: string): boolean {
  return INK_BACKGROUNDS.every((background) => contrastRatio(hex, background) >= AA_CONTRAST);
}

/** The colour darkened step by step until it reads as text on every page background. */
export function inkOf(color: string): string {
  let rgb = channels(color);
  for (let step = 0; step < MAX_DARKEN_STEPS && !readsOnEveryBackground(toHex(rgb)); step++) {
    rgb = rgb.map((c) => c * DARKEN_FACTOR) as [number, number, number];
  }
  return toHex(rgb);
}

/** The CSS custom properties that re-brand every page, for a valid `#rrggbb` colour. */
export function brandThemeCss(color: string | null | undefined): string | null {
  if (!color || !/^#[0-9a-f]{6}$/i.test(color)) return null;
  const primary = color.toLowerCase();
  return `:root{--color-primary:${primary};--color-primary-ink:${inkOf(primary)};--color-on-primary:${textColorOn(primary)}}`;
}

import { describe, expect, it } from 'vitest';
import {
  AA_CONTRAST,
  brandThemeCss,
  contrastRatio,
  inkOf,
  relativeLuminance,
  textColorOn,
} from './brand-theme';

/** Every 17th step of each channel: 4 096 colours across the whole cube, greys included. */
function sampleColours(): string[] {
  const steps = Array.from({ length: 16 }, (_, i) => i * 17);
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return steps.flatMap((r) => steps.flatMap((g) => steps.map((b) => `#${hex(r)}${hex(g)}${hex(b)}`)));
}

describe('contrast arithmetic (WCAG 2.1)', () => {
  it('gives black on white 21:1 and a colour on itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0f766e', '#0f766e')).toBe(1);
  });

  it('computes relative luminance at both ends', () => {
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#000000')).toBe(0);
  });
});

describe('text on the brand colour', () => {
  it.each([
    ['#0f766e', '#ffffff'],
    ['#4f46e5', '#ffffff'],
    ['#b45309', '#ffffff'],
    ['#fde047', '#1c1917'],
    ['#f5f5f4', '#1c1917'],
  ])('%s carries %s text', (background, text) => {
    expect(textColorOn(background)).toBe(text);
  });

  it('falls back to pure black on a mid tone where neither white nor the ink colour reaches AA', () => {
    expect(textColorOn('#777777')).toBe('#000000');
  });

  it('keeps AA contrast (4.5:1) for the text on any colour', () => {
    for (const colour of sampleColours()) {
      expect(contrastRatio(colour, textColorOn(colour)), colour).toBeGreaterThanOrEqual(AA_CONTRAST);
    }
  });
});

describe('the ink of the brand colour (links on the page)', () => {
  it('keeps a dark colour as it is', () => {
    expect(inkOf('#0f766e')).toBe('#0f766e');
  });

  it('darkens a light colour until it reads on white and on the muted background', () => {
    for (const colour of sampleColours()) {
      const ink = inkOf(colour);
      expect(contrastRatio(ink, '#ffffff'), colour).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(contrastRatio(ink, '#f5f5f4'), colour).toBeGreaterThanOrEqual(AA_CONTRAST);
    }
  });
});

describe('brandThemeCss', () => {
  it("sets the primary colour, its ink and the text on it from a space's colour", () => {
    expect(brandThemeCss('#0F766E')).toBe(
      ':root{--color-primary:#0f766e;--color-primary-ink:#0f766e;--color-on-primary:#ffffff}',
    );
  });

  it.each([[null], [undefined], [''], ['teal'], ['#0f766'], ['#0f766e;}body{display:none']])(
    'gives nothing for %j, so the default theme stays',
    (colour) => {
      expect(brandThemeCss(colour)).toBeNull();
    },
  );
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buttonClass } from './button';
import { cn } from './cn';

/** The colour names of the theme in app.css (`--color-primary-ink` → `primary-ink`). */
const themeColours = [
  ...readFileSync(new URL('../app.css', import.meta.url), 'utf8').matchAll(/--color-([\w-]+):/g),
].map((match) => match[1]!);

describe('cn', () => {
  it('lets a colour given after a variant win over the variant’s colour', () => {
    const classes = cn(buttonClass('outline'), 'text-danger').split(' ');
    expect(classes).toContain('text-danger');
    expect(classes).not.toContain('text-ink');
    expect(classes).toContain('border-line');
  });

  it('merges every theme colour as a colour, and keeps a text size beside it', () => {
    expect(themeColours).toContain('danger');
    for (const colour of themeColours) {
      expect(cn('text-ink', `text-${colour}`)).toBe(`text-${colour}`);
      expect(cn('bg-surface', `bg-${colour}`)).toBe(`bg-${colour}`);
      expect(cn('text-sm', `text-${colour}`)).toBe(`text-sm text-${colour}`);
    }
  });

  it('keeps conditional and variant classes apart', () => {
    expect(cn('p-2', false, undefined, { 'font-bold': true })).toBe('p-2 font-bold');
    expect(cn('text-ink hover:text-danger')).toBe('text-ink hover:text-danger');
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SPRITE_FILE, spriteOf } from '../../../scripts/icon-sprite';
import { PLACE_ICON_NAMES } from './place-icon-names';

describe('the places’ icon sprite', () => {
  it('is what the installed lucide-react draws for every amenity and kind of room (`npm run icons`)', async () => {
    const names = Object.values(PLACE_ICON_NAMES).flatMap((group) => Object.values(group));
    const sprite = readFileSync(SPRITE_FILE, 'utf8');
    expect(sprite).toBe(await spriteOf(names));
    for (const name of names) expect(sprite).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`);
  });
});
